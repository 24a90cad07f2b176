/** The header's Help Center button. */
import { CircleHelp } from "lucide-react";
import { useHelp } from "@/components/help/help-context";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";

export function HelpButton() {
  const t = useT();
  const { showHelp } = useHelp();
  return (
    <Button variant="ghost" size="icon" aria-label={t("components.helpButton.openHelpCenter")} data-tour="help-button" onClick={() => showHelp()}>
      <CircleHelp aria-hidden="true" />
    </Button>
  );
}

/** The header's Help Center button. */
import { CircleHelp } from "lucide-react";
import { useHelp } from "@/components/help/help-context";
import { Button } from "@/components/ui/button";

export function HelpButton() {
  const { showHelp } = useHelp();
  return (
    <Button variant="ghost" size="icon" aria-label="Open Help Center" data-tour="help-button" onClick={() => showHelp()}>
      <CircleHelp aria-hidden="true" />
    </Button>
  );
}

/** The header's profile-completion button: ghost with a check at 100, secondary at 50 or more, outline below. */
import { CircleCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useFormat, useT } from "@/lib/i18n";

export function completionVariant(percent: number): "ghost" | "secondary" | "outline" {
  if (percent >= 100) return "ghost";
  if (percent >= 50) return "secondary";
  return "outline";
}

export function CompletionButton({ percent, onClick }: { percent: number; onClick: () => void }) {
  const t = useT();
  const fmt = useFormat();
  const variant = completionVariant(percent);
  return (
    <Button
      variant={variant}
      size="sm"
      onClick={onClick}
      aria-label={t("shell.completionButton.profileCompleteOpenProfile", { percent: fmt.percent(percent / 100, { digits: 0 }) })}
      data-testid="completion-button"
    >
      {percent >= 100 && <CircleCheck className="text-success" aria-hidden="true" data-testid="completion-check" />}
      <span>{fmt.percent(percent / 100, { digits: 0 })}</span>
    </Button>
  );
}

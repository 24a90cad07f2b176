/** The header's profile-completion button: ghost with a check at 100, secondary at 50 or more, outline below. */
import { CircleCheck } from "lucide-react";
import { Button } from "@/components/ui/button";

export function completionVariant(percent: number): "ghost" | "secondary" | "outline" {
  if (percent >= 100) return "ghost";
  if (percent >= 50) return "secondary";
  return "outline";
}

export function CompletionButton({ percent, onClick }: { percent: number; onClick: () => void }) {
  const variant = completionVariant(percent);
  return (
    <Button
      variant={variant}
      size="sm"
      onClick={onClick}
      aria-label={`Profile ${percent}% complete. Open profile setup`}
      data-testid="completion-button"
    >
      {percent >= 100 && <CircleCheck className="text-success" aria-hidden="true" data-testid="completion-check" />}
      <span>{percent}%</span>
    </Button>
  );
}

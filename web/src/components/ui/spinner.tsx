import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";
import { useT } from "@/lib/i18n";

/** A centred loading spinner with an accessible label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const t = useT();
  return (
    <div role="status" aria-live="polite" className={cn("flex items-center justify-center p-8", className)}>
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">{label ?? t("components.loading")}</span>
    </div>
  );
}

import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

/** A centred loading spinner with an accessible label. */
export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex items-center justify-center p-8", className)}>
      <LoaderCircle className="size-8 animate-spin text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** Slider in the shadcn/ui style (Radix Slider: arrow keys, Page Up/Down, Home/End; the thumb is the role="slider"
 * element, so it carries the accessible name and value text). */
import { Slider as Primitive } from "radix-ui";
import type * as React from "react";
import { cn } from "@/lib/utils";

export function Slider({ className, thumbLabel, valueText, ...props }: React.ComponentProps<typeof Primitive.Root> & {
  thumbLabel: string;
  valueText?: string;
}) {
  return (
    <Primitive.Root className={cn("relative flex w-full touch-none select-none items-center py-2", className)} {...props}>
      <Primitive.Track className="relative h-2 w-full grow overflow-hidden rounded-full bg-secondary">
        <Primitive.Range className="absolute h-full bg-primary" />
      </Primitive.Track>
      <Primitive.Thumb
        aria-label={thumbLabel}
        aria-valuetext={valueText}
        className="block size-5 rounded-full border-2 border-primary bg-background shadow transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:pointer-events-none disabled:opacity-50"
      />
    </Primitive.Root>
  );
}

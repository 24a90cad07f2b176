/** A side panel in the shadcn/ui "Sheet" style: a Radix dialog fixed to the right edge (focus trap, Escape). */
import { X } from "lucide-react";
import { Dialog as Primitive } from "radix-ui";
import type * as React from "react";
import { useReturnFocus } from "@/components/ui/return-focus";
import { cn } from "@/lib/utils";
import { useT } from "@/lib/i18n";

export const Sheet = Primitive.Root;
export const SheetTitle = Primitive.Title;
export const SheetDescription = Primitive.Description;

export function SheetContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: React.ComponentProps<typeof Primitive.Content>) {
  const t = useT();
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <Primitive.Portal>
      <Primitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <Primitive.Content
        className={cn(
          "fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col border-l bg-background shadow-xl outline-none",
          className,
        )}
        style={{ paddingTop: "var(--safe-top)", paddingBottom: "var(--safe-bottom)" }}
        {...props}
        {...returnFocus}
      >
        {children}
        <Primitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100" aria-label={t("components.sheet.close")}>
          <X className="size-4" aria-hidden="true" />
        </Primitive.Close>
      </Primitive.Content>
    </Primitive.Portal>
  );
}

/** Radix's modal dialog gives focus back to its Trigger on close; a dialog opened from state (a header button, a
 * shortcut, a row's menu) has no Trigger, so focus fell to <body> and keyboard users started again from the top.
 * This remembers what had focus when the dialog opened and returns focus there on close. */
import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

export function useReturnFocus(onOpenAutoFocus?: AutoFocusHandler, onCloseAutoFocus?: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      const el = opener.current;
      opener.current = null;
      if (el?.isConnected) {
        event.preventDefault();
        el.focus({ preventScroll: true });
      }
    },
  };
}

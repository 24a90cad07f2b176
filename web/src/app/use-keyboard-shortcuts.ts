/** Global keyboard shortcuts (spec section 2), ignored while typing in a field.
 * Ctrl/Cmd + d a s p b r and Alt + 1-6. */
import { useEffect } from "react";
import { useNavigate } from "react-router";

export const CTRL_SHORTCUTS: Record<string, string> = {
  d: "/",
  a: "/analysis",
  s: "/settings",
  p: "/progress",
  b: "/budgeting",
  r: "/resources",
};
export const ALT_SHORTCUTS: Record<string, string> = {
  "1": "/",
  "2": "/analysis",
  "3": "/progress",
  "4": "/budgeting",
  "5": "/settings",
  "6": "/resources",
};

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.getAttribute("role") === "textbox";
}

/** The path a key event maps to, or null. */
export function shortcutTarget(e: Pick<KeyboardEvent, "key" | "code" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey" | "target">): string | null {
  if (isTypingTarget(e.target) || e.shiftKey) return null;
  if ((e.ctrlKey || e.metaKey) && !e.altKey) return CTRL_SHORTCUTS[e.key.toLowerCase()] ?? null;
  if (e.altKey && !e.ctrlKey && !e.metaKey) {
    // Alt+digit types another character on some layouts: read the physical key.
    const digit = /^Digit([1-6])$/.exec(e.code)?.[1] ?? e.key;
    return ALT_SHORTCUTS[digit] ?? null;
  }
  return null;
}

export function useKeyboardShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const to = shortcutTarget(e);
      if (!to) return;
      e.preventDefault();
      navigate(to);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate]);
}

/** Global keyboard shortcuts: "g" then a letter goes to a screen, "?" lists them. They are plain keys with no
 * modifier, so every browser shortcut (Ctrl/Cmd+P prints, +R reloads, +D bookmarks, +A selects all) stays the
 * browser's. They are ignored while typing, inside menus and dialogs, and with any modifier held, and people can
 * turn them off (WCAG 2.1.4, character key shortcuts): the choice is kept in localStorage and read on every key. */
import { useEffect, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { SHORTCUT_SCREENS } from "@/components/layout/nav-links";
import { local } from "@/lib/storage";

/** The second key must follow "g" within this time. */
export const SEQUENCE_MS = 1500;
export const STORAGE_KEY = "fire-path-shortcuts";

/** Letter → path, from the one list of screens. */
export const GO_SHORTCUTS: Record<string, string> = Object.fromEntries(SHORTCUT_SCREENS.map((s) => [s.key, s.to]));

// A tiny store for the two things the header, the layout and the dialog share: whether shortcuts are on, and
// whether the list is open.
const listeners = new Set<() => void>();
let listOpen = false;
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === STORAGE_KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
};

export const shortcutsEnabled = () => local.get(STORAGE_KEY) !== "off";
export function setShortcutsEnabled(on: boolean): void {
  local.set(STORAGE_KEY, on ? "on" : "off");
  emit();
}
export const useShortcutsEnabled = () => useSyncExternalStore(subscribe, shortcutsEnabled, () => true);

export function setShortcutListOpen(open: boolean): void {
  listOpen = open;
  emit();
}
export const useShortcutListOpen = () => useSyncExternalStore(subscribe, () => listOpen, () => false);

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  // isContentEditable, or the attribute for environments without it (jsdom).
  if (target.isContentEditable || target.closest('[contenteditable]:not([contenteditable="false"])')) return true;
  const tag = target.tagName;
  return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || target.getAttribute("role") === "textbox";
}

/** Menus and dialogs have their own keys (type-ahead, Escape): shortcuts stay out of them. */
const inWidget = (target: EventTarget | null) =>
  target instanceof Element && target.closest('[role="menu"],[role="dialog"],[role="alertdialog"],[role="listbox"]') !== null;

type Key = Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey" | "target" | "repeat" | "isComposing" | "defaultPrevented">;
export type Action = { go: string } | { list: true } | null;

/** The state machine behind the hook: feed it key events, it answers what to do. `now` is injectable for tests. */
export function createShortcutReader(now: () => number = () => Date.now()) {
  let gAt: number | null = null;
  return function read(e: Key): Action {
    const pending = gAt;
    gAt = null;
    if (!shortcutsEnabled() || e.defaultPrevented || e.repeat || e.isComposing) return null;
    if (e.ctrlKey || e.metaKey || e.altKey || isTypingTarget(e.target) || inWidget(e.target)) return null;
    if (e.key === "?") return { list: true };
    if (e.shiftKey) return null;
    const key = e.key.toLowerCase();
    if (pending !== null && now() - pending <= SEQUENCE_MS) {
      const to = GO_SHORTCUTS[key];
      if (to) return { go: to };
    }
    if (key === "g") gAt = now();
    return null;
  };
}

export function useKeyboardShortcuts(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const read = createShortcutReader();
    const onKey = (e: KeyboardEvent) => {
      const action = read(e);
      if (!action) return;
      e.preventDefault();
      if ("go" in action) navigate(action.go);
      else setShortcutListOpen(true);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [navigate]);
}

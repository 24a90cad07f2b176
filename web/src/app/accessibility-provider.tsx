/** Accessibility settings (spec section 4): reduced motion and high contrast from system preferences at start,
 * keyboard-navigation mode on Tab and off on a mouse press, font size (medium by default), and screen-reader
 * announcements through a live region removed after 1000 ms. Choices the user makes are kept locally. */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { local } from "@/lib/storage";

export type FontSize = "small" | "medium" | "large" | "x-large";
export interface AccessibilitySettings {
  reducedMotion: boolean;
  highContrast: boolean;
  fontSize: FontSize;
}

interface AccessibilityContextValue extends AccessibilitySettings {
  keyboardNavigation: boolean;
  update: (patch: Partial<AccessibilitySettings>) => void;
  announce: (message: string, politeness?: "polite" | "assertive") => void;
}

export const ACCESSIBILITY_STORAGE_KEY = "fire-path-accessibility";
export const ANNOUNCEMENT_LIFETIME_MS = 1000;

const AccessibilityContext = createContext<AccessibilityContextValue | null>(null);

const prefers = (query: string) => typeof window.matchMedia === "function" && window.matchMedia(query).matches;

function initialSettings(): AccessibilitySettings {
  const fromSystem: AccessibilitySettings = {
    reducedMotion: prefers("(prefers-reduced-motion: reduce)"),
    highContrast: prefers("(prefers-contrast: more)"),
    fontSize: "medium",
  };
  try {
    const saved = JSON.parse(local.get(ACCESSIBILITY_STORAGE_KEY) ?? "null") as Partial<AccessibilitySettings> | null;
    return saved ? { ...fromSystem, ...saved } : fromSystem;
  } catch {
    return fromSystem;
  }
}

/** Put `message` in a fresh live region for assistive technology; the element is removed after 1000 ms. */
export function announce(message: string, politeness: "polite" | "assertive" = "polite"): HTMLElement {
  const el = document.createElement("div");
  el.setAttribute("role", politeness === "assertive" ? "alert" : "status");
  el.setAttribute("aria-live", politeness);
  el.setAttribute("aria-atomic", "true");
  el.className = "sr-only";
  el.dataset.announcement = "";
  document.body.appendChild(el);
  // Set the text after insertion so screen readers notice the change.
  window.setTimeout(() => (el.textContent = message), 10);
  window.setTimeout(() => el.remove(), ANNOUNCEMENT_LIFETIME_MS);
  return el;
}

export function AccessibilityProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<AccessibilitySettings>(initialSettings);
  const [keyboardNavigation, setKeyboardNavigation] = useState(false);

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle("reduce-motion", settings.reducedMotion);
    root.classList.toggle("high-contrast", settings.highContrast);
    root.classList.remove("font-small", "font-medium", "font-large", "font-x-large");
    root.classList.add(`font-${settings.fontSize}`);
  }, [settings]);

  useEffect(() => {
    document.documentElement.classList.toggle("keyboard-nav", keyboardNavigation);
  }, [keyboardNavigation]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Tab" && setKeyboardNavigation(true);
    const onMouse = () => setKeyboardNavigation(false);
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onMouse);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onMouse);
    };
  }, []);

  const update = useCallback((patch: Partial<AccessibilitySettings>) => {
    setSettings((s) => {
      const next = { ...s, ...patch };
      local.set(ACCESSIBILITY_STORAGE_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  const announceCb = useCallback((m: string, p?: "polite" | "assertive") => void announce(m, p), []);

  const value = useMemo(
    () => ({ ...settings, keyboardNavigation, update, announce: announceCb }),
    [settings, keyboardNavigation, update, announceCb],
  );
  return <AccessibilityContext.Provider value={value}>{children}</AccessibilityContext.Provider>;
}

export function useAccessibility(): AccessibilityContextValue {
  const ctx = useContext(AccessibilityContext);
  if (!ctx) throw new Error("useAccessibility must be used within an AccessibilityProvider");
  return ctx;
}

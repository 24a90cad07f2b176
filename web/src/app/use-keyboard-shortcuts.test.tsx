import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import {
  createShortcutReader,
  GO_SHORTCUTS,
  SEQUENCE_MS,
  setShortcutListOpen,
  setShortcutsEnabled,
  STORAGE_KEY,
  useKeyboardShortcuts,
  useShortcutListOpen,
} from "@/app/use-keyboard-shortcuts";
import { SHORTCUT_SCREENS } from "@/components/layout/nav-links";

function Harness() {
  useKeyboardShortcuts();
  const { pathname } = useLocation();
  const listOpen = useShortcutListOpen();
  return (
    <>
      <output data-testid="path">{pathname}</output>
      <output data-testid="list">{String(listOpen)}</output>
      <input aria-label="amount" />
      <textarea aria-label="notes" />
      <div contentEditable suppressContentEditableWarning aria-label="rich" />
      <div role="menu"><button type="button" role="menuitem">Item</button></div>
    </>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<Harness />} />
      </Routes>
    </MemoryRouter>,
  );

const path = () => screen.getByTestId("path").textContent;
/** A key pressed on the page, as the browser sends it; returns whether the page took it (preventDefault). */
const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) =>
  !fireEvent.keyDown(target, { key, ...init });

afterEach(() => {
  localStorage.removeItem(STORAGE_KEY);
  act(() => setShortcutListOpen(false));
});

describe("keyboard shortcuts: g then a letter", () => {
  it("goes to the screen of every listed letter", () => {
    renderAt("/fire-dashboard");
    for (const { key, to } of SHORTCUT_SCREENS) {
      press("g");
      expect(press(key)).toBe(true);
      expect(path()).toBe(to);
    }
    expect(GO_SHORTCUTS).toMatchObject({ a: "/analysis", p: "/progress", c: "/calculators", f: "/fire-report", m: "/community" });
  });

  it("has one letter per screen", () => {
    const keys = SHORTCUT_SCREENS.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).not.toContain("g");
  });

  it("leaves the browser's own keys alone: Ctrl/Cmd/Alt combinations are never taken", () => {
    renderAt("/fire-report");
    for (const key of ["p", "r", "a", "d", "s", "b"]) {
      expect(press(key, { ctrlKey: true })).toBe(false);
      expect(press(key, { metaKey: true })).toBe(false);
    }
    expect(press("3", { altKey: true, code: "Digit3" })).toBe(false);
    // Not even in the middle of a sequence.
    press("g");
    expect(press("p", { ctrlKey: true })).toBe(false);
    expect(path()).toBe("/fire-report");
  });

  it("needs the letter right after g, and soon", () => {
    let now = 0;
    const read = createShortcutReader(() => now);
    const key = (k: string) => read({ key: k, ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target: document.body, repeat: false, isComposing: false, defaultPrevented: false });
    expect(key("a")).toBeNull();
    key("g");
    now = SEQUENCE_MS + 1;
    expect(key("a")).toBeNull();
    key("g");
    expect(key("x")).toBeNull();
    expect(key("a")).toBeNull();
    key("g");
    now += SEQUENCE_MS;
    expect(key("a")).toEqual({ go: "/analysis" });
  });

  it("is ignored while typing in inputs, text areas and editable text, and inside menus", () => {
    renderAt("/fire-dashboard");
    for (const label of ["amount", "notes", "rich"]) {
      const field = screen.getByLabelText(label);
      press("g", {}, field);
      expect(press("a", {}, field)).toBe(false);
      expect(press("?", { shiftKey: true }, field)).toBe(false);
    }
    const item = screen.getByRole("menuitem");
    press("g", {}, item);
    press("a", {}, item);
    expect(path()).toBe("/fire-dashboard");
  });

  it("? opens the list", () => {
    renderAt("/fire-dashboard");
    expect(press("?", { shiftKey: true })).toBe(true);
    expect(screen.getByTestId("list")).toHaveTextContent("true");
  });

  it("turned off, does nothing at once, and works again when turned on", () => {
    renderAt("/fire-dashboard");
    act(() => setShortcutsEnabled(false));
    expect(localStorage.getItem(STORAGE_KEY)).toBe("off");
    press("g");
    expect(press("a")).toBe(false);
    expect(press("?", { shiftKey: true })).toBe(false);
    expect(path()).toBe("/fire-dashboard");
    expect(screen.getByTestId("list")).toHaveTextContent("false");
    act(() => setShortcutsEnabled(true));
    press("g");
    press("a");
    expect(path()).toBe("/analysis");
  });
});

import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { shortcutTarget, useKeyboardShortcuts } from "@/app/use-keyboard-shortcuts";

function Harness() {
  useKeyboardShortcuts();
  const { pathname } = useLocation();
  return (
    <>
      <output data-testid="path">{pathname}</output>
      <input aria-label="amount" />
      <textarea aria-label="notes" />
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

describe("keyboard shortcuts (spec section 2)", () => {
  it("maps Ctrl/Cmd letters and Alt digits", () => {
    renderAt("/fire-dashboard");
    fireEvent.keyDown(document.body, { key: "a", ctrlKey: true });
    expect(screen.getByTestId("path")).toHaveTextContent("/analysis");
    fireEvent.keyDown(document.body, { key: "s", metaKey: true });
    expect(screen.getByTestId("path")).toHaveTextContent("/settings");
    fireEvent.keyDown(document.body, { key: "¾", code: "Digit3", altKey: true });
    expect(screen.getByTestId("path")).toHaveTextContent("/progress");
    fireEvent.keyDown(document.body, { key: "d", ctrlKey: true });
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/$/);
  });

  it("is ignored while typing in inputs and text areas", () => {
    renderAt("/fire-dashboard");
    fireEvent.keyDown(screen.getByLabelText("amount"), { key: "a", ctrlKey: true });
    fireEvent.keyDown(screen.getByLabelText("notes"), { key: "5", code: "Digit5", altKey: true });
    expect(screen.getByTestId("path")).toHaveTextContent("/fire-dashboard");
  });

  it("ignores other combinations", () => {
    const target = document.body;
    expect(shortcutTarget({ key: "x", code: "KeyX", ctrlKey: true, metaKey: false, altKey: false, shiftKey: false, target })).toBeNull();
    expect(shortcutTarget({ key: "a", code: "KeyA", ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, target })).toBeNull();
    expect(shortcutTarget({ key: "7", code: "Digit7", ctrlKey: false, metaKey: false, altKey: true, shiftKey: false, target })).toBeNull();
    expect(shortcutTarget({ key: "b", code: "KeyB", ctrlKey: true, metaKey: false, altKey: false, shiftKey: false, target })).toBe("/budgeting");
    expect(shortcutTarget({ key: "6", code: "Digit6", ctrlKey: false, metaKey: false, altKey: true, shiftKey: false, target })).toBe("/resources");
  });
});

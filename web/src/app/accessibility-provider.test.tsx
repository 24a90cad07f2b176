import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AccessibilityProvider, announce, useAccessibility } from "@/app/accessibility-provider";

function Probe() {
  const a = useAccessibility();
  return (
    <>
      <output data-testid="kbd">{String(a.keyboardNavigation)}</output>
      <button onClick={() => a.update({ fontSize: "large" })}>bigger</button>
    </>
  );
}

describe("accessibility (spec section 4)", () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
    document.documentElement.className = "";
  });

  it("turns keyboard navigation on with Tab and off with a mouse press", () => {
    render(<AccessibilityProvider><Probe /></AccessibilityProvider>);
    expect(screen.getByTestId("kbd")).toHaveTextContent("false");
    fireEvent.keyDown(document, { key: "Tab" });
    expect(screen.getByTestId("kbd")).toHaveTextContent("true");
    expect(document.documentElement).toHaveClass("keyboard-nav");
    fireEvent.mouseDown(document);
    expect(screen.getByTestId("kbd")).toHaveTextContent("false");
  });

  it("defaults the font size to medium and applies a change to the root", () => {
    render(<AccessibilityProvider><Probe /></AccessibilityProvider>);
    expect(document.documentElement).toHaveClass("font-medium");
    fireEvent.click(screen.getByText("bigger"));
    expect(document.documentElement).toHaveClass("font-large");
    expect(JSON.parse(localStorage.getItem("fire-path-accessibility")!).fontSize).toBe("large");
  });

  it("announces in a live region that is removed after 1000 ms", () => {
    vi.useFakeTimers();
    const el = announce("Budget saved");
    expect(el).toHaveAttribute("aria-live", "polite");
    act(() => void vi.advanceTimersByTime(20));
    expect(el).toHaveTextContent("Budget saved");
    expect(document.body.contains(el)).toBe(true);
    act(() => void vi.advanceTimersByTime(1000));
    expect(document.body.contains(el)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { keyboardInset } from "@/pages/coach/use-keyboard-inset";

describe("keyboardInset", () => {
  it("is the part of the page the keyboard covers when only the visual viewport shrinks (iOS)", () => {
    expect(keyboardInset(844, { height: 508, offsetTop: 0 })).toBe(336);
  });

  it("leaves out what the visual viewport was scrolled by", () => {
    expect(keyboardInset(844, { height: 508, offsetTop: 100 })).toBe(236);
  });

  it("is 0 when the layout viewport resized with the keyboard, or without a VisualViewport", () => {
    expect(keyboardInset(400, { height: 400, offsetTop: 0 })).toBe(0);
    expect(keyboardInset(400, { height: 399.5, offsetTop: 0 })).toBe(0); // rounding, not a keyboard
    expect(keyboardInset(844, null)).toBe(0);
  });
});

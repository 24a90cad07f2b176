import { render, renderHook, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY, ThemeProvider, useTheme } from "@/app/theme-provider";

function Toggle() {
  const { theme, toggleTheme } = useTheme();
  return <button onClick={toggleTheme}>{theme}</button>;
}

describe("theme (spec section 4)", () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.className = "";
  });

  it("is dark by default and applied as a class on the root element", () => {
    render(<ThemeProvider><Toggle /></ThemeProvider>);
    expect(screen.getByRole("button")).toHaveTextContent("dark");
    expect(document.documentElement).toHaveClass("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
  });

  it("toggles and saves under fire-path-theme", async () => {
    render(<ThemeProvider><Toggle /></ThemeProvider>);
    await userEvent.click(screen.getByRole("button"));
    expect(document.documentElement).toHaveClass("light");
    expect(document.documentElement).not.toHaveClass("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
  });

  it("uses a saved light theme and ignores anything else", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "light");
    const { unmount } = render(<ThemeProvider><Toggle /></ThemeProvider>);
    expect(screen.getByRole("button")).toHaveTextContent("light");
    unmount();
    localStorage.setItem(THEME_STORAGE_KEY, "sepia");
    render(<ThemeProvider><Toggle /></ThemeProvider>);
    expect(screen.getByRole("button")).toHaveTextContent("dark");
  });

  it("throws outside its provider", () => {
    expect(() => renderHook(() => useTheme())).toThrow(/ThemeProvider/);
  });
});

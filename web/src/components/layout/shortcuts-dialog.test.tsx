import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { shortcutsEnabled, STORAGE_KEY } from "@/app/use-keyboard-shortcuts";
import { EN_CA } from "@firepath/shared/i18n/en-CA";
import { SHORTCUT_SCREENS } from "@/components/layout/nav-links";
import ShortcutsDialog from "@/components/layout/shortcuts-dialog";

afterEach(() => localStorage.removeItem(STORAGE_KEY));

describe("the shortcut list", () => {
  it("lists g then each screen's letter, and ? for itself", () => {
    render(<ShortcutsDialog open onOpenChange={() => {}} />);
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1).map((r) => r.textContent);
    expect(rows).toEqual([...SHORTCUT_SCREENS.map((s) => `gthen${s.key}${EN_CA[s.label]}`), "?This list"]);
  });

  it("has a named switch that turns the shortcuts off and on, saved on this device", async () => {
    const user = userEvent.setup();
    render(<ShortcutsDialog open onOpenChange={() => {}} />);
    const toggle = screen.getByRole("switch", { name: "Keyboard shortcuts" });
    expect(toggle).toHaveAccessibleDescription(/speech input/);
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(shortcutsEnabled()).toBe(false);
    expect(localStorage.getItem(STORAGE_KEY)).toBe("off");
    await user.click(toggle);
    expect(shortcutsEnabled()).toBe(true);
  });
});

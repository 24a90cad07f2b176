import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { setShortcutListOpen, setShortcutsEnabled, STORAGE_KEY, useShortcutListOpen } from "@/app/use-keyboard-shortcuts";
import { MoreMenu } from "@/components/layout/more-menu";
import { HEADER_LINKS, MOBILE_LINKS } from "@/components/layout/nav-links";

function Harness({ variant }: { variant: "header" | "bar" }) {
  const { pathname } = useLocation();
  const listOpen = useShortcutListOpen();
  return (
    <>
      <MoreMenu shown={variant === "header" ? HEADER_LINKS : MOBILE_LINKS} variant={variant} />
      <output data-testid="path">{pathname}</output>
      <output data-testid="list">{String(listOpen)}</output>
    </>
  );
}

const renderAt = (path: string, variant: "header" | "bar") =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<Harness variant={variant} />} />
      </Routes>
    </MemoryRouter>,
  );

afterEach(() => {
  localStorage.removeItem(STORAGE_KEY);
  act(() => setShortcutListOpen(false));
});

describe("More menu", () => {
  it("on the header lists the screens the header does not show, grouped, with their shortcuts", async () => {
    const user = userEvent.setup();
    renderAt("/progress", "header");
    await user.click(screen.getByRole("button", { name: "More" }));
    const menu = await screen.findByRole("menu");
    const items = within(menu).getAllByRole("menuitem").map((i) => i.textContent);
    expect(items).toEqual(["Progressg p", "Analyticsg n", "FIRE Reportg f", "Calculatorsg c", "Communityg m", "Keyboard shortcuts?"]);
    expect(within(menu).getAllByRole("group").map((g) => g.getAttribute("aria-labelledby") && document.getElementById(g.getAttribute("aria-labelledby")!)?.textContent))
      .toEqual(["Plan", "Tools", "Learn and share"]);
    expect(within(menu).getByRole("menuitem", { name: "Progress" })).toHaveAttribute("aria-current", "page");
    await user.click(within(menu).getByRole("menuitem", { name: "Calculators" }));
    expect(screen.getByTestId("path")).toHaveTextContent("/calculators");
  });

  it("opens the shortcut list, and hides the key hints when shortcuts are off", async () => {
    const user = userEvent.setup();
    act(() => setShortcutsEnabled(false));
    renderAt("/fire-dashboard", "header");
    await user.click(screen.getByRole("button", { name: "More" }));
    const menu = await screen.findByRole("menu");
    expect(menu).not.toHaveTextContent("g p");
    await user.click(within(menu).getByRole("menuitem", { name: "Keyboard shortcuts" }));
    expect(screen.getByTestId("list")).toHaveTextContent("true");
  });

  it("on the phone bar holds Strategies and Resources too, and works from the keyboard", async () => {
    const user = userEvent.setup();
    renderAt("/fire-dashboard", "bar");
    screen.getByRole("button", { name: "More" }).focus();
    await user.keyboard("{Enter}");
    const menu = await screen.findByRole("menu");
    const names = within(menu).getAllByRole("menuitem").map((i) => i.textContent);
    expect(names).toEqual(["Progress", "Analytics", "FIRE Report", "Calculators", "Strategies", "Resources", "Community"]);
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}");
    expect(screen.getByTestId("path")).toHaveTextContent(/^\/strategies$/);
  });
});

import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { MemoryRouter, useLocation } from "react-router";
import { type Completion, completionQuery } from "@/api/completion";
import ProfileSetupDialog, { badgeFor } from "@/components/profile-setup/profile-setup-dialog";
import { createQueryClient } from "@/lib/query-client";

// The API's sections in its order (api/completion/service.py), with scores of a partly filled profile.
const SECTIONS: [string, string, "Essential" | "Important" | "Optional", string, number][] = [
  ["profile", "Personal Profile", "Essential", "/settings/profile", 100],
  ["income", "Income Sources", "Essential", "/settings/income", 100],
  ["expenses", "Monthly Expenses", "Essential", "/settings/expenses", 40],
  ["budgeting", "Budget Planning", "Important", "/settings/budgeting", 0],
  ["savings", "Savings & Investments", "Important", "/settings/savings", 60],
  ["goals", "Financial Goals", "Important", "/settings/goals", 0],
  ["accounts", "Bank Accounts", "Optional", "/settings/accounts", 0],
  ["futurePlans", "Future Plans", "Optional", "/settings/future-plans", 0],
  ["properties", "Properties", "Optional", "/settings/properties", 0],
  ["credit", "Credit Management", "Optional", "/settings/credit", 0],
  ["preferences", "Preferences", "Optional", "/settings/preferences", 100],
];
const completion: Completion = {
  overall: Math.round(SECTIONS.reduce((sum, s) => sum + s[4], 0) / SECTIONS.length),
  badge: "In Progress",
  sections: SECTIONS.map(([key, label, group, route, score]) => ({ key, label, group, route, score, badge: badgeFor(score) })),
};

function Harness() {
  const [open, setOpen] = useState(true);
  const { pathname } = useLocation();
  return (
    <>
      <p data-testid="path">{pathname}</p>
      <p data-testid="open">{String(open)}</p>
      {open && <ProfileSetupDialog open={open} onOpenChange={setOpen} />}
    </>
  );
}

function renderDialog() {
  const client = createQueryClient();
  client.setQueryData(completionQuery().queryKey, completion);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/fire-dashboard"]}>
        <Harness />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole("dialog", { name: "Profile Setup" });
}

describe("Profile Setup dialog (spec section 2)", () => {
  it("shows the overall percent with a progress bar", () => {
    const dialog = renderDialog();
    expect(completion.overall).toBe(36);
    expect(within(dialog).getByTestId("setup-overall")).toHaveTextContent("36%");
    expect(within(dialog).getByRole("progressbar", { name: "Overall profile completion" })).toHaveAttribute("aria-valuenow", "36");
  });

  it("groups the rows Essential, Important, Optional with a badge and percent each", () => {
    const dialog = renderDialog();
    const groups = within(dialog).getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(groups).toEqual(["Essential", "Important", "Optional"]);
    const essential = within(dialog).getByRole("region", { name: "Essential" });
    expect(within(essential).getAllByRole("button").map((b) => b.textContent)).toEqual([
      "Personal ProfileComplete100%",
      "Income SourcesComplete100%",
      "Monthly ExpensesIn Progress40%",
    ]);
    const optional = within(dialog).getByRole("region", { name: "Optional" });
    expect(within(optional).getAllByRole("button")).toHaveLength(5);
    expect(within(optional).getByRole("button", { name: /Bank Accounts/ })).toHaveTextContent("Not Started0%");
  });

  it("navigates to a row's page and closes", async () => {
    const dialog = renderDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: /Savings & Investments/ }));
    expect(screen.getByTestId("path")).toHaveTextContent("/settings/savings");
    expect(screen.getByTestId("open")).toHaveTextContent("false");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("badges: Not Started at 0, In Progress from 1 to 99, Complete at 100", () => {
    expect([0, 1, 99, 100].map(badgeFor)).toEqual(["Not Started", "In Progress", "In Progress", "Complete"]);
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PlanSummary } from "@/api/plan";
import FireDashboardPage from "@/pages/dashboard/fire-dashboard-page";
import { stubApi } from "@/test/page-test-utils";
import { SUMMARY } from "@/test/plan-fixtures";

const SNAPSHOT = {
  total_monthly_income: 14000, expenses: { needs: 5000, wants: 2000, bad_habits: 200, total: 7200 }, monthly_surplus: 6800,
  savings_rate: 0.4857, annual_expenses: 86400, fire_multiplier: 25, fire_number: 2160000,
  net_worth: { assets: 806400, liabilities: 1858.76, net_worth: 804541.24 }, completion: { overall: 80, badge: "In Progress", sections: [] },
};

function renderDashboard(summary: PlanSummary = SUMMARY, layout?: "original" | "enhanced") {
  if (layout) localStorage.setItem("fire-path-ab-dashboard-layout", layout);
  const api = stubApi({
    "GET /api/v1/plan/summary": { body: summary },
    "GET /api/v1/snapshot": { body: SNAPSHOT },
    "GET /api/v1/savings/summary": { body: { emergency_fund: 28800 } },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter><FireDashboardPage /></MemoryRouter>
    </QueryClientProvider>,
  );
  return api;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("FireDashboardPage", () => {
  it("shows the plan summary's own FI date, FIRE number, progress, net worth and success rate", async () => {
    const api = renderDashboard();
    expect(await screen.findByTestId("fi-date")).toHaveTextContent("August 2035");
    expect(screen.getByTestId("fi-card")).toHaveTextContent("8 years and 9 months from now, at 42 and 44.");
    expect(screen.getByTestId("plan-headline")).toHaveTextContent("Financially independent in August 2035, when Maya is 42 and Daniel 44.");
    expect(screen.getByTestId("fire-number")).toHaveTextContent("$1,551,737");
    // The 25x figure is beside it, named for what it is.
    expect(screen.getByTestId("rule-of-thumb")).toHaveTextContent("$2,357,100 rule of thumb (25x spending)");
    expect(screen.getByTestId("fire-progress")).toBeInTheDocument();
    expect(screen.getByTestId("fire-number-card")).toHaveTextContent("20.6% of the way: $319,200 invested and in cash");
    expect(screen.getByTestId("net-worth-value")).toHaveTextContent("$804,541");
    expect(screen.getByTestId("success-rate-value")).toHaveTextContent("99.2%");
    expect(screen.getByTestId("success-question")).toHaveTextContent(SUMMARY.success_question);
    expect(screen.getByTestId("target-sentence")).toHaveTextContent("On track for 52: independent 9 years and 3 months before it.");
    // No FI figure is read from the old plan, the snapshot's 25x number or the old saving-needed search.
    expect(api.calls("GET", "/api/v1/plan")).toHaveLength(0);
    expect(api.calls("GET", "/api/v1/plan/savings-needed")).toHaveLength(0);
    expect(screen.queryByText("$2,160,000")).toBeNull();
  });

  it("lists the plan's next actions as links to where to act", async () => {
    renderDashboard();
    const actions = await screen.findByTestId("next-actions");
    expect(within(actions).getByRole("link", { name: /Pay down \$1,859 of debt/ })).toHaveAttribute("href", "/settings/credit");
    expect(within(actions).getByRole("link", { name: /Try the optimiser/ })).toHaveAttribute("href", "/analysis");
    expect(actions).toHaveTextContent("The plan assumed: non-registered cost base");
  });

  it("says 'Not within the plan' with the shortfall sentence and the saving that closes it", async () => {
    renderDashboard({
      ...SUMMARY, fi_date: null, fi_ages: null, months_to_fi: null, fire_number: null, progress: null,
      headline: "Not financially independent within the plan.",
      target: { age: 52, date: "2044-11-01", met: false, months_early: null, shortfall: 412000, extra_monthly: 1850,
        sentence: "Short of independence at 52 by $412,000." },
    });
    expect(await screen.findByTestId("fi-date")).toHaveTextContent("Not within the plan");
    expect(screen.getByTestId("fi-card")).toHaveTextContent("Short of independence at 52 by $412,000.");
    expect(screen.getByTestId("target")).toHaveTextContent("Saving $1,850 more a month closes the gap of $412,000.");
    expect(screen.getByTestId("fire-number")).toHaveTextContent("—");
  });

  it.each(["original", "enhanced"] as const)("keeps the %s layout with the same figures", async (layout) => {
    renderDashboard(SUMMARY, layout);
    const fi = await screen.findByTestId("fi-date");
    expect(screen.getByTestId("fire-dashboard")).toHaveAttribute("data-layout", layout);
    expect(fi).toHaveTextContent("August 2035");
    expect(screen.getByTestId("fire-number")).toHaveTextContent("$1,551,737");
    expect(screen.getAllByTestId("plan-headline")).toHaveLength(1);
    expect(await screen.findByTestId("savings-rate-value")).toHaveTextContent("48.6%");
  });

  it("shows a skeleton while the plan loads", () => {
    renderDashboard();
    expect(screen.getByTestId("page-loading")).toHaveTextContent("Loading your dashboard");
  });

  it("without spending asks for the setup, with the plan's next actions, instead of 'independent today'", async () => {
    renderDashboard({
      ...SUMMARY, spending: 0, fi_date: "2026-11-01", months_to_fi: 0, fire_number: 0, rule_of_thumb: 0, progress: 1,
      headline: "You are financially independent: your savings pay your spending, after tax, to the horizon.",
      next_actions: [{ title: "Add your spending", detail: "The plan needs what you spend.", route: "/settings/expenses" }],
    });
    const empty = await screen.findByTestId("dashboard-empty");
    expect(within(empty).getByRole("link", { name: "Start the setup wizard" })).toHaveAttribute("href", "/onboarding/wizard");
    expect(within(screen.getByTestId("next-actions")).getByRole("link", { name: /Add your spending/ })).toHaveAttribute("href", "/settings/expenses");
    expect(screen.queryByTestId("fi-date")).toBeNull();
    expect(screen.queryByText(/You are financially independent/)).toBeNull();
  });
});

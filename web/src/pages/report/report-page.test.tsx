import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import ReportPage from "@/pages/report/report-page";
import { stubApi } from "@/pages/settings/settings-test-utils";
import { authState, fakeUser, WithAuth } from "@/test/auth";

const point = (month: number, netWorth: number, fire: number) => ({
  month, date: `${2026 + Math.floor(month / 12)}-11-01`, age: 34 + month / 12, income: 0, expenses: 0, contribution: 0,
  balances: {}, investable: netWorth, net_worth: netWorth, net_worth_real: netWorth, fire_number: fire, retired: false,
});
const snapshot = (expenses: number) => ({
  total_monthly_income: 0, expenses: { needs: expenses, wants: 0, bad_habits: 0, total: expenses }, monthly_surplus: -expenses,
  savings_rate: null, annual_expenses: expenses * 12, fire_multiplier: 25, fire_number: expenses * 300,
  net_worth: { assets: 0, liabilities: 0, net_worth: 0 }, completion: { overall: 9, badge: "In Progress", sections: [] },
});
const plan = (fire: number) => ({
  plan: {
    fire: {
      fire_number: fire, lean_fire_number: fire * 0.7, fat_fire_number: fire * 1.5, coast_fire_number: 0, barista_fire_number: fire,
      coast_reached: fire === 0, withdrawal_rate: 0.04, savings_rate: null, months_to_fi: null, years_to_fi: null, fi_date: null, fi_age: null,
    },
    points: [point(0, 0, fire), point(12, 0, fire)],
    net_worth_at_retirement: null, depleted_date: null, ending_net_worth: 0, ending_net_worth_real: 0, retirement_outlook: null,
    assumptions: {
      rates: { investment_return_rate: 0.1, inflation_rate: 0.02 }, tax_year: 2026,
      limits: { fire_rule_multiplier: 25, max_projection_years: 30, retirement_age: 65 }, data_source: [], notes: [],
    },
  },
  inputs: {
    start_date: "2026-11-01", current_age: 30, monthly_income: 0, monthly_expenses: fire / 300, monthly_savings: null,
    contribution_split: {}, balances: {}, debts: 0, future_plans: {}, monte_carlo_paths: 1000,
  },
  missing: ["income"],
});

function renderReport(expenses: number) {
  stubApi({
    "GET /api/v1/snapshot": { body: snapshot(expenses) },
    "GET /api/v1/plan": { body: plan(expenses * 300) },
    "GET /api/v1/profile": { body: null, status: 404 },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <WithAuth value={authState({ user: fakeUser() })}>
        <MemoryRouter><ReportPage /></MemoryRouter>
      </WithAuth>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("ReportPage", () => {
  it("asks a user without spending to add it instead of printing a report of $0 figures", async () => {
    renderReport(0);
    expect(await screen.findByTestId("report-empty")).toHaveTextContent("Add your spending to build your report");
    expect(screen.getByRole("link", { name: "Add expenses" })).toHaveAttribute("href", "/settings/expenses");
    expect(screen.queryByTestId("report-fire-number")).toBeNull();
    expect(screen.getByRole("button", { name: /Print/ })).toBeDisabled();
    expect(screen.getByRole("button", { name: /Download PDF/ })).toBeDisabled();
  });

  it("shows the report once there is spending", async () => {
    renderReport(2000);
    expect(await screen.findByTestId("report-fire-number")).toHaveTextContent("$600,000");
    expect(screen.queryByTestId("report-empty")).toBeNull();
    expect(screen.getByRole("button", { name: /Download PDF/ })).toBeEnabled();
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import FireDashboardPage from "@/pages/dashboard/fire-dashboard-page";
import { stubApi } from "@/pages/settings/settings-test-utils";

/** GET /api/v1/snapshot and /api/v1/plan of an account with only its income saved (first two plan months kept). */
const SNAPSHOT = {"total_monthly_income": 5600.0, "expenses": {"needs": 0.0, "wants": 0.0, "bad_habits": 0.0, "total": 0.0}, "monthly_surplus": 5600.0, "savings_rate": 1.0, "annual_expenses": 0.0, "fire_multiplier": 25.0, "fire_number": 0.0, "net_worth": {"assets": 0.0, "liabilities": 0.0, "net_worth": 0.0}, "completion": {"overall": 18, "badge": "In Progress", "sections": [{"key": "profile", "label": "Personal Profile", "group": "Essential", "route": "/settings/profile", "score": 0, "badge": "Not Started"}, {"key": "income", "label": "Income Sources", "group": "Essential", "route": "/settings/income", "score": 100, "badge": "Complete"}, {"key": "expenses", "label": "Monthly Expenses", "group": "Essential", "route": "/settings/expenses", "score": 0, "badge": "Not Started"}, {"key": "budgeting", "label": "Budget Planning", "group": "Important", "route": "/settings/budgeting", "score": 0, "badge": "Not Started"}, {"key": "savings", "label": "Savings & Investments", "group": "Important", "route": "/settings/savings", "score": 0, "badge": "Not Started"}, {"key": "goals", "label": "Financial Goals", "group": "Important", "route": "/settings/goals", "score": 0, "badge": "Not Started"}, {"key": "accounts", "label": "Bank Accounts", "group": "Optional", "route": "/settings/accounts", "score": 0, "badge": "Not Started"}, {"key": "futurePlans", "label": "Future Plans", "group": "Optional", "route": "/settings/future-plans", "score": 0, "badge": "Not Started"}, {"key": "properties", "label": "Properties", "group": "Optional", "route": "/settings/properties", "score": 0, "badge": "Not Started"}, {"key": "credit", "label": "Credit Management", "group": "Optional", "route": "/settings/credit", "score": 0, "badge": "Not Started"}, {"key": "preferences", "label": "Preferences", "group": "Optional", "route": "/settings/preferences", "score": 100, "badge": "Complete"}]}};
const PLAN = {"plan": {"fire": {"fire_number": 0.0, "lean_fire_number": 0.0, "fat_fire_number": 0.0, "coast_fire_number": 0.0, "barista_fire_number": 0.0, "coast_reached": true, "withdrawal_rate": 0.04, "savings_rate": 1.0, "months_to_fi": null, "years_to_fi": null, "fi_date": null, "fi_age": null}, "points": [{"month": 0, "date": "2026-11-01", "age": 30.0, "income": 5600.0, "expenses": 0.0, "contribution": 5600.0, "balances": {"tfsa": 0.0, "rrsp": 0.0, "fhsa": 0.0, "non_registered": 0.0, "cash": 0.0}, "investable": 0.0, "net_worth": 0.0, "net_worth_real": 0.0, "fire_number": 0.0, "retired": false}, {"month": 1, "date": "2026-12-01", "age": 30.0833, "income": 5600.0, "expenses": 0.0, "contribution": 5600.0, "balances": {"tfsa": 0.0, "rrsp": 0.0, "fhsa": 0.0, "non_registered": 5644.66, "cash": 0.0}, "investable": 5644.66, "net_worth": 5644.66, "net_worth_real": 5635.35, "fire_number": 0.0, "retired": false}], "net_worth_at_retirement": null, "depleted_date": null, "ending_net_worth": 11644039.21, "ending_net_worth_real": 6428335.08, "retirement_outlook": null, "assumptions": {"rates": {"investment_return_rate": 0.1, "inflation_rate": 0.02, "real_return_rate": 0.078431, "withdrawal_rate": 0.04, "income_growth_rate": 0.0}, "tax_year": null, "limits": {"fire_rule_multiplier": 25.0, "max_projection_years": 30.0, "retirement_age": 65.0}, "data_source": ["the inputs given (the user's saved profile, budget, plans and preferences)"], "notes": ["Effective annual rates, applied monthly; amounts are after tax.", "Lean FIRE uses 70% and Fat FIRE 150% of current expenses.", "Shortfalls and retirement spending are drawn from cash, non_registered, rrsp, tfsa, fhsa, in that order.", "Not modelled: tax on withdrawals, registered-account room limits, CPP and OAS income, debt repayment."]}}, "inputs": {"start_date": "2026-11-01", "current_age": 30, "monthly_income": 5600.0, "monthly_expenses": 0.0, "monthly_savings": null, "contribution_split": {"tfsa": 0.0, "rrsp": 0.0, "fhsa": 0.0, "non_registered": 0.0}, "balances": {"tfsa": 0.0, "rrsp": 0.0, "fhsa": 0.0, "non_registered": 0.0, "cash": 0.0}, "debts": 0.0, "preferences": {"investment_return_rate": 0.1, "fire_rule_multiplier": 25.0, "max_projection_years": 30, "retirement_age": 65, "inflation_rate": 0.02}, "future_plans": {"income_growth_rate": 0.0, "income_target_date": null, "income_target_amount": null, "expense_change_date": null, "expense_change_amount": null, "side_hustle_date": null, "side_hustle_amount": null}, "monte_carlo_paths": 0, "seed": null}, "missing": ["age (assumed 30)", "expenses"]};

type Answer = { body?: unknown; status?: number };

function renderDashboard(snapshot: object = SNAPSHOT, plan: object = PLAN, extra: Record<string, Answer> = {}) {
  stubApi({
    "GET /api/v1/snapshot": { body: snapshot },
    "GET /api/v1/plan": { body: plan },
    "GET /api/v1/savings/summary": { body: null },
    "GET /api/v1/completion": { body: SNAPSHOT.completion },
    ...extra,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter><FireDashboardPage /></MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("FireDashboardPage", () => {
  it("with income but no spending asks for the expenses instead of a $0 FIRE number that is 'not reached yet'", async () => {
    renderDashboard();
    const card = await screen.findByTestId("fire-number-card");
    expect(within(card).getByTestId("fire-number")).toHaveTextContent("—");
    expect(card).not.toHaveTextContent("$0");
    expect(within(card).getByRole("link", { name: "Add your monthly expenses" })).toHaveAttribute("href", "/settings/expenses");
    const fi = screen.getByTestId("fi-date");
    expect(fi).not.toHaveTextContent("Not reached yet");
    expect(fi).toHaveTextContent("add your monthly expenses");
    // The rest of the dashboard still shows what the income tells.
    expect(screen.getByTestId("savings-rate")).toHaveTextContent("100%");
  });

  describe("saving needed for FI by the retirement age", () => {
    const spending = { ...SNAPSHOT, expenses: { ...SNAPSHOT.expenses, needs: 3000, total: 3000 }, monthly_surplus: 2600, savings_rate: 0.4643, annual_expenses: 36000, fire_number: 900000 };
    const planFor = (age: number) => ({ ...PLAN, inputs: { ...PLAN.inputs, current_age: 30, monthly_expenses: 3000, preferences: { ...PLAN.inputs.preferences, retirement_age: age } } });
    const needed = (over: object) => ({ body: {
      months: 300, target_date: "2051-11-01", target_age: 55, monthly_savings_needed: 3120, current_monthly_savings: 2600,
      savings_difference: 520, share_of_income: 0.5571, fire_number: 900000, fire_number_at_target: 1476000, on_track: false,
      target: "by age 55", missing: [], ...over } });

    it("shows the monthly saving that reaches FI by then and how far the user is from it", async () => {
      renderDashboard(spending, planFor(55), { "GET /api/v1/plan/savings-needed": needed({}) });
      const card = await screen.findByTestId("savings-needed");
      expect(card).toHaveTextContent("Saving needed for FI by 55");
      expect(await within(card).findByText("$3,120")).toBeInTheDocument();
      expect(card).toHaveTextContent("$520 more than the $2,600 you save now.");
      expect(card).toHaveTextContent("Below target");
    });

    it("says when the user is on track", async () => {
      renderDashboard(spending, planFor(55), { "GET /api/v1/plan/savings-needed": needed({ monthly_savings_needed: 1900, savings_difference: -700, on_track: true }) });
      const card = await screen.findByTestId("savings-needed");
      expect(await within(card).findByText(/You save \$2,600 now: on track/)).toBeInTheDocument();
      expect(card).toHaveTextContent("On target");
    });

    it("shows the server's reason when it cannot be worked out", async () => {
      const refused = { status: 422, body: { code: "invalid", message: "Cannot work out the saving needed: no spending is saved, so there is no FIRE number to reach", details: { field: "monthly_expenses" } } };
      renderDashboard(spending, planFor(55), { "GET /api/v1/plan/savings-needed": refused });
      const card = await screen.findByTestId("savings-needed");
      expect(await within(card).findByText(/no FIRE number to reach/)).toBeInTheDocument();
      expect(card).toHaveTextContent("Not enough data");
    });

    it("is left out without a retirement age ahead of the user", async () => {
      renderDashboard(spending, planFor(25));
      await screen.findByTestId("fi-date");
      expect(screen.queryByTestId("savings-needed")).not.toBeInTheDocument();
    });
  });
});

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import StrategiesPage from "@/pages/strategies/strategies-page";
import { stubApi } from "@/pages/settings/settings-test-utils";

const zeroFire = {
  fire_number: 0, lean_fire_number: 0, fat_fire_number: 0, coast_fire_number: 0, barista_fire_number: 0, coast_reached: true,
  withdrawal_rate: 0.04, savings_rate: null, months_to_fi: null, years_to_fi: null, fi_date: null, fi_age: null,
};
const newUser = {
  "GET /api/v1/snapshot": { body: { annual_expenses: 0, total_monthly_income: 0, monthly_surplus: 0, expenses: { total: 0 } } },
  "GET /api/v1/plan": { body: { plan: { fire: zeroFire }, inputs: { balances: {} }, missing: ["income", "expenses"] } },
  "GET /api/v1/profile": { body: null, status: 404 },
  "GET /api/v1/income": { body: null, status: 404 },
  "POST /api/v1/calc/fire-variants": {
    body: { fire_number: 1200000, lean_fire_number: 840000, fat_fire_number: 1800000, coast_fire_number: 310000, barista_fire_number: 720000, coast_reached: false },
  },
  "POST /api/v1/calc/tax": { body: { marginal_rate: 0.2965 } },
  "POST /api/v1/calc/contribution-order": {
    body: { allocations: [{ account: "rrsp", amount: 13500, reason: "deduction now" }, { account: "non_registered", amount: 4500, reason: "room used up" }] },
  },
  "POST /api/v1/calc/investment": { body: null, status: 404 },
};

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}><StrategiesPage /></MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe("StrategiesPage", () => {
  it("works the FIRE methods out on the example household for a new user, not on their empty plan's $0", async () => {
    stubApi(newUser);
    renderAt("/strategies");
    const card = await screen.findByTestId("strategy-traditional");
    expect(await within(card).findByText("$1,200,000")).toBeInTheDocument();
    expect(card).toHaveTextContent("Spending $48,000 a year");
    expect(card).toHaveTextContent("Example numbers");
    expect(screen.queryByText("$0")).toBeNull();
  });

  it("names the accounts in the contribution order instead of showing their keys", async () => {
    stubApi(newUser);
    renderAt("/strategies?tab=investment");
    const card = await screen.findByTestId("strategy-order");
    expect(await within(card).findByText("RRSP")).toBeInTheDocument();
    expect(within(card).getByText("Non-registered")).toBeInTheDocument();
    expect(card).not.toHaveTextContent("non_registered");
  });

  it("says so when nothing is left over to place, rather than an empty list", async () => {
    stubApi({ ...newUser, "POST /api/v1/calc/contribution-order": { body: { allocations: [] } } });
    renderAt("/strategies?tab=investment");
    expect(await screen.findByTestId("strategy-order-empty")).toHaveTextContent("Nothing is left over to save");
  });
});

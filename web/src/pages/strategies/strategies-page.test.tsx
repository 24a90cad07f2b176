import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import StrategiesPage from "@/pages/strategies/strategies-page";
import { demoHousehold, demoSummary } from "@/test/demo-plan-fixtures";
import { stubApi } from "@/test/page-test-utils";

// A new user: the plan has no spending of its own to plan for, so the strategies use the example household.
const newUser = {
  "GET /api/v1/plan/summary": { body: { ...demoSummary, fi_date: null, fire_number: null, spending: 0, investable_today: 0, missing: ["expenses"] } },
  "GET /api/v1/plan/household": { body: { ...demoHousehold, missing: ["expenses", "province (assumed ON)"] } },
  "GET /api/v1/profile": { body: null, status: 404 },
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
    expect(screen.queryByTestId("strategy-plan")).toBeNull();
  });

  it("quotes the household plan's own FIRE number and FI date, the rule of thumb labelled as one", async () => {
    const api = stubApi({
      ...newUser,
      "GET /api/v1/plan/summary": { body: demoSummary },
      "GET /api/v1/plan/household": { body: demoHousehold },
    });
    renderAt("/strategies");
    const card = await screen.findByTestId("strategy-traditional");
    expect(await within(card).findByTestId("strategy-plan")).toHaveTextContent(
      "Your plan, with taxes, CPP and OAS counted, needs $1,551,737 invested and makes you independent in August 2035.");
    expect(card).toHaveTextContent("Spending $94,284 a year, the rule of thumb says $2,357,100");
    expect(card).toHaveTextContent("Your numbers");
    const variants = api.calls("POST", "/api/v1/calc/fire-variants")[0].body;
    expect(variants).toMatchObject({ annual_expenses: 94284, current_portfolio: 319200, current_age: 34, retirement_age: 52, annual_return: 0.06 });
    expect(api.calls("GET", "/api/v1/plan")).toHaveLength(0);
  });

  it("works the tax strategies out for the plan's province and pay", async () => {
    const api = stubApi({ ...newUser, "GET /api/v1/plan/summary": { body: demoSummary }, "GET /api/v1/plan/household": { body: demoHousehold } });
    renderAt("/strategies?tab=tax");
    await screen.findByTestId("strategy-rrsp-tfsa");
    await waitFor(() => expect(api.calls("POST", "/api/v1/calc/tax").length).toBeGreaterThan(0));
    expect(api.calls("POST", "/api/v1/calc/tax")[0].body).toMatchObject({ province: "ON", employment_income: 118000 });
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

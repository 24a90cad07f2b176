import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { demoHousehold, demoSummary } from "@/test/demo-plan-fixtures";
import { renderPage, stubApi } from "@/test/page-test-utils";
import { FireCalculator } from "./fire-calculator";

const fire = { fire_number: 2357100, withdrawal_rate: 0.04, savings_rate: 0.45, months_to_fi: 130, years_to_fi: 10.8, assumptions: { notes: [] } };
const variants = { fire_number: 2357100, lean_fire_number: 1649970, fat_fire_number: 3535650, coast_fire_number: 900000, barista_fire_number: 1400000,
  coast_reached: false, years_to_retirement: 18 };

afterEach(() => vi.restoreAllMocks());

describe("FireCalculator", () => {
  it("fills in from the household plan and shows the plan's own FI date and FIRE number beside its simple answer", async () => {
    const api = stubApi({
      "GET /api/v1/plan/summary": { body: demoSummary },
      "GET /api/v1/plan/household": { body: demoHousehold },
      "POST /api/v1/calc/fire": { body: fire },
      "POST /api/v1/calc/fire-variants": { body: variants },
    });
    renderPage(<FireCalculator />);
    const plan = await screen.findByTestId("fire-plan");
    expect(within(plan).getByRole("heading")).toHaveTextContent("Your plan: independent in August 2035 (taxes, CPP and OAS counted)");
    expect(within(plan).getByTestId("fire-plan-number")).toHaveTextContent("$1,551,737");
    expect(plan).toHaveTextContent("the one that counts");
    expect(screen.getByText("Filled in from your plan; change anything to try other numbers.")).toBeInTheDocument();
    expect(await screen.findByText("Time to FI (this calculator)")).toBeInTheDocument();
    await waitFor(() => expect(api.calls("POST", "/api/v1/calc/fire").at(-1)?.body).toMatchObject({ annual_expenses: 94284, current_portfolio: 319200, annual_return: 0.06, inflation: 0.02 }));
    expect(api.calls("GET", "/api/v1/plan")).toHaveLength(0);
  });

  it("keeps the example numbers, and no plan figures, when the plan cannot be read", async () => {
    stubApi({
      "GET /api/v1/plan/summary": { status: 500, body: { code: "error", message: "boom" } },
      "POST /api/v1/calc/fire": { body: fire },
      "POST /api/v1/calc/fire-variants": { body: variants },
    });
    renderPage(<FireCalculator />);
    expect(await screen.findByText("Time to FI")).toBeInTheDocument();
    expect(screen.queryByTestId("fire-plan")).toBeNull();
    expect(screen.getByText("Results update as you type.")).toBeInTheDocument();
  });
});

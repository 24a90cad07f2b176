import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage, stubApi } from "@/test/page-test-utils";
import { DebtCalculator } from "./debt-calculator";

const strategy = (months: number, interest: number) => ({ months, months_decimal: months, paid_off: true, total_interest: interest, monthly_payment: 48, debts: [] });
const result = { avalanche: strategy(30, 120), snowball: strategy(31, 150), interest_saved_by_avalanche: 30, assumptions: { notes: [] } };

afterEach(() => vi.restoreAllMocks());

describe("DebtCalculator", () => {
  it("starts from the user's cards and lines as the API lists them, with the API's notes", async () => {
    const api = stubApi({
      "GET /api/v1/credit/debts": { body: {
        debts: [
          { name: "Visa", kind: "card", balance: 1240.56, annual_rate: 0.2099, rate_assumed: false, minimum_payment: 37.22 },
          { name: "Student line", kind: "line", balance: 200, annual_rate: 0.07, rate_assumed: true, minimum_payment: 10 },
        ],
        notes: ["Student line: no interest rate saved, 7% assumed."],
      } },
      "POST /api/v1/calc/debt-payoff": { body: result },
    });
    renderPage(<DebtCalculator />);
    expect(await screen.findByText("Filled in from your credit cards and lines of credit; change anything to try other numbers.")).toBeInTheDocument();
    expect(screen.getByText("Student line: no interest rate saved, 7% assumed.")).toBeInTheDocument();
    await waitFor(() => expect(api.calls("POST", "/api/v1/calc/debt-payoff").at(-1)?.body).toEqual({
      monthly_payment: 48,
      debts: [
        { name: "Visa", balance: 1240.56, annual_rate: expect.closeTo(0.2099, 10), minimum_payment: 37.22 },
        { name: "Student line", balance: 200, annual_rate: expect.closeTo(0.07, 10), minimum_payment: 10 },
      ],
    }));
    expect(screen.getByRole("button", { name: "Show the example" })).toBeInTheDocument();
  });

  it("keeps the example, and says why, when no card or line has a balance", async () => {
    const api = stubApi({
      "GET /api/v1/credit/debts": { body: { debts: [], notes: [] } },
      "POST /api/v1/calc/debt-payoff": { body: result },
    });
    renderPage(<DebtCalculator />);
    expect(await screen.findByText(/no credit card or line of credit with a balance is saved/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Add them in Credit" })).toHaveAttribute("href", "/settings/credit");
    await waitFor(() => expect(api.calls("POST", "/api/v1/calc/debt-payoff").at(-1)?.body).toMatchObject({
      monthly_payment: 900, debts: [{ name: "Credit card", balance: 9000 }, { name: "Car loan", balance: 4000 }, { name: "Line of credit", balance: 7000 }],
    }));
  });
});

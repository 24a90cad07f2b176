import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import CreditSettingsPage from "@/pages/settings/credit-settings-page";
import { renderPage, stubApi } from "@/test/page-test-utils";

afterEach(() => vi.restoreAllMocks());

const summary = { credit_score: null, credit_card_types: [], line_of_credit_amount: 0, credit_account_linked: false, no_limit_names: [] };
const card = { id: "c1", name: "Store card", issuer: null, card_network: null, card_type: "credit", credit_limit: 1000, balance: 3000,
  interest_rate: 0.2999, annual_fee: 0, payment_due_day: null, is_active: true, created_at: "2026-11-01T00:00:00Z", updated_at: "2026-11-01T00:00:00Z" };

describe("credit utilization", () => {
  it("shows the API's utilization over 100% and marks the card over its limit", async () => {
    stubApi({
      "GET /api/v1/credit/cards": { body: [card] },
      "GET /api/v1/credit": { body: { ...summary, credit_utilization_rate: 3, total_credit_balance: 3000, total_credit_limit: 1000, over_limit: true, over_limit_names: ["Store card"] } },
    });
    renderPage(<CreditSettingsPage />);
    const panel = await screen.findByTestId("credit-utilization");
    expect(within(panel).getByTestId("credit-utilization-rate")).toHaveTextContent("300%");
    expect(panel).toHaveTextContent("$3,000.00 owed of $1,000.00 in limits");
    expect(within(panel).getByTestId("credit-over-limit")).toHaveTextContent("Over the limit: you owe more than your credit limits allow (Store card)");
    expect(await screen.findByText("Over limit")).toBeInTheDocument();
  });

  it("asks for limits when there is no utilization to show, and marks a card without one", async () => {
    stubApi({
      "GET /api/v1/credit/cards": { body: [{ ...card, name: "Amex charge", credit_limit: 0, balance: 400 }] },
      "GET /api/v1/credit": { body: { ...summary, credit_utilization_rate: null, total_credit_balance: 0, total_credit_limit: 0, over_limit: false,
        over_limit_names: [], no_limit_names: ["Amex charge"] } },
    });
    renderPage(<CreditSettingsPage />);
    expect(await screen.findByTestId("credit-utilization")).toHaveTextContent("Add your cards and lines of credit with their limits");
    expect(screen.queryByTestId("credit-over-limit")).toBeNull();
    expect(screen.getByTestId("credit-no-limit")).toHaveTextContent("Left out: one card or line with a balance but no limit saved");
    expect(await screen.findByText("No limit")).toBeInTheDocument();
    expect(screen.getAllByText(/Amex charge/)).toHaveLength(1); // named once, in its own row
  });
});

import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import WizardPage from "@/pages/onboarding/wizard-page";
import { renderPage, row, stubApi } from "@/test/page-test-utils";

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const saved = {
  "GET /api/v1/profile": { body: null },
  "GET /api/v1/income": { body: null },
  "GET /api/v1/expenses": { body: { user_id: "u", rent_mortgage: 0, items: [], totals: { needs: 0, wants: 0, bad_habits: 0, total: 0 } } },
  "GET /api/v1/savings/summary": { body: null },
  "GET /api/v1/preferences": { body: { retirement_age: 65, investment_return_rate: 0.06, fire_rule_multiplier: 25, max_projection_years: 30, currency_code: "CAD", locale: "en-CA" } },
};

describe("onboarding wizard: the goal step", () => {
  it("back to the goal step shows the goal added and saving again updates it instead of adding a second", async () => {
    const goal = row({ id: "99999999-0000-0000-0000-000000000001", name: "Cabin", category: "other", target_amount: 50000, current_amount: 0, target_date: null, priority: "high", notes: null });
    const api = stubApi({
      ...saved,
      "POST /api/v1/goals": (b) => ({ status: 201, body: { ...goal, ...(b as object) } }),
      [`PUT /api/v1/goals/${goal.id}`]: (b) => ({ body: { ...goal, ...(b as object) } }),
    });
    window.history.replaceState(null, "", "/");
    renderPage(<WizardPage />);
    // Skip to the goal step.
    for (let i = 0; i < 4; i++) await userEvent.click(await screen.findByRole("button", { name: "Skip this step" }));
    await userEvent.type(await screen.findByLabelText("Goal name"), "Cabin");
    await userEvent.type(screen.getByLabelText("Target amount"), "50000");
    await userEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByLabelText(/Target retirement age/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    const name = await screen.findByLabelText("Goal name");
    expect(name).toHaveValue("Cabin");
    expect(screen.getByLabelText("Target amount")).toHaveValue("50000");
    await userEvent.clear(screen.getByLabelText("Target amount"));
    await userEvent.type(screen.getByLabelText("Target amount"), "60000");
    await userEvent.click(screen.getByRole("button", { name: "Save and continue" }));
    expect(await screen.findByLabelText(/Target retirement age/)).toBeInTheDocument();
    await waitFor(() => expect(api.calls("PUT", `/api/v1/goals/${goal.id}`)).toHaveLength(1));
    expect(api.calls("POST", "/api/v1/goals")).toHaveLength(1);
    expect((api.calls("PUT", `/api/v1/goals/${goal.id}`)[0].body as { target_amount: number }).target_amount).toBe(60000);
  });
});

import { describe, expect, it } from "vitest";
import { SAVING_LABEL } from "@firepath/shared/settings-fields";
import { expensesBody, goalBody, preferencesBody, profileBody, type SavedRecords, savingsBody, STEPS, stepRecord } from "@/pages/onboarding/wizard-steps";

const row = { id: "r1", user_id: "u1", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-02T00:00:00Z" };
const saved: SavedRecords = {
  profile: { ...row, first_name: "Sam", last_name: "Lee", city: "Halifax", age: 30, province: "NS", goals: "Retire early" },
  income: null,
  expenses: {
    rent_mortgage: 1500,
    items: [
      { ...row, category: "Groceries", subcategory: null, amount: 400, needs_wants_category: "needs", is_bad_habit: false },
      { ...row, category: "Gym", subcategory: "Membership", amount: 60, needs_wants_category: "wants", is_bad_habit: true },
    ],
  } as unknown as SavedRecords["expenses"],
  savings: null,
  preferences: null,
};

describe("wizard steps", () => {
  it("covers the six essentials in order", () => {
    expect(STEPS.map((s) => s.key)).toEqual(["profile", "income", "expenses", "savings", "goals", "preferences"]);
  });

  it("asks the monthly saving once, as the Savings page asks it, and sends it as the one figure", () => {
    const fields = STEPS.find((s) => s.key === "savings")!.fields;
    const monthly = fields.filter((f) => /per month/i.test(f.label));
    expect(monthly.map((f) => [f.name, f.label])).toEqual([["monthly_savings", SAVING_LABEL]]);
    const record = { ...row, monthly_savings: 100, emergency_fund: 5000, short_term_savings: 900, debt_amount: null, savings_destinations: ["gic"], investment_types: [] };
    const body = savingsBody({ monthly_savings: 1500, emergency_fund: 5000, debt_amount: null }, { ...saved, savings: record as SavedRecords["savings"] });
    expect(body).toEqual({ monthly_savings: 1500, emergency_fund: 5000, short_term_savings: 900, debt_amount: null, savings_destinations: ["gic"], investment_types: [] });
  });

  it("keeps the profile fields the wizard does not ask and drops the row's own fields", () => {
    const body = profileBody({ first_name: "Sam", age: 31, province: "ON", marital_status: null, dependents: 0 }, saved);
    expect(body).toMatchObject({ last_name: "Lee", city: "Halifax", goals: "Retire early", age: 31, province: "ON" });
    expect(body).not.toHaveProperty("id");
    expect(body).not.toHaveProperty("user_id");
    expect(body).not.toHaveProperty("updated_at");
  });

  it("reads the wizard's expense items back from the saved list", () => {
    expect(stepRecord("expenses", saved)).toEqual({ rent_mortgage: 1500, groceries: 400 });
  });

  it("replaces its own expense items, keeps the others, and leaves out empty amounts", () => {
    const body = expensesBody({ rent_mortgage: 1800, groceries: 600, transportation: null, utilities: 0, other_spending: 700 }, saved);
    expect(body.rent_mortgage).toBe(1800);
    expect(body.items).toEqual([
      { category: "Gym", subcategory: "Membership", amount: 60, needs_wants_category: "wants", is_bad_habit: true },
      { category: "Groceries", amount: 600, needs_wants_category: "needs", is_bad_habit: false },
      { category: "Other spending", amount: 700, needs_wants_category: "wants", is_bad_habit: false },
    ]);
  });

  it("names a new line in the reader's language, keeps a saved line's name, and finds it in either language", () => {
    const body = expensesBody({ rent_mortgage: 1800, groceries: 650, transportation: 200, utilities: null, other_spending: 700 }, saved, "fr-CA");
    const items = body.items ?? [];
    expect(items.map((i) => i.category)).toEqual(["Gym", "Groceries", "Transport", "Autres dépenses"]);
    const french: SavedRecords = { ...saved, expenses: { ...saved.expenses!, items: items.map((i) => ({ ...i, id: i.category })) as never } };
    expect(stepRecord("expenses", french)).toEqual({ rent_mortgage: 1500, groceries: 650, transportation: 200, other_spending: 700 });
    // back in English: the same lines again, not a second set
    expect((expensesBody({ rent_mortgage: 1800, groceries: 700, transportation: null, utilities: null, other_spending: 500 }, french).items ?? []).map((i) => i.category))
      .toEqual(["Gym", "Groceries", "Autres dépenses"]);
  });

  it("adds a goal only when it has a name", () => {
    expect(goalBody({ name: "  ", category: "home", target_amount: 5000, target_date: null })).toBeNull();
    expect(goalBody({ name: "House", category: "home", target_amount: 80000, target_date: "2030-06-01" })).toEqual({
      name: "House", category: "home", target_amount: 80000, current_amount: 0, target_date: "2030-06-01", priority: "high",
    });
  });

  it("sends only the three preferences it asks", () => {
    expect(preferencesBody({ retirement_age: 55, investment_return_rate: 0.06, fire_rule_multiplier: 25, other: 1 })).toEqual({
      retirement_age: 55, investment_return_rate: 0.06, fire_rule_multiplier: 25,
    });
  });
});

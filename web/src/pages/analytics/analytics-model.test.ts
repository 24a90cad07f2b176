import { describe, expect, it } from "vitest";
import { badHabits, needsWants, savingsBreakdown, spendingByCategory, sumOf } from "@/pages/analytics/analytics-model";

const item = (category: string, amount: number, extra: Partial<{ subcategory: string | null; needs_wants_category: "needs" | "wants"; is_bad_habit: boolean }> = {}) => ({
  id: category + amount,
  created_at: "2026-01-01T00:00:00Z",
  category,
  subcategory: null,
  amount,
  needs_wants_category: "needs" as const,
  is_bad_habit: false,
  ...extra,
});

describe("spendingByCategory", () => {
  it("adds rent as housing, merges items of one category and sorts largest first with shares", () => {
    const rows = spendingByCategory({ rent_mortgage: 1500, items: [item("Food", 400), item("Transport", 200), item("Food", 100)] });
    expect(rows.map((r) => [r.label, r.amount])).toEqual([["Rent or mortgage", 1500], ["Food", 500], ["Transport", 200]]);
    expect(rows[1].share).toBeCloseTo(500 / 2200);
    expect(sumOf(rows)).toBe(2200);
  });
  it("is empty without spending", () => {
    expect(spendingByCategory({ rent_mortgage: 0, items: [] })).toEqual([]);
  });
});

describe("needsWants and badHabits", () => {
  it("splits the API totals and lists flagged items with their yearly cost", () => {
    const nw = needsWants({ totals: { needs: 3000, wants: 1000, bad_habits: 150, total: 4000 } });
    expect(nw.map((r) => r.share)).toEqual([0.75, 0.25]);
    const habits = badHabits({
      items: [item("Dining", 100, { is_bad_habit: true, subcategory: "Takeout" }), item("Food", 400), item("Coffee", 50, { is_bad_habit: true })],
    });
    expect(habits).toEqual([
      { label: "Dining: Takeout", monthly: 100, yearly: 1200 },
      { label: "Coffee", monthly: 50, yearly: 600 },
    ]);
  });
});

describe("savingsBreakdown", () => {
  it("groups items by subcategory and falls back to the summary", () => {
    const items = {
      dropped: 0,
      items: [
        { id: "a", created_at: "", category: "investment" as const, subcategory: "TFSA", amount: 500, goal: null, investment_type: null },
        { id: "b", created_at: "", category: "savings" as const, subcategory: null, amount: 200, goal: null, investment_type: null },
        { id: "c", created_at: "", category: "investment" as const, subcategory: "TFSA", amount: 100, goal: null, investment_type: null },
      ],
    };
    expect(savingsBreakdown(items, null).map((r) => [r.label, r.amount])).toEqual([["TFSA", 600], ["Savings", 200]]);
    const summary = { monthly_savings: 1000 } as Parameters<typeof savingsBreakdown>[1];
    expect(savingsBreakdown({ dropped: 0, items: [] }, summary).map((r) => [r.label, r.amount])).toEqual([["Saved and invested", 1000]]);
  });
});

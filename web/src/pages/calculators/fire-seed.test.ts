import { describe, expect, it } from "vitest";
import type { PlanRead, Snapshot } from "@/pages/tax/user-numbers";
import { fireSeed } from "./fire-seed";

const snapshot = { annual_expenses: "94284.00", total_monthly_income: "13005.00", monthly_surplus: "5148.00" } as unknown as Snapshot;
const plan = (preferences: Record<string, unknown> | undefined, current_age = 34) =>
  ({ inputs: { current_age, balances: { tfsa: "109700", rrsp: "170900", cash: "43000" }, preferences } }) as unknown as PlanRead;

describe("fireSeed", () => {
  it("starts from the user's numbers and the return, inflation, multiplier and retirement age their plan uses", () => {
    const prefs = { investment_return_rate: 0.06, inflation_rate: 0.02, fire_rule_multiplier: 25, retirement_age: 52, max_projection_years: 30 };
    expect(fireSeed(snapshot, plan(prefs), 34)).toEqual({
      annual_expenses: "94284", annual_income: "156060", annual_savings: "61776", current_portfolio: "323600", current_age: "34",
      annual_return: "6", inflation: "2", withdrawal_rate: "4", retirement_age: "52",
    });
  });

  it("writes fractional rates without float noise and keeps the example retirement age when the saved one has passed", () => {
    const prefs = { investment_return_rate: 0.07, inflation_rate: 0.021, fire_rule_multiplier: 30, retirement_age: 40, max_projection_years: 30 };
    const seed = fireSeed(snapshot, plan(prefs), 45);
    expect(seed).toMatchObject({ annual_return: "7", inflation: "2.1", withdrawal_rate: "3.33" });
    expect(seed).not.toHaveProperty("retirement_age");
  });

  it("leaves the example values alone without a plan", () => {
    expect(fireSeed(snapshot, undefined, null)).toEqual({ annual_expenses: "94284", annual_income: "156060", annual_savings: "61776" });
  });
});

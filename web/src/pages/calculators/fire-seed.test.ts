import { describe, expect, it } from "vitest";
import type { HouseholdPlan, PlanSummary } from "@/api/plan";
import { demoHousehold, demoSummary } from "@/test/demo-plan-fixtures";
import { fireSeed } from "@firepath/shared/plan-numbers";

describe("fireSeed", () => {
  it("starts from the household plan: its spending, investable savings, return, inflation, ages and first year's saving", () => {
    expect(fireSeed(demoSummary, demoHousehold)).toEqual({
      annual_expenses: "94284", current_portfolio: "319200", annual_return: "6", inflation: "2", current_age: "34",
      retirement_age: "52", annual_savings: "76145", annual_income: "170429",
    });
  });

  it("writes fractional rates without float noise and keeps the example retirement age when the saved one has passed", () => {
    const household = { ...demoHousehold, inputs: { ...demoHousehold.inputs, return_rate: 0.07, inflation: 0.021 } } as HouseholdPlan;
    const summary = { ...demoSummary, target: { ...demoSummary.target!, age: 30 } } as PlanSummary;
    const seed = fireSeed(summary, household);
    expect(seed).toMatchObject({ annual_return: "7", inflation: "2.1" });
    expect(seed).not.toHaveProperty("retirement_age");
  });

  it("leaves the example spending and age alone when the plan had to assume them", () => {
    const household = { ...demoHousehold, missing: ["expenses", "age (assumed 35)"] } as HouseholdPlan;
    const seed = fireSeed(demoSummary, household);
    expect(seed).not.toHaveProperty("annual_expenses");
    expect(seed).not.toHaveProperty("current_age");
    expect(seed).not.toHaveProperty("annual_income");
  });
});

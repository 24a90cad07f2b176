import { describe, expect, it } from "vitest";
import type { HouseholdPlan } from "@/api/plan";
import { demoHousehold, demoSummary } from "@/test/demo-plan-fixtures";
import { formatMonth, investedOf, planNumbers } from "./user-numbers";

describe("formatMonth", () => {
  it("writes the plan's FI month as its headline does", () => {
    expect(formatMonth("2035-08-01")).toBe("August 2035");
    expect(demoSummary.headline).toContain(formatMonth(demoSummary.fi_date));
    expect(formatMonth(null)).toBe("—");
  });
});

describe("investedOf", () => {
  it("totals the summary's investable savings and splits them by account from the household inputs", () => {
    const invested = investedOf(demoSummary, demoHousehold);
    expect(invested).toEqual({ total: 319200, rrsp: 170900, tfsa: 109700, fhsa: 0, non_registered: 9800, cash: 28800 });
    expect(invested.rrsp + invested.tfsa + invested.fhsa + invested.non_registered + invested.cash).toBe(invested.total);
  });
});

describe("planNumbers", () => {
  it("reads province, pay, age, spending, saving and rates from the household plan", () => {
    expect(planNumbers(demoSummary, demoHousehold)).toEqual({
      province: "ON", ownProvince: true, salary: 118000, age: 34, retirementAge: 52, spending: 94284, saving: 76145.3,
      returnRate: 0.06, inflation: 0.02,
    });
  });

  it("does not pass off what the plan assumed as the user's own", () => {
    const household = { ...demoHousehold, missing: ["province (assumed ON)", "age (assumed 35)", "expenses"] } as HouseholdPlan;
    expect(planNumbers(demoSummary, household)).toMatchObject({ ownProvince: false, age: null, spending: 0 });
  });
});

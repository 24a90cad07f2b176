import { describe, expect, it } from "vitest";
import { groupMilestones, planPoints, valueAt, yearOf } from "@/lib/plan-points";
import {
  backtestBody,
  bandRows,
  baseWhatIf,
  cashFlowRows,
  contributionOrderBody,
  isUntouched,
  lowestWithdrawal,
  monthsApart,
  shortYears,
  whatIfChanges,
  type BacktestResult,
} from "@/pages/analysis/analysis-model";
import { HOUSEHOLD, RISK, SUMMARY } from "@/test/plan-fixtures";

describe("plan chart rows", () => {
  it("pairs the summary's yearly arrays and seats a date on the year axis", () => {
    const points = planPoints(SUMMARY.years, SUMMARY.net_worth, SUMMARY.investable);
    expect(points[0]).toEqual({ year: 2026, netWorth: SUMMARY.net_worth[0], investable: SUMMARY.investable[0] });
    expect(yearOf("2035-08-01")).toBeCloseTo(2035 + 7 / 12);
    expect(valueAt([{ year: 2030, netWorth: 100, investable: 0 }, { year: 2031, netWorth: 200, investable: 0 }], 2030.5)).toBe(150);
    expect(valueAt(points, 1999)).toBeNull();
  });

  it("draws milestones on the same date once, their labels joined", () => {
    const groups = groupMilestones(SUMMARY.milestones);
    const retire = groups.find((g) => g.date === "2044-11-01");
    expect(retire?.label).toBe("Maya: retires at 52 · Daniel: retires at 54");
    expect(groups.find((g) => g.date === "2055-11-01")?.kinds).toEqual(["cpp", "oas"]);
    expect(groups.map((g) => g.date)).toEqual([...groups.map((g) => g.date)].sort());
  });
});

describe("cash flow", () => {
  it("groups each year's income by kind, withdrawals by account, and tax with payroll", () => {
    const [first] = cashFlowRows(HOUSEHOLD.years);
    const y = HOUSEHOLD.years[0];
    expect(first).toMatchObject({
      year: 2026, ages: "34 & 36", employment: y.employment, other: y.other_income + y.dividends,
      tax: y.income_tax + y.oas_recovery + y.payroll, spending: y.spending, saved: y.contributions,
    });
  });
});

describe("risk cards", () => {
  it("turns the bands into fan-chart rows by calendar year", () => {
    const rows = bandRows(RISK.monte_carlo);
    const b = RISK.monte_carlo.bands[0];
    expect(rows[0]).toEqual({ year: 2026, p10: b.p10, p50: b.p50, p90: b.p90, outer: [b.p10, b.p90], inner: [b.p25, b.p75] });
  });

  it("lists the years runs first fell short, most first", () => {
    expect(shortYears(RISK.monte_carlo).slice(0, 2)).toEqual([{ year: 2081, runs: 3 }, { year: 2069, runs: 2 }]);
  });
});

describe("what-if", () => {
  const base = baseWhatIf(HOUSEHOLD.inputs);

  it("starts from the household plan's own values", () => {
    expect(base).toEqual({ retirementAges: [52, 54], extraMonthly: 0, spending: 94284, cppStartAge: 65, returnRate: 0.06 });
  });

  it("sends only what moved, so the untouched what-if is the plan as saved", () => {
    expect(isUntouched(whatIfChanges(base, base))).toBe(true);
    expect(whatIfChanges(base, { ...base, extraMonthly: 500 })).toEqual({ extra_monthly_saving: 500 });
    // A moved age keeps the other adult's saved age (null).
    expect(whatIfChanges(base, { ...base, retirementAges: [50, 54], cppStartAge: 70, returnRate: 0.05, spending: 90000 })).toEqual({
      retirement_ages: [50, null], cpp_start_age: 70, return_rate: 0.05, spending: 90000,
    });
  });

  it("says how much sooner or later than the plan", () => {
    expect(monthsApart(105, 99)).toBe("6 months sooner than your plan");
    expect(monthsApart(105, 131)).toBe("2 years and 2 months later than your plan");
    expect(monthsApart(105, 105)).toBe("Same as your plan");
    expect(monthsApart(null, 99)).toBeNull();
  });
});

describe("calculator panels", () => {
  it("backtests dollars for the 4% rule and the same rate for the others", () => {
    expect(backtestBody(2_357_100, 94_284).withdrawal).toEqual({ kind: "constant_dollar", initial_amount: 94_284 });
    expect(backtestBody(1_800_000, 72_000, "vpw").withdrawal).toEqual({ kind: "vpw", initial_rate: 0.04 });
  });

  it("reads the lowest spending of a backtest", () => {
    expect(lowestWithdrawal({ results: [{ lowest_withdrawal: 50 }, { lowest_withdrawal: 30 }] } as BacktestResult)).toBe(30);
    expect(lowestWithdrawal({ results: [] } as unknown as BacktestResult)).toBeNull();
  });

  it("builds the contribution-order request within the API's bounds", () => {
    const body = contributionOrderBody({
      annualBudget: 30_000, tfsaRoom: 7000, rrspRoom: -5, fhsaRoom: 8000, firstTimeBuyer: false,
      marginalNow: 0.43, marginalRetirement: 1.2, debts: 0, expectedReturn: 0.06,
    });
    expect(body).toMatchObject({ annual_budget: 30_000, rrsp_room: 0, fhsa_room: 0, marginal_rate_retirement: 0.99, high_interest_debt_rate: 0 });
  });
});

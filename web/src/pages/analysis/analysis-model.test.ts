import { describe, expect, it } from "vitest";
import type { PlanInputs, PlanResult } from "@/api/plan";
import {
  backtestBody,
  bandRows,
  baseWhatIf,
  contributionOrderBody,
  lowestWithdrawal,
  monteCarloBody,
  projectionRows,
  whatIfBody,
  type BacktestResult,
  type MonteCarloResult,
} from "@/pages/analysis/analysis-model";

const inputs = {
  start_date: "2026-11-01",
  current_age: 34,
  monthly_income: 10_000,
  monthly_expenses: 6000,
  monthly_savings: null,
  debts: 0,
  monte_carlo_paths: 0,
  seed: null,
  preferences: { investment_return_rate: 0.06, fire_rule_multiplier: 25, max_projection_years: 30, retirement_age: 52, inflation_rate: 0.02 },
} as unknown as PlanInputs;

function point(month: number, netWorth: number, retired = false) {
  return {
    month, date: `${2026 + Math.floor((month + 10) / 12)}-${String(((month + 10) % 12) + 1).padStart(2, "0")}-01`, age: 34 + month / 12,
    income: 0, expenses: 0, contribution: 4000, balances: {}, investable: 100_000 + month * 1000,
    net_worth: netWorth, net_worth_real: netWorth / 1.02 ** (month / 12), fire_number: 1_800_000 * 1.02 ** (month / 12), retired,
  };
}

const result = {
  fire: { fire_number: 1_800_000, months_to_fi: 200 },
  points: [point(0, 100_000), point(6, 130_000), point(12, 160_000), point(18, 190_000, true)],
} as unknown as PlanResult;

describe("what-if", () => {
  it("starts from the plan's own numbers", () => {
    expect(baseWhatIf(inputs)).toEqual({ monthlySavings: 4000, monthlyExpenses: 6000, returnRate: 0.06, retirementAge: 52 });
  });

  it("leaves the plan's savings alone until the savings slider moves", () => {
    const untouched = whatIfBody(inputs, baseWhatIf(inputs));
    expect(untouched.monthly_savings).toBeNull();
    expect(untouched.preferences?.retirement_age).toBe(52);
    const moved = whatIfBody(inputs, { monthlySavings: 5000, monthlyExpenses: 5500, returnRate: 0.07, retirementAge: 30 });
    // Saving 5,000 with 5,500 of spending out of 10,000: 500 on top of the plan's own saving (which keeps
    // following inflation and future plans), not a saving frozen at 5,000.
    expect(moved.monthly_savings).toBeNull();
    expect(moved.extra_monthly_savings).toBe(500);
    expect(untouched.extra_monthly_savings).toBe(0);
    expect(whatIfBody({ ...inputs, monthly_savings: 3000 }, { ...baseWhatIf(inputs), monthlySavings: 3500 }).monthly_savings).toBe(3500);
    expect(moved.monthly_expenses).toBe(5500);
    expect(moved.preferences?.investment_return_rate).toBe(0.07);
    // A retirement age below today's age is refused by the engine: it is raised to today's age.
    expect(moved.preferences?.retirement_age).toBe(34);
    expect(moved.preferences?.inflation_rate).toBe(0.02);
    expect(moved.start_date).toBe("2026-11-01");
  });
});

describe("projection rows", () => {
  it("keeps one row a year and the last month", () => {
    const rows = projectionRows(result, 0.02, false);
    expect(rows.map((r) => r.netWorth)).toEqual([100_000, 160_000, 190_000]);
    expect(rows[2].retired).toBe(true);
  });

  it("shows the FIRE number in today's dollars as a constant when real", () => {
    const rows = projectionRows(result, 0.02, true);
    for (const r of rows) expect(r.fireNumber).toBeCloseTo(1_800_000, 0);
    expect(rows[1].netWorth).toBeCloseTo(160_000 / 1.02, 2);
  });
});

describe("simulation requests", () => {
  it("accumulates to the retirement age then spends the plan's expenses for 30 years", () => {
    const body = monteCarloBody(inputs, result);
    expect(body).toMatchObject({
      initial_balance: 100_000, accumulation_years: 18, years: 48, annual_contribution: 48_000, fi_target: 1_800_000,
      withdrawal: { kind: "constant_dollar", initial_amount: 72_000 },
      // The plan's 6% expected return and 2% inflation, not the historical 60/40 default: otherwise the
      // simulation says "FI in 15 years" beside a projection that never reaches FI.
      market: { model: "normal", stock_share: 1, stock_mean: 0.06, inflation_mean: 0.02 },
    });
  });

  it("backtests the FIRE number: dollars for the 4% rule, the same rate for the others", () => {
    expect(backtestBody(1_800_000, 72_000).withdrawal).toEqual({ kind: "constant_dollar", initial_amount: 72_000 });
    expect(backtestBody(1_800_000, 72_000, "vpw").withdrawal).toEqual({ kind: "vpw", initial_rate: 0.04 });
    expect(backtestBody(1_800_000, 72_000).initial_balance).toBe(1_800_000);
  });

  it("reads the lowest spending and the percentile bands", () => {
    const bt = { results: [{ lowest_withdrawal: 50 }, { lowest_withdrawal: 30 }] } as BacktestResult;
    expect(lowestWithdrawal(bt)).toBe(30);
    expect(lowestWithdrawal({ results: [] } as unknown as BacktestResult)).toBeNull();
    const mc = { balance_bands: [{ year: 1, p10: 1, p25: 2, p50: 3, p75: 4, p90: 5 }] } as MonteCarloResult;
    expect(bandRows(mc)).toEqual([{ year: 1, p10: 1, p50: 3, p90: 5, outer: [1, 5], inner: [2, 4] }]);
  });

  it("builds the contribution-order request within the API's bounds", () => {
    const body = contributionOrderBody({
      annualBudget: 30_000, tfsaRoom: 7000, rrspRoom: -5, fhsaRoom: 8000, firstTimeBuyer: false,
      marginalNow: 0.43, marginalRetirement: 1.2, debts: 0, expectedReturn: 0.06,
    });
    expect(body).toMatchObject({ annual_budget: 30_000, rrsp_room: 0, fhsa_room: 0, marginal_rate_retirement: 0.99, high_interest_debt_rate: 0 });
    const buyer = contributionOrderBody({
      annualBudget: 30_000, tfsaRoom: 7000, rrspRoom: 1000, fhsaRoom: 8000, firstTimeBuyer: true,
      marginalNow: 0.3, marginalRetirement: 0.2, debts: 2000, expectedReturn: 0.05,
    });
    expect(buyer).toMatchObject({ fhsa_room: 8000, first_time_home_buyer: true, high_interest_debt: 2000, high_interest_debt_rate: 0.2 });
  });
});

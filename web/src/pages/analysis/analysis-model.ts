/** Request bodies and chart rows for /analysis, built from the user's plan (GET /api/v1/plan): the what-if
 * projection, the Monte Carlo run, the historical backtests and the contribution-order advice. Pure functions. */
import type { CalcBody, CalcResult } from "@/api/calc";
import type { PlanInputs, PlanResult } from "@/api/plan";

export type ProjectionBody = CalcBody<"/api/v1/calc/projection">;
export type MonteCarloBody = CalcBody<"/api/v1/calc/monte-carlo">;
export type BacktestBody = CalcBody<"/api/v1/calc/backtest">;
export type ContributionOrderBody = CalcBody<"/api/v1/calc/contribution-order">;
export type MonteCarloResult = CalcResult<"/api/v1/calc/monte-carlo">;
export type BacktestResult = CalcResult<"/api/v1/calc/backtest">;

export const RETIREMENT_YEARS = 30;
export const MC_PATHS = 2000;
export const MC_SEED = 2026;

/** The slider values of the what-if panel. Savings are what goes to investments each month while working. */
export interface WhatIf {
  monthlySavings: number;
  monthlyExpenses: number;
  returnRate: number;
  retirementAge: number;
}

export function retirementAgeOf(inputs: PlanInputs): number {
  const age = inputs.preferences?.retirement_age;
  return age ?? Math.max(inputs.current_age + 1, 65);
}

/** The what-if starting point: the plan's own numbers. */
export function baseWhatIf(inputs: PlanInputs): WhatIf {
  return {
    monthlySavings: round(inputs.monthly_savings ?? Math.max(inputs.monthly_income - inputs.monthly_expenses, 0)),
    monthlyExpenses: round(inputs.monthly_expenses),
    returnRate: inputs.preferences?.investment_return_rate ?? 0.1,
    retirementAge: retirementAgeOf(inputs),
  };
}

const round = (n: number) => Math.round(n);

/** The plan's inputs with the what-if values in place. Savings moved to X make the first month's saving X: the
 * difference from income minus expenses rides on the plan's own saving (extra_monthly_savings), which keeps
 * following raises, inflation and future plans, as the coach's what-ifs do. Left alone, the plan's own savings
 * apply, so the untouched what-if reproduces the plan. */
export function whatIfBody(inputs: PlanInputs, w: WhatIf): ProjectionBody {
  const prefs = inputs.preferences ?? {};
  const savingsMoved = w.monthlySavings !== baseWhatIf(inputs).monthlySavings;
  const fixed = inputs.monthly_savings ?? null;
  return {
    ...(inputs as unknown as ProjectionBody),
    monthly_expenses: w.monthlyExpenses,
    monthly_savings: savingsMoved && fixed != null ? w.monthlySavings : fixed,
    extra_monthly_savings: savingsMoved && fixed == null ? Math.round((w.monthlySavings - (inputs.monthly_income - w.monthlyExpenses)) * 100) / 100 : 0,
    monte_carlo_paths: 0,
    preferences: {
      ...(prefs as ProjectionBody["preferences"]),
      investment_return_rate: w.returnRate,
      retirement_age: Math.max(w.retirementAge, inputs.current_age),
    },
  } as ProjectionBody;
}

export interface ProjectionRow {
  year: number;
  age: number;
  netWorth: number;
  fireNumber: number;
  retired: boolean;
}

/** One row a year (and the last month) of the plan, in nominal dollars or in today's dollars. Today's dollars
 * divide by the plan's inflation compounded from the start. */
export function projectionRows(plan: PlanResult, inflation: number, real: boolean): ProjectionRow[] {
  const rows: ProjectionRow[] = [];
  const points = plan.points;
  points.forEach((p, i) => {
    if (p.month % 12 !== 0 && i !== points.length - 1) return;
    const deflator = real ? (1 + inflation) ** (p.month / 12) : 1;
    rows.push({
      year: Number(p.date.slice(0, 4)),
      age: Math.floor(p.age),
      netWorth: real ? p.net_worth_real : p.net_worth,
      fireNumber: p.fire_number / deflator,
      retired: p.retired,
    });
  });
  return rows;
}

/** Accumulate until the retirement age, then spend the plan's expenses for 30 years, in today's dollars. Yearly
 * returns vary around the plan's own expected return and inflation (as the plan's retirement outlook does), so the
 * simulation and the projection above it answer the same question. */
export function monteCarloBody(inputs: PlanInputs, result: PlanResult, overrides: Partial<MonteCarloBody> = {}): MonteCarloBody {
  const accumulation = Math.max(0, Math.min(retirementAgeOf(inputs) - inputs.current_age, 60));
  const start = result.points[0];
  const prefs = inputs.preferences;
  return {
    market: {
      model: "normal", stock_share: 1,
      stock_mean: prefs?.investment_return_rate ?? 0.1,
      ...(prefs?.inflation_rate != null ? { inflation_mean: prefs.inflation_rate } : {}),
    },
    initial_balance: Math.max(start?.investable ?? 0, 0),
    years: accumulation + RETIREMENT_YEARS,
    paths: MC_PATHS,
    seed: MC_SEED,
    accumulation_years: accumulation,
    annual_contribution: Math.max(start?.contribution ?? 0, 0) * 12,
    fi_target: result.fire.fire_number,
    withdrawal: { kind: "constant_dollar", initial_amount: inputs.monthly_expenses * 12 },
    ...overrides,
  } as MonteCarloBody;
}

export const WITHDRAWAL_RULES = [
  { kind: "constant_dollar", label: "Constant dollar (4% rule)", about: "The first year's 4% rises with inflation every year." },
  { kind: "constant_percentage", label: "Constant percentage", about: "Withdraw 4% of whatever the portfolio holds each year." },
  { kind: "guyton_klinger", label: "Guyton-Klinger guardrails", about: "Cut or raise spending 10% when the rate leaves a ±20% band." },
  { kind: "vpw", label: "Variable percentage (VPW)", about: "A share that grows with age so the money lasts the horizon." },
] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_RULES)[number]["kind"];

/** Retiring today with the FIRE number, spending the plan's expenses: every historical 30-year start. */
export const BOND_SERIES = [
  ["treasury_10y", "10-year Treasuries (Shiller, 1871-2025)"],
  ["treasury_10y_calendar", "10-year Treasuries (Damodaran, 1928-2025)"],
  ["corporate_baa", "Baa corporate bonds (Damodaran, 1928-2025)"],
  ["treasury_bills", "3-month Treasury bills (Damodaran, 1928-2025)"],
] as const;
export type BondSeries = (typeof BOND_SERIES)[number][0];

export function backtestBody(fireNumber: number, annualExpenses: number, kind: WithdrawalKind = "constant_dollar",
  options: { bondSeries?: BondSeries; timing?: "start" | "end" } = {}): BacktestBody {
  const rate = fireNumber > 0 ? Math.min(Math.max(annualExpenses / fireNumber, 0.001), 1) : 0.04;
  return {
    initial_balance: fireNumber,
    years: RETIREMENT_YEARS,
    withdrawal: kind === "constant_dollar" ? { kind, initial_amount: annualExpenses } : { kind, initial_rate: rate },
    ...(options.bondSeries && options.bondSeries !== "treasury_10y" ? { bond_series: options.bondSeries } : {}),
    ...(options.timing === "end" ? { withdrawal_timing: "end" } : {}),
  } as BacktestBody;
}

/** The lowest yearly spending any start year saw, for comparing how much a rule cuts in bad times. */
export function lowestWithdrawal(result: BacktestResult): number | null {
  if (result.results.length === 0) return null;
  return Math.min(...result.results.map((r) => r.lowest_withdrawal));
}

export interface BandRow {
  year: number;
  p10: number;
  p50: number;
  p90: number;
  /** [low, high] pairs for recharts' ranged areas. */
  outer: [number, number];
  inner: [number, number];
}

export function bandRows(result: MonteCarloResult): BandRow[] {
  return result.balance_bands.map((b) => ({
    year: b.year, p10: b.p10, p50: b.p50, p90: b.p90, outer: [b.p10, b.p90], inner: [b.p25, b.p75],
  }));
}

/** The contribution-order request: a year of the plan's savings, the rooms and both marginal rates. */
export function contributionOrderBody(a: {
  annualBudget: number;
  tfsaRoom: number;
  rrspRoom: number;
  fhsaRoom: number;
  firstTimeBuyer: boolean;
  marginalNow: number;
  marginalRetirement: number;
  debts: number;
  expectedReturn: number;
}): ContributionOrderBody {
  return {
    annual_budget: Math.max(a.annualBudget, 0),
    tfsa_room: Math.max(a.tfsaRoom, 0),
    rrsp_room: Math.max(a.rrspRoom, 0),
    fhsa_room: a.firstTimeBuyer ? Math.max(a.fhsaRoom, 0) : 0,
    first_time_home_buyer: a.firstTimeBuyer,
    marginal_rate_now: clampUnit(a.marginalNow),
    marginal_rate_retirement: clampUnit(a.marginalRetirement),
    high_interest_debt: Math.max(a.debts, 0),
    high_interest_debt_rate: a.debts > 0 ? 0.2 : 0,
    expected_return: a.expectedReturn,
  } as ContributionOrderBody;
}

const clampUnit = (n: number) => Math.min(Math.max(n, 0), 0.99);

/** Chart rows and request bodies for /analysis and the dashboard, built from the household plan's answers (GET
 * /api/v1/plan/summary, /household, /household/risk): the net-worth series, the yearly cash flow, the risk bands,
 * the what-if changes the sliders make, and the calculator bodies of the panels that compare withdrawal rules and
 * order the savings. Pure functions: every FI figure itself comes from the API, none is worked out here. */
import type { Schemas } from "@firepath/shared/api";
import { formatCurrency, formatMonth, formatPercent } from "@firepath/shared/format";
import type { CalcBody, CalcResult } from "@/api/calc";

export type PlanYear = Schemas["PlanYear"];
export type HouseholdInputs = Schemas["HouseholdInputs"];
export type RiskCard = Schemas["RiskCard"];
export type ScenarioChanges = Schemas["ScenarioChanges"];
export type ScenarioResult = Schemas["ScenarioResult"];
export type BacktestBody = CalcBody<"/api/v1/calc/backtest">;
export type BacktestResult = CalcResult<"/api/v1/calc/backtest">;
export type ContributionOrderBody = CalcBody<"/api/v1/calc/contribution-order">;

export const RETIREMENT_YEARS = 30;

/** One plan year's money in and out, grouped as the cash-flow chart and table show it. */
export interface CashFlowRow {
  year: number;
  ages: string;
  employment: number;
  cpp: number;
  oas: number;
  pension: number;
  other: number;
  rrsp: number;
  nonRegistered: number;
  tfsa: number;
  cash: number;
  tax: number;
  spending: number;
  saved: number;
  shortfall: number;
}

export function cashFlowRows(years: PlanYear[]): CashFlowRow[] {
  return years.map((y) => ({
    year: y.year,
    ages: y.ages.join(" & "),
    employment: y.employment,
    cpp: y.cpp,
    oas: y.oas,
    pension: y.pension,
    other: y.other_income + y.rental_income + y.dividends,
    rrsp: y.rrsp_withdrawal,
    nonRegistered: y.non_registered_withdrawal,
    tfsa: y.tfsa_withdrawal,
    cash: y.cash_withdrawal,
    tax: y.income_tax + y.oas_recovery + y.payroll,
    spending: y.spending,
    saved: y.contributions,
    shortfall: y.shortfall,
  }));
}

export type PlanMonth = Schemas["PlanMonth"];

/** One month of the plan, grouped as the yearly rows are (the plan year's row is the sum of its months), with the
 * month's label for the chart and table and the investable savings at its end. */
export interface MonthRow extends Omit<CashFlowRow, "year"> {
  month: string;
  label: string;
  investable: number;
}

export function monthRows(months: PlanMonth[]): MonthRow[] {
  return months.map((m) => ({
    month: m.month,
    label: formatMonth(m.month),
    ages: m.ages.join(" & "),
    employment: m.employment,
    cpp: m.cpp,
    oas: m.oas,
    pension: m.pension,
    other: m.other_income + m.rental_income + m.dividends,
    rrsp: m.rrsp_withdrawal,
    nonRegistered: m.non_registered_withdrawal,
    tfsa: m.tfsa_withdrawal,
    cash: m.cash_withdrawal,
    tax: m.tax + m.payroll,
    spending: m.spending,
    saved: m.contributions,
    shortfall: m.shortfall,
    investable: m.investable,
  }));
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

/** A risk card's yearly percentiles of investable savings as the fan chart's rows. */
export function bandRows(card: RiskCard): BandRow[] {
  return card.bands.map((b) => ({
    year: Math.round(b.year), p10: b.p10, p50: b.p50, p90: b.p90, outer: [b.p10, b.p90], inner: [b.p25, b.p75],
  }));
}

/** The calendar years in which some runs first fell short, most first. */
export function shortYears(card: RiskCard): { year: number; runs: number }[] {
  return Object.entries(card.first_short_years)
    .map(([year, runs]) => ({ year: Number(year), runs }))
    .sort((a, b) => b.runs - a.runs || a.year - b.year);
}

/** The what-if panel's slider values. Spending is yearly; the extra saving is monthly, on top of the plan's. */
export interface WhatIf {
  retirementAges: number[];
  extraMonthly: number;
  spending: number;
  cppStartAge: number;
  returnRate: number;
}

export const DEFAULT_RETIREMENT_AGE = 65;

/** The sliders at the plan's own values. */
export function baseWhatIf(inputs: HouseholdInputs): WhatIf {
  return {
    retirementAges: inputs.people.map((p) => Math.round(p.retirement_age ?? DEFAULT_RETIREMENT_AGE)),
    extraMonthly: 0,
    spending: Math.round(inputs.spending),
    cppStartAge: Math.round(inputs.people[0]?.cpp_start_age ?? 65),
    returnRate: inputs.return_rate,
  };
}

/** Only what the sliders moved, so an untouched what-if is the plan as saved ({}), and a moved retirement age
 * leaves the other adult's saved age alone (null). */
export function whatIfChanges(base: WhatIf, w: WhatIf): ScenarioChanges {
  const changes: ScenarioChanges = {};
  if (w.retirementAges.some((a, i) => a !== base.retirementAges[i])) {
    changes.retirement_ages = w.retirementAges.map((a, i) => (a !== base.retirementAges[i] ? a : null));
  }
  if (w.extraMonthly !== base.extraMonthly) changes.extra_monthly_saving = w.extraMonthly;
  if (w.spending !== base.spending) changes.spending = w.spending;
  if (w.cppStartAge !== base.cppStartAge) changes.cpp_start_age = w.cppStartAge;
  if (w.returnRate !== base.returnRate) changes.return_rate = w.returnRate;
  return changes;
}

export const isUntouched = (changes: ScenarioChanges) => Object.keys(changes).length === 0;

/** "4 years and 2 months sooner" between two month counts to FI; null when either is not within the plan. */
export function monthsApart(plan: number | null, whatIf: number | null): string | null {
  if (plan == null || whatIf == null) return null;
  const d = plan - whatIf;
  if (d === 0) return "Same as your plan";
  const n = Math.abs(d);
  const years = Math.floor(n / 12);
  const months = n % 12;
  const parts = [years > 0 && `${years} year${years === 1 ? "" : "s"}`, months > 0 && `${months} month${months === 1 ? "" : "s"}`].filter(Boolean);
  return `${parts.join(" and ")} ${d > 0 ? "sooner" : "later"} than your plan`;
}

export const WITHDRAWAL_RULES = [
  { kind: "constant_dollar", label: "Constant dollar (4% rule)", about: "The first year's 4% rises with inflation every year." },
  { kind: "constant_percentage", label: "Constant percentage", about: "Withdraw 4% of whatever the portfolio holds each year." },
  { kind: "guyton_klinger", label: "Guyton-Klinger guardrails", about: "Cut or raise spending 10% when the rate leaves a ±20% band." },
  { kind: "vpw", label: "Variable percentage (VPW)", about: "A share that grows with age so the money lasts the horizon." },
] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_RULES)[number]["kind"];

/** Retiring with `balance` and spending `annualSpending` in every historical 30-year stretch, under one rule. */
export function backtestBody(balance: number, annualSpending: number, kind: WithdrawalKind = "constant_dollar"): BacktestBody {
  const rate = balance > 0 ? Math.min(Math.max(annualSpending / balance, 0.001), 1) : 0.04;
  return {
    initial_balance: balance,
    years: RETIREMENT_YEARS,
    withdrawal: kind === "constant_dollar" ? { kind, initial_amount: annualSpending } : { kind, initial_rate: rate },
  } as BacktestBody;
}

/** The lowest yearly spending any start year saw, for comparing how much a rule cuts in bad times. */
export function lowestWithdrawal(result: BacktestResult): number | null {
  if (result.results.length === 0) return null;
  return Math.min(...result.results.map((r) => r.lowest_withdrawal));
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

export type PlanBalances = Schemas["PlanBalances"];

/** One chart point of the drawdown by account: what each kind of account holds (today's dollars). */
export interface BalanceRow {
  year: number;
  rrsp: number;
  tfsa: number;
  fhsa: number;
  nonRegistered: number;
  cash: number;
}

/** The plan's balances by account (GET /plan/household `balances`: today, then each year end) as chart rows. */
export function balanceRows(b: PlanBalances): BalanceRow[] {
  return b.years.map((year, i) => ({
    year, rrsp: b.rrsp[i] ?? 0, tfsa: b.tfsa[i] ?? 0, fhsa: b.fhsa[i] ?? 0, nonRegistered: b.non_registered[i] ?? 0, cash: b.cash[i] ?? 0,
  }));
}

/** The first year-end point at which an account the plan started with is empty, per account: "when the RRSP runs
 * out". Reads the API's balances; null for an account that never empties (or never held anything). */
export function emptiedIn(rows: BalanceRow[], key: Exclude<keyof BalanceRow, "year">): number | null {
  if (!rows.some((r) => r[key] >= 1)) return null;
  const last = rows.reduce((at, r, i) => (r[key] >= 1 ? i : at), -1);
  return last < rows.length - 1 ? rows[last + 1].year : null;
}

/** One plan year's tax, as the tax chart stacks it. */
export interface TaxRow {
  year: number;
  incomeTax: number;
  oasRecovery: number;
  payroll: number;
}

export function taxRows(years: PlanYear[]): TaxRow[] {
  return years.map((y) => ({ year: y.year, incomeTax: y.income_tax, oasRecovery: y.oas_recovery, payroll: y.payroll }));
}

export const MAX_COMPARED = 3;

/** A scenario ticked or unticked in the comparison: at most three, in the order they were picked. */
export function toggleCompared(ids: string[], id: string): string[] {
  if (ids.includes(id)) return ids.filter((i) => i !== id);
  return ids.length >= MAX_COMPARED ? ids : [...ids, id];
}

/** The comparison's net-worth lines as chart rows ({ year, s0, s1, ... }, one key per result): today's point is the
 * summary's (a scenario changes nothing already saved), then each result's year ends, which share the summary's
 * years (GET /plan/scenarios/compare). */
export function comparisonRows(results: ScenarioResult[], today: { year: number; netWorth: number }): Record<string, number>[] {
  const byYear = new Map<number, Record<string, number>>();
  byYear.set(today.year, Object.fromEntries([["year", today.year], ...results.map((_, i) => [`s${i}`, today.netWorth])]));
  results.forEach((r, i) => {
    r.years.forEach((year, j) => {
      const row = byYear.get(year) ?? { year };
      row[`s${i}`] = r.net_worth[j];
      byYear.set(year, row);
    });
  });
  return [...byYear.values()].sort((a, b) => a.year - b.year);
}

/** Which result is best on a measure (the earliest FI date, the highest success rate, the least tax, the most
 * spending or estate), to mark it in the side-by-side table; null when they tie or none has a value. */
export function bestOf(values: (number | null | undefined)[], better: "low" | "high"): number | null {
  const known = values.map((v, i) => ({ v, i })).filter((x): x is { v: number; i: number } => x.v != null);
  if (known.length < 2) return null;
  const sorted = [...known].sort((a, b) => (better === "low" ? a.v - b.v : b.v - a.v));
  return sorted[0].v === sorted[1].v ? null : sorted[0].i;
}

const dollars = (n: number) => formatCurrency(n, { wholeDollars: true });

/** A saved scenario's changes in a few words ("Maya retires at 50 · CPP at 70 · $500 more saved a month"), for the
 * list to pick from and as the name a what-if is saved under when none is typed. */
export function describeChanges(c: ScenarioChanges, names: string[] = []): string {
  const parts: string[] = [];
  (c.retirement_ages ?? []).forEach((age, i) => {
    if (age == null) return;
    const who = names.length > 1 ? `${names[i] ?? "Partner"} retires` : "Retire";
    parts.push(`${who} at ${Math.round(age * 10) / 10}`);
  });
  if (c.extra_monthly_saving) {
    const n = c.extra_monthly_saving;
    parts.push(`${dollars(Math.abs(n))} ${n > 0 ? "more" : "less"} saved a month`);
  }
  if (c.spending != null) parts.push(`spend ${dollars(c.spending)} a year`);
  if (c.retirement_spending != null) parts.push(`spend ${dollars(c.retirement_spending)} a year retired`);
  if (c.cpp_start_age != null) parts.push(`CPP at ${c.cpp_start_age}`);
  if (c.oas_start_age != null) parts.push(`OAS at ${c.oas_start_age}`);
  if (c.return_rate != null) parts.push(`${formatPercent(c.return_rate, { digits: 2 })} return`);
  if (c.meltdown_income != null) parts.push(`RRSP meltdown to ${dollars(c.meltdown_income)}`);
  for (const o of c.one_offs ?? []) {
    const n = Number(o.amount);
    parts.push(`${o.label ?? (n >= 0 ? "spend" : "receive")} ${dollars(Math.abs(n))} in ${formatMonth(o.on)}`);
  }
  for (const p of c.part_time ?? []) {
    parts.push(`${names.length > 1 ? `${names[p.person ?? 0] ?? "Partner"} works` : "Work"} part-time from ${formatMonth(p.start)} (${dollars(Number(p.income))} a year)`);
  }
  if (parts.length === 0) return "Your plan as saved";
  const text = parts.join(" · ");
  return text[0].toUpperCase() + text.slice(1);
}

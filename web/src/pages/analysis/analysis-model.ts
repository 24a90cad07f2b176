/** Chart rows and request bodies for /analysis and the dashboard, built from the household plan's answers (GET
 * /api/v1/plan/summary, /household, /household/risk): the net-worth series, the yearly cash flow, the risk bands,
 * the what-if changes the sliders make, and the calculator bodies of the panels that compare withdrawal rules and
 * order the savings. Pure functions: every FI figure itself comes from the API, none is worked out here. */
import type { Schemas } from "@firepath/shared/api";
import { formattersFor } from "@firepath/shared/format";
import type { Locale } from "@firepath/shared/i18n/locales";
import type { CalcBody, CalcResult } from "@/api/calc";
import { type AnalysisI18n, analysisEnglish, msg } from "@/pages/analysis/analysis-i18n";

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
 * month's label for the chart and table ("November 2026", in the language given) and the investable savings at its
 * end. */
export interface MonthRow extends Omit<CashFlowRow, "year"> {
  month: string;
  label: string;
  investable: number;
}

export function monthRows(months: PlanMonth[], locale: Locale = "en-CA"): MonthRow[] {
  const { month } = formattersFor(locale);
  return months.map((m) => ({
    month: m.month,
    label: month(m.month),
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

/** "4 years and 2 months sooner than your plan" between two month counts to FI (`short`: "4 years and 2 months
 * sooner"); null when either is not within the plan. */
export function monthsApart(plan: number | null, whatIf: number | null, { t }: AnalysisI18n = analysisEnglish, { short = false } = {}): string | null {
  if (plan == null || whatIf == null) return null;
  const d = plan - whatIf;
  if (d === 0) return t("analysis.apart.same");
  const n = Math.abs(d);
  const years = Math.floor(n / 12);
  const months = n % 12;
  const span = years === 0 ? t("analysis.apart.months", { months })
    : months === 0 ? t("analysis.apart.years", { years })
    : t("analysis.apart.both", { years, months });
  if (short) return d > 0 ? t("analysis.apart.soonerShort", { span }) : t("analysis.apart.laterShort", { span });
  return d > 0 ? t("analysis.apart.sooner", { span }) : t("analysis.apart.later", { span });
}

/** The rules compared, with the message ids of their names and what they do. */
export const WITHDRAWAL_RULES = [
  { kind: "constant_dollar", label: msg("analysis.rules.constantDollar"), about: msg("analysis.rules.constantDollarAbout") },
  { kind: "constant_percentage", label: msg("analysis.rules.constantPercentage"), about: msg("analysis.rules.constantPercentageAbout") },
  { kind: "guyton_klinger", label: msg("analysis.rules.guytonKlinger"), about: msg("analysis.rules.guytonKlingerAbout") },
  { kind: "vpw", label: msg("analysis.rules.vpw"), about: msg("analysis.rules.vpwAbout") },
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

/** A saved scenario's changes in a few words ("Maya retires at 50 · CPP at 70 · $500 more saved a month"), in the
 * language given, for the list to pick from and as the name a what-if is saved under when none is typed. */
export function describeChanges(c: ScenarioChanges, names: string[] = [], { t, locale }: AnalysisI18n = analysisEnglish): string {
  const f = formattersFor(locale);
  const dollars = (n: number) => f.money(n, { wholeDollars: true });
  const age = (a: number) => f.number(a, { digits: 1 });
  const couple = names.length > 1;
  const parts: string[] = [];
  (c.retirement_ages ?? []).forEach((a, i) => {
    if (a == null) return;
    parts.push(couple
      ? t("analysis.describe.retires", { name: names[i] ?? t("analysis.describe.partner"), age: age(a) })
      : t("analysis.describe.retire", { age: age(a) }));
  });
  if (c.extra_monthly_saving) {
    const n = c.extra_monthly_saving;
    const amount = dollars(Math.abs(n));
    parts.push(n > 0 ? t("analysis.describe.saveMore", { amount }) : t("analysis.describe.saveLess", { amount }));
  }
  if (c.spending != null) parts.push(t("analysis.describe.spend", { amount: dollars(c.spending) }));
  if (c.retirement_spending != null) parts.push(t("analysis.describe.spendRetired", { amount: dollars(c.retirement_spending) }));
  if (c.cpp_start_age != null) parts.push(t("analysis.describe.cpp", { age: f.number(c.cpp_start_age, { digits: 2 }) }));
  if (c.oas_start_age != null) parts.push(t("analysis.describe.oas", { age: f.number(c.oas_start_age, { digits: 2 }) }));
  if (c.return_rate != null) parts.push(t("analysis.describe.return", { rate: f.percent(c.return_rate, { digits: 2 }) }));
  if (c.meltdown_income != null) parts.push(t("analysis.describe.meltdown", { amount: dollars(c.meltdown_income) }));
  for (const o of c.one_offs ?? []) {
    const n = Number(o.amount);
    const values = { amount: dollars(Math.abs(n)), month: f.month(o.on) };
    parts.push(o.label != null ? t("analysis.describe.oneOff", { ...values, label: o.label })
      : n >= 0 ? t("analysis.describe.oneOffSpend", values) : t("analysis.describe.oneOffReceive", values));
  }
  for (const p of c.part_time ?? []) {
    const values = { month: f.month(p.start), amount: dollars(Number(p.income)) };
    parts.push(couple
      ? t("analysis.describe.partTimeWho", { ...values, name: names[p.person ?? 0] ?? t("analysis.describe.partner") })
      : t("analysis.describe.partTime", values));
  }
  if (parts.length === 0) return t("analysis.describe.asSaved");
  const text = parts.join(" · ");
  return text[0].toUpperCase() + text.slice(1);
}

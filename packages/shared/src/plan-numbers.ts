/** The signed-in user's numbers that the tax, strategy and calculator screens start from, all read from the
 * household plan (GET /api/v1/plan/household and /plan/summary), the one source of every FI figure: province,
 * pay, age, what is invested by account, spending, saving, the FI date and FIRE number; and the FIRE calculator's
 * starting values from them. Nothing here recomputes a figure the plan already gives. Shared by the web and the app. */
import type { Schemas } from "./api/client";
import { type ProvinceCode } from "./canada";

type PlanSummary = Schemas["PlanSummaryRead"];
type HouseholdPlan = Schemas["HouseholdPlanRead"];

/** Whether the plan had to assume something (its `missing` list names it, e.g. "province (assumed ON)"). */
const assumed = (missing: string[], what: string) => missing.some((m) => m.toLowerCase().startsWith(what));

export interface Invested {
  total: number;
  rrsp: number;
  tfsa: number;
  fhsa: number;
  non_registered: number;
  cash: number;
}

/** What the plan counts as investable today (registered, non-registered and cash, not the home), by account:
 * the total is the summary's investable_today, the split the household inputs' balances. */
export function investedOf(summary: PlanSummary, household: HouseholdPlan | undefined): Invested {
  const people = household?.inputs.people ?? [];
  const sum = (key: "rrsp" | "tfsa" | "fhsa") => people.reduce((s, p) => s + Number(p[key] ?? 0), 0);
  return {
    total: Number(summary.investable_today),
    rrsp: sum("rrsp"), tfsa: sum("tfsa"), fhsa: sum("fhsa"),
    non_registered: Number(household?.inputs.non_registered ?? 0), cash: Number(household?.inputs.cash ?? 0),
  };
}

/** The numbers a screen starts from, with which of them are the user's own (not assumed by the plan). */
export interface PlanNumbers {
  province: ProvinceCode;
  ownProvince: boolean;
  /** The first person's gross yearly employment income (0 without one). */
  salary: number;
  /** The first person's age at the start of the plan, when the plan did not assume it. */
  age: number | null;
  retirementAge: number | null;
  /** Yearly spending after tax, 0 when the plan has none. */
  spending: number;
  /** What the plan saves in its first year (its contributions). */
  saving: number | null;
  returnRate: number;
  inflation: number;
}

export function planNumbers(summary: PlanSummary, household: HouseholdPlan): PlanNumbers {
  const { inputs, missing } = household;
  const you = inputs.people[0];
  const first = household.years[0];
  return {
    province: inputs.province,
    ownProvince: !assumed(missing, "province"),
    salary: Number(you?.employment_income ?? 0),
    age: you && !assumed(missing, "age (assumed") ? you.age : null,
    retirementAge: summary.target?.age ?? you?.retirement_age ?? null,
    spending: missing.includes("expenses") ? 0 : Number(summary.spending),
    saving: first ? Number(first.contributions) : null,
    returnRate: Number(inputs.return_rate),
    inflation: Number(inputs.inflation),
  };
}

/** The FIRE calculator's starting values from the household plan: spending and what is invested today from the
 * summary, the plan's return and inflation, age and retirement age, and take-home pay and saving as the plan's first
 * year has them. The calculator stays a simple model; the screen shows the plan's own FI date beside its answer. */
/** A fraction (0.06) as the percent text the fields take ("6"), without float noise. */
const percentText = (fraction: number) => String(Number((fraction * 100).toFixed(4)));

export function fireSeed(summary: PlanSummary, household: HouseholdPlan): Record<string, string> {
  const n = planNumbers(summary, household);
  const seed: Record<string, string> = {};
  if (n.spending > 0) seed.annual_expenses = String(Math.round(n.spending));
  // Take-home pay is what the plan's first year spends plus what it saves; only while someone still works.
  if (n.saving !== null && Number(household.years[0]?.employment ?? 0) > 0) {
    seed.annual_savings = String(Math.max(0, Math.round(n.saving)));
    if (n.spending > 0) seed.annual_income = String(Math.round(n.spending + Math.max(0, n.saving)));
  }
  if (Number(summary.investable_today) > 0) seed.current_portfolio = String(Math.round(Number(summary.investable_today)));
  if (Number.isFinite(n.returnRate)) seed.annual_return = percentText(n.returnRate);
  if (Number.isFinite(n.inflation)) seed.inflation = percentText(n.inflation);
  if (n.age !== null) seed.current_age = String(n.age);
  if (n.retirementAge != null && (n.age === null || n.retirementAge >= n.age)) seed.retirement_age = String(Math.round(n.retirementAge));
  return seed;
}

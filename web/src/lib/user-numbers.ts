/** The signed-in user's numbers that the tax, strategy and calculator screens start from, all read from the
 * household plan (GET /api/v1/plan/household and /plan/summary), the one source of every FI figure: province,
 * pay, age, what is invested by account, spending, saving, the FI date and FIRE number. Nothing here recomputes a
 * figure the plan already gives. */
import { PROVINCES, type ProvinceCode } from "@firepath/shared/canada";
import type { HouseholdPlan, PlanSummary } from "@/api/plan";

export { PROVINCES, type ProvinceCode };

/** "2035-08-01" as "August 2035": the plan's FI date is a month, written as its headline writes it. */
export { formatMonth } from "@firepath/shared/format";

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

/** The FIRE calculator's starting values from the household plan, exactly as the web's fire-seed reads them
 * (GET /api/v1/plan/summary and /plan/household, the one source of the plan's figures): spending and what is
 * invested today from the summary, the plan's return and inflation, age and retirement age, and take-home pay and
 * saving as the plan's first year has them. */
import type { PlanSummary } from "@/features/plan/plan-api";
import type { HouseholdPlan } from "./calc-api";

/** Whether the plan had to assume something (its `missing` list names it, e.g. "age (assumed 35)"). */
const assumed = (missing: string[], what: string) => missing.some((m) => m.toLowerCase().startsWith(what));

/** A fraction (0.06) as the percent text the fields take ("6"), without float noise. */
const percentText = (fraction: number) => String(Number((fraction * 100).toFixed(4)));

export function fireSeed(summary: PlanSummary, household: HouseholdPlan): Record<string, string> {
  const { inputs, missing } = household;
  const you = inputs.people[0];
  const firstYear = household.years[0];
  const spending = missing.includes("expenses") ? 0 : Number(summary.spending);
  const saving = firstYear ? Number(firstYear.contributions) : null;
  const age = you && !assumed(missing, "age (assumed") ? you.age : null;
  const retirementAge = summary.target?.age ?? you?.retirement_age ?? null;
  const returnRate = Number(inputs.return_rate);
  const inflation = Number(inputs.inflation);

  const seed: Record<string, string> = {};
  if (spending > 0) seed.annual_expenses = String(Math.round(spending));
  // Take-home pay is what the plan's first year spends plus what it saves; only while someone still works.
  if (saving !== null && Number(firstYear?.employment ?? 0) > 0) {
    seed.annual_savings = String(Math.max(0, Math.round(saving)));
    if (spending > 0) seed.annual_income = String(Math.round(spending + Math.max(0, saving)));
  }
  if (Number(summary.investable_today) > 0) seed.current_portfolio = String(Math.round(Number(summary.investable_today)));
  if (Number.isFinite(returnRate)) seed.annual_return = percentText(returnRate);
  if (Number.isFinite(inflation)) seed.inflation = percentText(inflation);
  if (age !== null && age !== undefined) seed.current_age = String(age);
  if (retirementAge != null && (age == null || retirementAge >= age)) seed.retirement_age = String(Math.round(retirementAge));
  return seed;
}

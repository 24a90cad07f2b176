/** The FIRE calculator's starting values from the user's household plan (GET /api/v1/plan/summary and
 * /plan/household), the one source of their figures: spending and what is invested today from the summary, the
 * plan's return and inflation, age and retirement age, and take-home pay and saving as the plan's first year has
 * them. The calculator stays a simple model; the page shows the plan's own FI date beside its answer. */
import type { HouseholdPlan, PlanSummary } from "@/api/plan";
import { planNumbers } from "@/lib/user-numbers";

/** A fraction (0.06) as the percent text the fields take ("6"), without float noise. */
const percentText = (fraction: number) => String(Number((fraction * 100).toFixed(4)));

export function fireSeed(summary: PlanSummary, household: HouseholdPlan): Record<string, string> {
  const n = planNumbers(summary, household);
  const seed: Record<string, string> = {};
  if (n.spending > 0) seed.annual_expenses = String(Math.round(n.spending));
  // Take-home pay is what the plan's first year spends plus what it saves; only while someone still works.
  if (n.saving !== null && household.years[0]?.employment > 0) {
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

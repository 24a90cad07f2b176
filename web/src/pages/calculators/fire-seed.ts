/** The FIRE calculator's starting values from the user's own data: spending, income and savings from the snapshot,
 * what is invested from the plan, age from the profile, and the return, inflation, FIRE multiplier and target
 * retirement age the plan itself uses (the user's preferences), so the calculator agrees with Analysis. */
import type { PlanRead, Snapshot } from "@/pages/tax/user-numbers";
import { investedOf } from "@/pages/tax/user-numbers";

/** A fraction (0.06) as the percent text the fields take ("6"), without float noise. */
const percentText = (fraction: number) => String(Number((fraction * 100).toFixed(4)));

export function fireSeed(snapshot: Snapshot, plan: PlanRead | undefined, age: number | null | undefined): Record<string, string> {
  const seed: Record<string, string> = {};
  if (Number(snapshot.annual_expenses) > 0) seed.annual_expenses = String(Math.round(Number(snapshot.annual_expenses)));
  const income = Number(snapshot.total_monthly_income) * 12;
  if (income > 0) {
    seed.annual_income = String(Math.round(income));
    seed.annual_savings = String(Math.max(0, Math.round(Number(snapshot.monthly_surplus) * 12)));
  }
  const invested = investedOf(plan) ?? 0;
  if (invested > 0) seed.current_portfolio = String(Math.round(invested));
  if (age) seed.current_age = String(age);
  const prefs = plan?.inputs.preferences;
  if (prefs) {
    if (Number.isFinite(prefs.investment_return_rate)) seed.annual_return = percentText(prefs.investment_return_rate);
    if (Number.isFinite(prefs.inflation_rate)) seed.inflation = percentText(prefs.inflation_rate);
    if (prefs.fire_rule_multiplier > 0) seed.withdrawal_rate = String(Number((100 / prefs.fire_rule_multiplier).toFixed(2)));
    const currentAge = age ?? plan?.inputs.current_age;
    if (prefs.retirement_age != null && (currentAge == null || prefs.retirement_age >= currentAge)) {
      seed.retirement_age = String(prefs.retirement_age);
    }
  }
  return seed;
}

/** The plan's checks over API answers, shared by the dashboard, Analysis and Progress: the savings-rate and
 * emergency-fund checks against the spec's targets (20%; 3 to 6 months), and whether the plan has anything to go on
 * yet. Nothing here works out an FI figure: those all come from GET /api/v1/plan/summary. */
import type { PlanSummary } from "@/api/plan";

export const SAVINGS_RATE_TARGET = 0.2;
export const EMERGENCY_MONTHS_MIN = 3;
export const EMERGENCY_MONTHS_MAX = 6;

export type Status = "good" | "warn" | "bad" | "unknown";

export function savingsRateStatus(rate: number | null | undefined): Status {
  if (rate == null) return "unknown";
  if (rate >= SAVINGS_RATE_TARGET) return "good";
  return rate > 0 ? "warn" : "bad";
}

/** Months of total monthly expenses the emergency fund covers; null without expenses or a fund on record. */
export function emergencyMonths(fund: number | null | undefined, monthlyExpenses: number): number | null {
  if (fund == null || !(monthlyExpenses > 0)) return null;
  return fund / monthlyExpenses;
}

export function emergencyStatus(months: number | null): Status {
  if (months == null) return "unknown";
  if (months < EMERGENCY_MONTHS_MIN) return months > 0 ? "warn" : "bad";
  return "good";
}

/** Without spending the plan has no cost of independence to reach (the API then calls everyone independent): the
 * dashboard asks for the setup instead of showing that. */
export function needsSetup(summary: PlanSummary): boolean {
  return !(summary.spending > 0);
}

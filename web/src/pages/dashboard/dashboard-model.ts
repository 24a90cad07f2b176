/** The dashboard's checks and wording over API answers: the savings-rate and emergency-fund checks against the
 * spec's targets (20%; 3 to 6 months), and how the plan summary's FI figures read (the countdown, the ages, whether
 * the plan has anything to go on yet). Nothing here works out an FI figure: those all come from
 * GET /api/v1/plan/summary, so every screen shows the same ones. */
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

/** The summary's months to FI as words: "8 years and 9 months from now", "now". */
export function countdown(months: number | null | undefined): string | null {
  if (months == null) return null;
  if (months <= 0) return "now";
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [years > 0 && `${years} year${years === 1 ? "" : "s"}`, rest > 0 && `${rest} month${rest === 1 ? "" : "s"}`].filter(Boolean);
  return `${parts.join(" and ")} from now`;
}

/** "42" or "42 and 44" (you, then your partner): whole years, the age people say. */
export function agesText(ages: number[] | null | undefined): string | null {
  if (!ages || ages.length === 0) return null;
  return ages.map((a) => String(Math.floor(a + 1e-9))).join(" and "); // the age people say: 44 until the birthday
}

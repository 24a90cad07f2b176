/** The dashboard's derived figures: progress to the FIRE number, the savings-rate and emergency-fund checks against
 * the spec's targets (20%; 3 to 6 months), and the next best actions drawn from completion and the plan. Pure
 * functions over API answers, so the page and its tests share them. */
import type { Completion } from "@/api/completion";
import { formatCurrency } from "@firepath/shared/format";
import type { Plan, SavingsNeeded } from "@/api/plan";
import type { Snapshot } from "@/api/snapshot";

export const SAVINGS_RATE_TARGET = 0.2;
export const EMERGENCY_MONTHS_MIN = 3;
export const EMERGENCY_MONTHS_MAX = 6;

export type Status = "good" | "warn" | "bad" | "unknown";

/** Invested (and cash) assets today over the FIRE number, as a fraction capped at 1. */
export function fireProgress(investable: number | null | undefined, fireNumber: number): number | null {
  if (investable == null || !(fireNumber > 0)) return null;
  return Math.min(Math.max(investable / fireNumber, 0), 1);
}

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

export interface Action {
  id: string;
  title: string;
  detail: string;
  to: string;
  /** Lower is more urgent. */
  rank: number;
}

const GROUP_RANK = { Essential: 0, Important: 20, Optional: 40 } as const;

/** Up to `limit` next steps: fill in missing essentials first, then fix what the plan shows is off target. */
export function nextBestActions(
  { snapshot, plan, completion, emergencyFund, savingsNeeded }: {
    snapshot: Snapshot; plan?: Plan; completion?: Completion; emergencyFund?: number | null; savingsNeeded?: SavingsNeeded;
  },
  limit = 5,
): Action[] {
  const actions: Action[] = [];
  for (const s of (completion ?? snapshot.completion).sections) {
    if (s.score >= 100) continue;
    actions.push({
      id: `complete-${s.key}`,
      title: s.score > 0 ? `Finish ${s.label}` : `Add ${s.label}`,
      detail: `${s.group} · ${s.score}% complete. The more the plan knows, the less it assumes.`,
      to: s.route,
      rank: GROUP_RANK[s.group] + s.score / 10,
    });
  }
  const rate = snapshot.savings_rate;
  if (rate != null && rate < SAVINGS_RATE_TARGET) {
    actions.push({
      id: "savings-rate",
      title: "Raise your savings rate toward 20%",
      detail: "Review wants and bad-habit spending, then see on Analysis how much sooner you reach FI.",
      to: "/settings/expenses",
      rank: 5,
    });
  }
  const months = emergencyMonths(emergencyFund, snapshot.expenses.total);
  if (months != null && months < EMERGENCY_MONTHS_MIN) {
    actions.push({
      id: "emergency-fund",
      title: "Build your emergency fund to 3 months",
      detail: "Keep 3 to 6 months of expenses in cash before investing more.",
      to: "/settings/savings",
      rank: 6,
    });
  } else if (months != null && months > EMERGENCY_MONTHS_MAX * 1.5) {
    actions.push({
      id: "emergency-excess",
      title: "Put idle cash to work",
      detail: "Your emergency fund is well above 6 months: the excess could go to a TFSA, RRSP or FHSA.",
      to: "/analysis",
      rank: 30,
    });
  }
  if (plan) {
    const fire = plan.plan.fire;
    if (fire.fi_date == null) {
      actions.push({
        id: "fi-not-reached",
        title: "Find a path to financial independence",
        detail: savingsNeeded && !savingsNeeded.on_track && savingsNeeded.savings_difference > 0
          ? `Saving ${formatCurrency(savingsNeeded.savings_difference, { wholeDollars: true })} more a month reaches your FIRE number by ${savingsNeeded.target_age.toFixed(0)}; the what-if sliders on Analysis show other ways.`
          : "Your plan does not reach your FIRE number before retirement: try the what-if sliders on Analysis.",
        to: "/analysis",
        rank: 8,
      });
    }
    if (plan.inputs.debts > 0) {
      actions.push({
        id: "debts",
        title: "Pay down consumer debt",
        detail: "High-interest balances cost more than investments usually earn.",
        to: "/settings/credit",
        rank: 10,
      });
    }
    if (fire.fi_date != null) {
      actions.push({
        id: "optimize",
        title: "Compare RRSP, TFSA and FHSA for your savings",
        detail: "See where each dollar of your monthly savings does the most on Analysis › Optimization.",
        to: "/analysis",
        rank: 35,
      });
    }
  }
  return actions.sort((a, b) => a.rank - b.rank).slice(0, limit);
}

/** "12.3 years" / "8 months"; null reads as not reached within the plan's horizon. */
export function formatYears(years: number | null | undefined): string {
  if (years == null) return "Not within the plan";
  if (years < 1) return `${Math.max(Math.round(years * 12), 0)} months`;
  return `${years.toFixed(1)} years`;
}

/** Pure figures for /analytics, all derived from the API's answers (expenses, savings, snapshot). */
import type { Expenses } from "@/api/expenses";
import type { SavingsItems, SavingsSummary } from "@/api/savings";
import type { Translate } from "@firepath/shared/i18n/messages";
import { englishI18n } from "@/lib/i18n";

export interface Slice {
  label: string;
  amount: number;
  share: number;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

function slices(totals: Map<string, number>): Slice[] {
  const sum = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals.entries()]
    .filter(([, amount]) => amount > 0)
    .map(([label, amount]) => ({ label, amount: round2(amount), share: sum > 0 ? amount / sum : 0 }))
    .sort((a, b) => b.amount - a.amount || a.label.localeCompare(b.label));
}

/** Monthly spending by category, rent or mortgage as its own "Rent or mortgage" row, largest first. */
export function spendingByCategory(expenses: Pick<Expenses, "rent_mortgage" | "items">, t: Translate = englishI18n.t): Slice[] {
  const totals = new Map<string, number>();
  const rent = Number(expenses.rent_mortgage);
  if (rent > 0) totals.set(t("analytics.model.rent"), rent);
  for (const item of expenses.items) {
    const key = item.category.trim() || t("analytics.model.other");
    totals.set(key, (totals.get(key) ?? 0) + Number(item.amount));
  }
  return slices(totals);
}

/** Needs (with rent or mortgage) against wants, from the API's totals. */
export function needsWants(expenses: Pick<Expenses, "totals">, t: Translate = englishI18n.t): Slice[] {
  const needs = Number(expenses.totals.needs);
  const wants = Number(expenses.totals.wants);
  const sum = needs + wants;
  return [
    { label: t("analytics.model.needs"), amount: round2(needs), share: sum > 0 ? needs / sum : 0 },
    { label: t("analytics.model.wants"), amount: round2(wants), share: sum > 0 ? wants / sum : 0 },
  ];
}

export interface BadHabit {
  label: string;
  monthly: number;
  yearly: number;
}

/** Items flagged as bad habits, costliest first, with what they cost over a year. */
export function badHabits(expenses: Pick<Expenses, "items">): BadHabit[] {
  return expenses.items
    .filter((i) => i.is_bad_habit)
    .map((i) => ({
      label: i.subcategory ? `${i.category}: ${i.subcategory}` : i.category,
      monthly: round2(Number(i.amount)),
      yearly: round2(Number(i.amount) * 12),
    }))
    .sort((a, b) => b.monthly - a.monthly);
}

/** Monthly saving by destination: itemised savings and investments when there are any, else the summary's
 * one monthly figure (saved and invested). */
export function savingsBreakdown(items: SavingsItems | undefined, summary: SavingsSummary | null | undefined, t: Translate = englishI18n.t): Slice[] {
  const totals = new Map<string, number>();
  for (const item of items?.items ?? []) {
    const kind = item.category === "investment" ? t("analytics.model.investment") : t("analytics.model.savings");
    const key = item.subcategory?.trim() || item.investment_type?.trim() || kind;
    totals.set(key, (totals.get(key) ?? 0) + Number(item.amount));
  }
  if (totals.size === 0 && summary) {
    if (summary.monthly_savings) totals.set(t("analytics.model.savedInvested"), Number(summary.monthly_savings));
  }
  return slices(totals);
}

export const sumOf = (rows: { amount: number }[]) => round2(rows.reduce((a, r) => a + r.amount, 0));

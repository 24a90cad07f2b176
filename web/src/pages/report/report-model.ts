/** The FIRE report's content from /api/v1/snapshot and /api/v1/plan, shared by the page and the PDF so both show
 * the same figures: key figures, the plan, every assumption (rates, limits, inputs, future plans, notes) and the
 * projection by year. */
import type { Schemas } from "@firepath/shared/api";
import { formatCurrency, formatDate, formatNumber, formatPercent } from "@firepath/shared/format";

export type Snapshot = Schemas["SnapshotRead"];
export type Plan = Schemas["PlanRead"];

export interface Row {
  label: string;
  value: string;
}

export interface YearRow {
  year: number;
  date: string;
  age: number;
  netWorth: number;
  netWorthReal: number;
  fireNumber: number;
  retired: boolean;
}

export interface ReportModel {
  fireNumber: string;
  snapshot: Row[];
  plan: Row[];
  assumptions: Row[];
  notes: string[];
  dataSources: string[];
  missing: string[];
  years: YearRow[];
}

export const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });

const words = (key: string) => {
  const s = key.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
};

const RATE_LABELS: Record<string, string> = {
  investment_return_rate: "Investment return (yearly)",
  inflation_rate: "Inflation (yearly)",
  real_return_rate: "Real return (after inflation)",
  withdrawal_rate: "Safe withdrawal rate",
  income_growth_rate: "Income growth (yearly)",
};
const LIMIT_LABELS: Record<string, [string, (n: number) => string]> = {
  fire_rule_multiplier: ["FIRE multiplier", (n) => `${formatNumber(n, { digits: 2 })} × yearly spending`],
  max_projection_years: ["Projection length", (n) => `${formatNumber(n)} years`],
  retirement_age: ["Target retirement age", (n) => formatNumber(n)],
};
const ACCOUNT_LABELS: Record<string, string> = {
  tfsa: "TFSA", rrsp: "RRSP", fhsa: "FHSA", non_registered: "Non-registered", cash: "Cash",
};
const FUTURE_LABELS: Record<string, string> = {
  income_growth_rate: "Income growth", income_target_date: "Income target date", income_target_amount: "Income target (yearly)",
  expense_change_date: "Spending change date", expense_change_amount: "Spending change (monthly)",
  side_hustle_date: "Side income start", side_hustle_amount: "Side income (monthly)",
};

function futureValue(key: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (key.endsWith("_date")) return formatDate(String(value));
  if (key.endsWith("_rate")) return formatPercent(Number(value));
  if (typeof value === "number") return key.endsWith("_amount") ? money(value) : formatNumber(value, { digits: 2 });
  return String(value);
}

/** One row per year of the projection (month 0, 12, 24, ...), and the last month. */
export function yearlyPoints(points: Schemas["ProjectionPoint"][]): YearRow[] {
  const picked = points.filter((p, i) => p.month % 12 === 0 || i === points.length - 1);
  return picked.map((p) => ({
    year: Number(p.date.slice(0, 4)), date: p.date, age: Math.floor(p.age), netWorth: p.net_worth,
    netWorthReal: p.net_worth_real, fireNumber: p.fire_number, retired: p.retired,
  }));
}

export function reportModel(snapshot: Snapshot, data: Plan): ReportModel {
  const { fire, assumptions } = data.plan;
  const inputs = data.inputs;
  const outlook = data.plan.retirement_outlook;

  const snapshotRows: Row[] = [
    { label: "FIRE number", value: money(snapshot.fire_number) },
    { label: "Net worth", value: money(snapshot.net_worth.net_worth) },
    { label: "Assets", value: money(snapshot.net_worth.assets) },
    { label: "Liabilities", value: money(snapshot.net_worth.liabilities) },
    { label: "Monthly income (after tax)", value: money(snapshot.total_monthly_income) },
    { label: "Monthly expenses", value: money(snapshot.expenses.total) },
    { label: "Monthly surplus", value: money(snapshot.monthly_surplus) },
    { label: "Savings rate (target 20% or more)", value: snapshot.savings_rate === null ? "—" : formatPercent(snapshot.savings_rate) },
    { label: "Yearly expenses", value: money(snapshot.annual_expenses) },
    { label: "Profile completion", value: `${snapshot.completion.overall}%` },
  ];

  const planRows: Row[] = [
    { label: "Financial independence date", value: fire.fi_date ? formatDate(fire.fi_date) : "Not reached within the projection" },
    { label: "Years to financial independence", value: fire.years_to_fi === null ? "—" : formatNumber(fire.years_to_fi, { digits: 1 }) },
    { label: "Age at financial independence", value: fire.fi_age === null ? "—" : formatNumber(fire.fi_age, { digits: 1 }) },
    { label: "Lean FIRE number (70% of spending)", value: money(fire.lean_fire_number) },
    { label: "Fat FIRE number (150% of spending)", value: money(fire.fat_fire_number) },
    { label: "Coast FIRE number", value: fire.coast_fire_number === null ? "—" : `${money(fire.coast_fire_number)}${fire.coast_reached ? " (reached)" : ""}` },
    { label: "Barista FIRE number", value: money(fire.barista_fire_number) },
    { label: "Net worth at retirement", value: money(data.plan.net_worth_at_retirement) },
    { label: "Net worth at the end of the projection", value: `${money(data.plan.ending_net_worth)} (${money(data.plan.ending_net_worth_real)} in today's dollars)` },
    { label: "Savings run out", value: data.plan.depleted_date ? formatDate(data.plan.depleted_date) : "Not within the projection" },
  ];
  if (outlook) {
    planRows.push({ label: "Retirement success rate (Monte Carlo)", value: `${formatPercent(outlook.success_rate)} of ${formatNumber(outlook.paths)} paths over ${outlook.years} years` });
  }

  const rows: Row[] = [];
  for (const [key, rate] of Object.entries(assumptions.rates ?? {})) rows.push({ label: RATE_LABELS[key] ?? words(key), value: formatPercent(rate, { digits: 2 }) });
  for (const [key, n] of Object.entries(assumptions.limits ?? {})) {
    const [label, show] = LIMIT_LABELS[key] ?? [words(key), (x: number) => formatNumber(x, { digits: 2 })];
    rows.push({ label, value: show(n) });
  }
  if (assumptions.tax_year) rows.push({ label: "Tax year", value: String(assumptions.tax_year) });
  rows.push({ label: "Projection start", value: formatDate(inputs.start_date) });
  rows.push({ label: "Current age", value: formatNumber(inputs.current_age) });
  rows.push({ label: "Monthly income used", value: money(inputs.monthly_income) });
  rows.push({ label: "Monthly expenses used", value: money(inputs.monthly_expenses) });
  rows.push({ label: "Monthly savings used", value: inputs.monthly_savings == null ? `Income minus expenses (${money(inputs.monthly_income - inputs.monthly_expenses)})` : money(inputs.monthly_savings) });
  rows.push({ label: "Debts", value: money(inputs.debts) });
  for (const [key, value] of Object.entries(inputs.balances ?? {})) {
    if (typeof value === "number") rows.push({ label: `Starting balance: ${ACCOUNT_LABELS[key] ?? words(key)}`, value: money(value) });
  }
  const split = Object.entries(inputs.contribution_split ?? {}).filter(([, v]) => typeof v === "number");
  if (split.length > 0) {
    rows.push({ label: "Contribution split", value: split.map(([k, v]) => `${ACCOUNT_LABELS[k] ?? words(k)} ${formatNumber(v as number)}%`).join(", ") });
  }
  for (const [key, value] of Object.entries(inputs.future_plans ?? {})) {
    if (value !== null && value !== undefined && !(key in (assumptions.rates ?? {}))) rows.push({ label: `Future plan: ${FUTURE_LABELS[key] ?? words(key)}`, value: futureValue(key, value) });
  }

  return {
    fireNumber: money(snapshot.fire_number),
    snapshot: snapshotRows,
    plan: planRows,
    assumptions: rows,
    notes: assumptions.notes ?? [],
    dataSources: assumptions.data_source ?? [],
    missing: data.missing,
    years: yearlyPoints(data.plan.points),
  };
}

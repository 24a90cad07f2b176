/** The FIRE report's content, read from the household plan (GET /api/v1/plan/summary and /plan/household) and
 * never recomputed here, shared by the page and the PDF so both show the same figures as every other screen: the
 * FI date, the FIRE number (the 25x rule of thumb beside it, labelled), net worth, the success rate with its
 * question, the target, milestones, next actions, lifetime tax and estate, the plan year by year, what it
 * assumed and what it is missing. */
import type { HouseholdPlan, PlanSummary } from "@/api/plan";
import { formatCurrency, formatDate, formatNumber, formatPercent } from "@firepath/shared/format";
import { PROVINCES } from "@firepath/shared/canada";
import { formatMonth } from "@/lib/user-numbers";

export type { HouseholdPlan, PlanSummary };

export interface Row {
  label: string;
  value: string;
}

export interface YearRow {
  year: number;
  ages: string;
  income: number;
  tax: number;
  spending: number;
  investable: number;
  netWorth: number;
}

/** One point of the chart: net worth and investable savings at a year's end (today's dollars). */
export interface ChartPoint {
  year: number;
  netWorth: number;
  investable: number;
}

export interface ReportModel {
  headline: string;
  /** "August 2035", or null when the plan does not reach FI before its horizon. */
  fiDate: string | null;
  fiYear: number | null;
  fireNumber: string;
  ruleOfThumb: string;
  target: string | null;
  keyFigures: Row[];
  today: Row[];
  successRate: string;
  successQuestion: string;
  milestones: Row[];
  nextActions: { title: string; detail: string; route: string }[];
  chart: ChartPoint[];
  years: YearRow[];
  assumptions: Row[];
  notes: string[];
  missing: string[];
  /** The plan has no spending to plan for: a report of it would be all $0. */
  empty: boolean;
}

export const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });

const PROVINCE_NAMES: Record<string, string> = Object.fromEntries(PROVINCES);
const SPLIT_LABELS: Record<string, string> = { tfsa: "TFSA", rrsp: "RRSP", fhsa: "FHSA", non_registered: "Non-registered", cash: "Cash" };

const age = (a: number) => formatNumber(a, { digits: 1 });

/** Everything the plan was built from, person by person, then the household's accounts, spending and rates. */
function assumptionRows(inputs: HouseholdPlan["inputs"]): Row[] {
  const rows: Row[] = [{ label: "Province", value: PROVINCE_NAMES[inputs.province] ?? inputs.province }];
  rows.push({ label: "Plan starts", value: formatDate(inputs.start) });
  const couple = inputs.people.length > 1;
  for (const p of inputs.people) {
    const who = couple ? `${p.name}: ` : "";
    rows.push({ label: `${who}age today`, value: formatNumber(p.age) });
    rows.push({ label: `${who}retirement age`, value: p.retirement_age == null ? "Works to the horizon" : age(p.retirement_age) });
    rows.push({ label: `${who}pay (gross, yearly)`, value: money(p.employment_income) });
    rows.push({ label: `${who}CPP and OAS start`, value: `CPP at ${age(p.cpp_start_age)}, OAS at ${age(p.oas_start_age)}` });
    if (Number(p.pension) > 0) rows.push({ label: `${who}workplace pension`, value: `${money(p.pension)} a year from ${age(p.pension_start_age)}` });
    rows.push({ label: `${who}RRSP, TFSA, FHSA`, value: `${money(p.rrsp)}, ${money(p.tfsa)}, ${money(p.fhsa)}` });
  }
  rows.push({ label: "Non-registered savings", value: money(inputs.non_registered) });
  rows.push({ label: "Cash", value: money(inputs.cash) });
  rows.push({ label: "Home equity", value: money(inputs.home_equity) });
  if (Number(inputs.other_assets) > 0) rows.push({ label: "Other assets (RESP, RDSP)", value: money(inputs.other_assets) });
  rows.push({ label: "Debts", value: money(inputs.debts) });
  rows.push({ label: "Spending (after tax, yearly)", value: money(inputs.spending) });
  if (inputs.retirement_spending != null) rows.push({ label: "Spending once retired", value: money(inputs.retirement_spending) });
  if (Number(inputs.other_net_income) > 0) rows.push({ label: "Other income (after tax, yearly)", value: money(inputs.other_net_income) });
  const split = Object.entries(inputs.split ?? {}).filter(([, v]) => Number(v) > 0);
  if (split.length > 0) rows.push({ label: "Savings split", value: split.map(([k, v]) => `${SPLIT_LABELS[k] ?? k} ${formatNumber(v)}%`).join(", ") });
  rows.push({ label: "Return (yearly, before inflation)", value: formatPercent(inputs.return_rate, { digits: 2 }) });
  rows.push({ label: "Inflation (yearly)", value: formatPercent(inputs.inflation, { digits: 2 }) });
  rows.push({ label: "Plan runs until the youngest is", value: formatNumber(inputs.horizon_age) });
  if (inputs.tax_year) rows.push({ label: "Tax tables", value: String(inputs.tax_year) });
  return rows;
}

export function reportModel(summary: PlanSummary, household: HouseholdPlan): ReportModel {
  const people = household.inputs.people;
  const fiDate = summary.fi_date ? formatMonth(summary.fi_date) : null;
  const fiAges = (summary.fi_ages ?? []).map((a, i) => (people.length > 1 ? `${people[i]?.name ?? "Partner"} ${Math.floor(a + 1e-9)}` : String(Math.floor(a + 1e-9)))).join(", ");
  const fireNumber = summary.fire_number == null ? "Not reached" : money(summary.fire_number);
  const ruleOfThumb = money(summary.rule_of_thumb);

  const keyFigures: Row[] = [
    { label: "Financial independence", value: fiDate ?? "Not reached before the plan's horizon" },
    ...(fiAges ? [{ label: "Age at financial independence", value: fiAges }] : []),
    ...(summary.months_to_fi != null && summary.months_to_fi > 0
      ? [{ label: "Years to financial independence", value: formatNumber(summary.months_to_fi / 12, { digits: 1 }) }] : []),
    { label: "FIRE number (taxes, CPP and OAS counted)", value: fireNumber },
    { label: "Rule of thumb: 25 × yearly spending (for comparison only)", value: ruleOfThumb },
    { label: "Plan success rate", value: formatPercent(summary.success_rate) },
    { label: "The plan as saved", value: summary.plan_lasts ? "Pays its spending to the horizon" : `Runs short in ${summary.first_short_year ?? "a later year"}` },
    { label: "Lifetime tax (today's dollars)", value: money(summary.lifetime_tax) },
    { label: "Estate at the horizon (after tax)", value: money(summary.estate) },
  ];
  const today: Row[] = [
    { label: "Net worth", value: money(summary.net_worth_today) },
    { label: "Investable savings", value: money(summary.investable_today) },
    { label: "Progress to the FIRE number", value: summary.progress == null ? "—" : formatPercent(Math.min(1, summary.progress)) },
    { label: "Spending (after tax, yearly)", value: money(summary.spending) },
  ];
  const chart = summary.years.map((year, i) => ({ year, netWorth: summary.net_worth[i] ?? 0, investable: summary.investable[i] ?? 0 }));
  const years = household.years.map((y) => ({
    year: y.year,
    ages: y.ages.map((a) => formatNumber(a)).join(" / "),
    income: y.employment + y.cpp + y.oas + y.pension + y.other_income + y.dividends,
    tax: y.income_tax + y.oas_recovery,
    spending: y.spending,
    investable: y.investable,
    netWorth: y.net_worth,
  }));
  const missing = [...new Set([...summary.missing, ...household.missing])];

  return {
    headline: summary.headline,
    fiDate,
    fiYear: summary.fi_date ? Number(summary.fi_date.slice(0, 4)) : null,
    fireNumber,
    ruleOfThumb,
    target: summary.target?.sentence ?? null,
    keyFigures,
    today,
    successRate: formatPercent(summary.success_rate),
    successQuestion: summary.success_question,
    milestones: summary.milestones.map((m) => ({ label: m.label, value: formatMonth(m.date) })),
    nextActions: summary.next_actions,
    chart,
    years,
    assumptions: assumptionRows(household.inputs),
    notes: household.assumptions,
    missing,
    empty: missing.includes("expenses") || Number(summary.spending) <= 0,
  };
}

/** One sentence for screen readers and the chart's label: where net worth goes, and when FI comes. */
export function chartSummary(model: ReportModel): string {
  const first = model.chart[0];
  const last = model.chart[model.chart.length - 1];
  if (!first || !last) return "";
  const fi = model.fiDate ? ` Financial independence in ${model.fiDate}, with ${model.fireNumber} invested.` : "";
  return `Net worth in today's dollars from ${money(first.netWorth)} in ${first.year} to ${money(last.netWorth)} in ${last.year}.${fi}`;
}

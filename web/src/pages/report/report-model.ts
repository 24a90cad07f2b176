/** The FIRE report's content, read from the household plan (GET /api/v1/plan/summary and /plan/household) and
 * never recomputed here, shared by the page and the PDF so both show the same figures as every other screen: the
 * FI date, the FIRE number (the 25x rule of thumb beside it, labelled), net worth, the success rate with its
 * question, the target, milestones, next actions, lifetime tax and estate, the plan year by year, what it
 * assumed and what it is missing. */
import type { HouseholdPlan, PlanSummary } from "@/api/plan";
import { provinceName } from "@firepath/shared/canada";
import { formatCurrency, formattersFor } from "@firepath/shared/format";
import type { I18n } from "@firepath/shared/i18n/messages";
import { englishI18n } from "@/lib/i18n";

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

export const money = (v: number | null | undefined, locale: I18n["locale"] = "en-CA") => formatCurrency(v, { wholeDollars: true, locale });

/** Everything the plan was built from, person by person, then the household's accounts, spending and rates. */
function assumptionRows(inputs: HouseholdPlan["inputs"], { t, locale }: I18n): Row[] {
  const f = formattersFor(locale);
  const cash = (v: number | null | undefined) => money(v, locale);
  const age = (a: number) => f.number(a, { digits: 1 });
  const splitLabels: Record<string, string> = {
    tfsa: t("fields.account.tfsa"), rrsp: t("fields.account.rrsp"), fhsa: t("fields.account.fhsa"),
    non_registered: t("fields.account.nonRegistered"), cash: t("report.model.cash"),
  };
  const rows: Row[] = [{ label: t("report.model.province"), value: provinceName(inputs.province, t) }];
  rows.push({ label: t("report.model.start"), value: f.date(inputs.start) });
  const couple = inputs.people.length > 1;
  for (const p of inputs.people) {
    const label = (what: string) => (couple ? t("report.model.whose", { name: p.name, what }) : what);
    rows.push({ label: label(t("report.model.ageToday")), value: f.number(p.age) });
    rows.push({ label: label(t("report.model.retirementAge")), value: p.retirement_age == null ? t("report.model.worksToHorizon") : age(p.retirement_age) });
    rows.push({ label: label(t("report.model.pay")), value: cash(p.employment_income) });
    rows.push({ label: label(t("report.model.benefitsStart")), value: t("report.model.benefitsAt", { cpp: age(p.cpp_start_age), oas: age(p.oas_start_age) }) });
    if (Number(p.pension) > 0) rows.push({ label: label(t("report.model.pension")), value: t("report.model.pensionFrom", { amount: cash(p.pension), age: age(p.pension_start_age) }) });
    rows.push({ label: label(t("report.model.registered")), value: [cash(p.rrsp), cash(p.tfsa), cash(p.fhsa)].join(", ") });
  }
  rows.push({ label: t("report.model.nonRegistered"), value: cash(inputs.non_registered) });
  rows.push({ label: t("report.model.cash"), value: cash(inputs.cash) });
  rows.push({ label: t("report.model.homeEquity"), value: cash(inputs.home_equity) });
  if (Number(inputs.other_assets) > 0) rows.push({ label: t("report.model.otherAssets"), value: cash(inputs.other_assets) });
  rows.push({ label: t("report.model.debts"), value: cash(inputs.debts) });
  rows.push({ label: t("report.model.spending"), value: cash(inputs.spending) });
  if (inputs.retirement_spending != null) rows.push({ label: t("report.model.retiredSpending"), value: cash(inputs.retirement_spending) });
  if (Number(inputs.other_net_income) > 0) rows.push({ label: t("report.model.otherIncome"), value: cash(inputs.other_net_income) });
  const split = Object.entries(inputs.split ?? {}).filter(([, v]) => Number(v) > 0);
  if (split.length > 0) rows.push({ label: t("report.model.split"), value: split.map(([k, v]) => `${splitLabels[k] ?? k} ${f.percent(Number(v) / 100, { digits: 0 })}`).join(", ") });
  rows.push({ label: t("report.model.return"), value: f.percent(inputs.return_rate, { digits: 2 }) });
  rows.push({ label: t("report.model.inflation"), value: f.percent(inputs.inflation, { digits: 2 }) });
  rows.push({ label: t("report.model.horizon"), value: f.number(inputs.horizon_age) });
  if (inputs.tax_year) rows.push({ label: t("report.model.taxTables"), value: String(inputs.tax_year) });
  return rows;
}

export function reportModel(summary: PlanSummary, household: HouseholdPlan, i18n: I18n = englishI18n): ReportModel {
  const { t, locale } = i18n;
  const f = formattersFor(locale);
  const cash = (v: number | null | undefined) => money(v, locale);
  const people = household.inputs.people;
  const fiDate = summary.fi_date ? f.month(summary.fi_date) : null;
  const fiAges = (summary.fi_ages ?? [])
    .map((a, i) => (people.length > 1 ? `${people[i]?.name ?? t("report.model.partner")} ${Math.floor(a + 1e-9)}` : String(Math.floor(a + 1e-9))))
    .join(", ");
  const fireNumber = summary.fire_number == null ? t("report.model.notReached") : cash(summary.fire_number);
  const ruleOfThumb = cash(summary.rule_of_thumb);

  const keyFigures: Row[] = [
    { label: t("report.model.fi"), value: fiDate ?? t("report.model.fiNotReached") },
    ...(fiAges ? [{ label: t("report.model.fiAge"), value: fiAges }] : []),
    ...(summary.months_to_fi != null && summary.months_to_fi > 0
      ? [{ label: t("report.model.yearsToFi"), value: f.number(summary.months_to_fi / 12, { digits: 1 }) }] : []),
    { label: t("report.model.fireNumber"), value: fireNumber },
    { label: t("report.model.ruleOfThumb"), value: ruleOfThumb },
    { label: t("report.model.successRate"), value: f.percent(summary.success_rate) },
    {
      label: t("report.model.asSaved"),
      value: summary.plan_lasts ? t("report.model.lasts")
        : summary.first_short_year ? t("report.model.runsShortIn", { year: String(summary.first_short_year) }) : t("report.model.runsShortLater"),
    },
    { label: t("report.model.lifetimeTax"), value: cash(summary.lifetime_tax) },
    { label: t("report.model.estate"), value: cash(summary.estate) },
  ];
  const today: Row[] = [
    { label: t("report.model.netWorth"), value: cash(summary.net_worth_today) },
    { label: t("report.model.investable"), value: cash(summary.investable_today) },
    { label: t("report.model.progress"), value: summary.progress == null ? "—" : f.percent(Math.min(1, summary.progress)) },
    { label: t("report.model.spending"), value: cash(summary.spending) },
  ];
  const chart = summary.years.map((year, i) => ({ year, netWorth: summary.net_worth[i] ?? 0, investable: summary.investable[i] ?? 0 }));
  const years = household.years.map((y) => ({
    year: y.year,
    ages: y.ages.map((a) => f.number(a)).join(" / "),
    income: y.employment + y.cpp + y.oas + y.pension + y.other_income + y.dividends,
    tax: y.income_tax + y.oas_recovery,
    spending: y.spending,
    investable: y.investable,
    netWorth: y.net_worth,
  }));
  // The summary lists what the plan lacks in the reader's language; the household plan's list is the same one, always
  // in English (merging the two showed each item twice in French). Its "expenses" stays an identifier for `empty`.
  const missing = [...new Set(summary.missing)];

  return {
    headline: summary.headline,
    fiDate,
    fiYear: summary.fi_date ? Number(summary.fi_date.slice(0, 4)) : null,
    fireNumber,
    ruleOfThumb,
    target: summary.target?.sentence ?? null,
    keyFigures,
    today,
    successRate: f.percent(summary.success_rate),
    successQuestion: summary.success_question,
    milestones: summary.milestones.map((m) => ({ label: m.label, value: f.month(m.date) })),
    nextActions: summary.next_actions,
    chart,
    years,
    assumptions: assumptionRows(household.inputs, i18n),
    notes: household.assumptions,
    missing,
    // no spending saved: read from the figure, not from `missing`, whose words follow the reader's language
    empty: Number(summary.spending) <= 0,
  };
}

/** One sentence for screen readers and the chart's label: where net worth goes, and when FI comes. */
export function chartSummary(model: ReportModel, { t, locale }: I18n = englishI18n): string {
  const first = model.chart[0];
  const last = model.chart[model.chart.length - 1];
  if (!first || !last) return "";
  const values = { from: money(first.netWorth, locale), fromYear: String(first.year), to: money(last.netWorth, locale), toYear: String(last.year) };
  return model.fiDate
    ? t("report.model.chartFi", { ...values, fiDate: model.fiDate, fireNumber: model.fireNumber })
    : t("report.model.chart", values);
}

/** Analysis › FIRE projections: the household plan year by year (GET /api/v1/plan/household): net worth and
 * investable savings with the FI date and milestones, where each year's money comes from and goes, the lifetime tax;
 * and the same plan over simulated markets and over market history (GET /api/v1/plan/household/risk), each card
 * saying which question its success rate answers. */
import type { Formatters } from "@firepath/shared/format";
import { useId, useMemo, useState } from "react";
import { useHouseholdRisk, usePlanMonths, type HouseholdPlan, type PlanSummary } from "@/api/plan";
import { PlanChart } from "@/components/charts/plan-chart";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { type AnyId, Message, msg, useFormat, useT } from "@/pages/analysis/analysis-i18n";
import { planPoints } from "@/lib/plan-points";
import {
  balanceRows,
  bandRows,
  cashFlowRows,
  emptiedIn,
  monthRows,
  shortYears,
  taxRows,
  type CashFlowRow,
  type MonthRow,
  type RiskCard,
} from "@/pages/analysis/analysis-model";
import { CashFlowChart, DrawdownChart, FanChart, TaxChart } from "@/pages/analysis/charts";

/** What an empty cell of the cash-flow tables shows (an en dash, in every language). */
const NONE = "–";

/** Whole dollars in the person's language, the one money format of this tab. */
function useMoney() {
  const fmt = useFormat();
  return useMemo(() => (v: number | null | undefined) => fmt.money(v, { wholeDollars: true }), [fmt]);
}

export function ProjectionsTab({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <PlanCard household={household} summary={summary} />
      <CashFlowCard household={household} />
      <MonthlyCard household={household} summary={summary} />
      <div className="grid gap-4 xl:grid-cols-2 [&>*]:min-w-0">
        <LifetimeTaxCard household={household} />
        <DrawdownCard household={household} summary={summary} />
      </div>
      <RiskCards />
      {household.assumptions.length > 0 && (
        <details className="text-sm text-muted-foreground">
          <summary className="cursor-pointer hover:underline">{t("analysis.projections.howWorkedOut")}</summary>
          <ul className="mt-2 list-disc pl-5">{household.assumptions.map((a) => <li key={a}>{a}</li>)}</ul>
        </details>
      )}
    </div>
  );
}

function PlanCard({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const t = useT();
  const fmt = useFormat();
  const money = useMoney();
  const s = household.summary;
  // The dashboard's own series (today, then each year end), so both charts put every point on the same year.
  const points = useMemo(() => planPoints(summary.years, summary.net_worth, summary.investable), [summary]);
  const facts = [
    { label: t("analysis.projections.fi"), value: s.fi_date ? fmt.month(s.fi_date) : t("analysis.notWithinPlan"), testId: "projection-fi-date" },
    { label: t("analysis.projections.fireNumber"), value: money(s.fire_number) },
    { label: t("analysis.projections.lifetimeTax"), value: money(s.lifetime_tax), testId: "lifetime-tax" },
    { label: t("analysis.projections.estateIn", { year: s.horizon_year }), value: money(s.estate) },
  ];
  return (
    <Card data-testid="projection">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.projections.title")}</CardTitle>
        <CardDescription>
          {s.plan_lasts
            ? t("analysis.projections.lasts")
            : s.first_short_year != null
              ? t("analysis.projections.runsShortIn", { year: s.first_short_year })
              : t("analysis.projections.runsShortLater")}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
          {facts.map((f) => (
            <div key={f.label}>
              <dt className="text-muted-foreground">{f.label}</dt>
              <dd className="text-lg font-semibold tabular-nums" data-testid={f.testId}>{f.value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <PlanChart points={points} fiDate={s.fi_date} milestones={summary.milestones} testId="projection-chart"
            caption={t("analysis.projections.chartCaption")} />
        </div>
      </CardContent>
    </Card>
  );
}

/** The columns both cash-flow tables share after the first (employment, or a month's pay). */
const FLOW_COLUMNS: [Exclude<keyof CashFlowRow, "year" | "ages" | "employment">, AnyId][] = [
  ["cpp", msg("analysis.column.cpp")], ["oas", msg("analysis.column.oas")], ["pension", msg("analysis.column.pension")],
  ["other", msg("analysis.column.other")], ["rrsp", msg("analysis.column.rrsp")], ["nonRegistered", msg("analysis.column.nonRegistered")],
  ["tfsa", msg("analysis.column.tfsa")], ["cash", msg("analysis.column.cash")], ["tax", msg("analysis.column.tax")],
  ["spending", msg("analysis.column.spending")], ["saved", msg("analysis.column.saved")], ["shortfall", msg("analysis.column.shortfall")],
];
const CASH_COLUMNS: [keyof CashFlowRow, AnyId][] = [["employment", msg("analysis.column.employment")], ...FLOW_COLUMNS];

function CashFlowCard({ household }: { household: HouseholdPlan }) {
  const t = useT();
  const money = useMoney();
  const rows = useMemo(() => cashFlowRows(household.years), [household]);
  const columns = CASH_COLUMNS.filter(([k]) => k !== "shortfall" || rows.some((r) => r.shortfall > 0));
  return (
    <Card data-testid="cash-flow">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.cashFlow.title")}</CardTitle>
        <CardDescription>
          <Message id="analysis.cashFlow.description" values={{
            tax: money(household.summary.lifetime_tax),
            b: (c) => <span className="font-medium text-foreground">{c}</span>,
          }} />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <CashFlowChart rows={rows} />
        <div className="max-h-96 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label={t("analysis.cashFlow.tableLabel")}>
          <table className="w-full min-w-[64rem] text-right text-xs tabular-nums" data-testid="cash-flow-table">
            <caption className="sr-only">{t("analysis.cashFlow.caption")}</caption>
            <thead className="sticky top-0 bg-card">
              <tr>
                <th scope="col" className="border-b px-2 py-1 text-left font-medium">{t("analysis.column.year")}</th>
                <th scope="col" className="border-b px-2 py-1 text-left font-medium">{t("analysis.column.ages")}</th>
                {columns.map(([k, label]) => <th key={k} scope="col" className="border-b px-2 py-1 font-medium">{t(label)}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.year} className="border-b last:border-0">
                  <th scope="row" className="px-2 py-1 text-left font-normal">{r.year}</th>
                  <td className="whitespace-nowrap px-2 py-1 text-left">{r.ages}</td>
                  {columns.map(([k]) => <td key={k} className="px-2 py-1">{r[k] ? money(r[k] as number) : NONE}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

const MONTH_COLUMNS: [keyof MonthRow, AnyId][] = [
  ["employment", msg("analysis.column.pay")], ...FLOW_COLUMNS, ["investable", msg("analysis.column.investable")],
];

/** The years worth a shortcut in the month picker: when the plan reaches FI and when each person retires (the
 * milestone's label as the API words it). */
function notableYears(summary: PlanSummary, fi: string): Map<number, string> {
  const notes = new Map<number, string>();
  for (const m of summary.milestones) {
    const year = Number(m.date.slice(0, 4));
    if (m.kind === "fi") notes.set(year, fi);
    else if (m.kind === "retirement" && !notes.has(year)) notes.set(year, m.label.replace(": ", " ")); // "Maya retires at 52"
  }
  return notes;
}

/** The same plan month by month for a year the person picks (the next twelve months by default): pay that stops in
 * the month someone retires, CPP and OAS from their start month, what is saved or drawn each month, and the
 * investable savings at each month's end. The plan year's row above is the sum of its months. */
function MonthlyCard({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const t = useT();
  const fmt = useFormat();
  const money = useMoney();
  const [year, setYear] = useState<number | null>(null);
  const pickerId = useId();
  const months = usePlanMonths(year);
  const first = Number(household.inputs.start.slice(0, 4));
  const last = household.summary.horizon_year;
  const fi = t("analysis.monthly.fi");
  const notes = useMemo(() => notableYears(summary, fi), [summary, fi]);
  const rows = useMemo(() => (months.data ? monthRows(months.data.months, fmt.locale) : []), [months.data, fmt.locale]);
  const columns = MONTH_COLUMNS.filter(([k]) => k === "investable" || rows.some((r) => (r[k] as number) > 0));
  const years = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <Card data-testid="monthly">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.monthly.title")}</CardTitle>
        <CardDescription>{t("analysis.monthly.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={pickerId} className="text-muted-foreground">{t("analysis.monthly.show")}</label>
          <select id={pickerId} data-testid="monthly-year" className="h-9 rounded-md border bg-background px-2"
            value={year ?? ""} onChange={(e) => setYear(e.target.value === "" ? null : Number(e.target.value))}>
            <option value="">{t("analysis.monthly.next12")}</option>
            {years.map((y) => <option key={y} value={y}>{notes.has(y) ? t("analysis.monthly.yearNote", { year: y, note: notes.get(y)! }) : y}</option>)}
          </select>
          {[...notes.entries()].slice(0, 3).map(([y, note]) => (
            <button key={y} type="button" onClick={() => setYear(y)} aria-pressed={year === y}
              className="rounded-full border px-3 py-1 text-xs hover:bg-muted aria-pressed:bg-muted">
              {t("analysis.monthly.shortcut", { year: y, note })}
            </button>
          ))}
        </div>
        {months.isPending ? (
          <Skeleton className="h-80 w-full" data-testid="monthly-loading" />
        ) : months.isError ? (
          <p role="alert" className="text-sm text-destructive">{t("analysis.monthly.failed")}</p>
        ) : (
          <>
            <CashFlowChart rows={rows} xKey="label" testId="monthly-chart" />
            <div className="max-h-96 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label={t("analysis.monthly.tableLabel")}>
              <table className="w-full min-w-[64rem] text-right text-xs tabular-nums" data-testid="monthly-table">
                <caption className="sr-only">{t("analysis.monthly.caption")}</caption>
                <thead className="sticky top-0 bg-card">
                  <tr>
                    <th scope="col" className="border-b px-2 py-1 text-left font-medium">{t("analysis.column.month")}</th>
                    {columns.map(([k, label]) => <th key={k} scope="col" className="border-b px-2 py-1 font-medium">{t(label)}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.month} className="border-b last:border-0">
                      <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-normal">{r.label}</th>
                      {columns.map(([k]) => <td key={k} className="px-2 py-1">{r[k] ? money(r[k] as number) : NONE}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The lifetime tax as the plan adds it up (income tax and OAS recovery), the tax at the last death beside it, and
 * each year's tax. */
function LifetimeTaxCard({ household }: { household: HouseholdPlan }) {
  const t = useT();
  const money = useMoney();
  const s = household.summary;
  const rows = useMemo(() => taxRows(household.years), [household]);
  const parts = [
    { label: t("analysis.tax.incomeTax"), value: s.lifetime_income_tax, testId: "lifetime-income-tax" },
    { label: t("analysis.tax.oasRecovery"), value: s.lifetime_oas_recovery, testId: "lifetime-oas-recovery" },
    { label: t("analysis.tax.atLastDeath", { year: s.horizon_year }), value: s.estate_tax, testId: "estate-tax" },
    { label: t("analysis.tax.payroll"), value: s.lifetime_payroll, testId: "lifetime-payroll" },
  ];
  return (
    <Card data-testid="lifetime-tax-card">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.tax.title")}</CardTitle>
        <CardDescription>
          <Message id="analysis.tax.description" values={{
            total: money(s.lifetime_tax),
            b: (c) => <span className="font-semibold text-foreground tabular-nums" data-testid="lifetime-tax-total">{c}</span>,
          }} />
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <dl className="grid grid-cols-2 gap-3 text-sm">
          {parts.map((p) => (
            <div key={p.testId}>
              <dt className="text-muted-foreground">{p.label}</dt>
              <dd className="font-semibold tabular-nums" data-testid={p.testId}>{money(p.value)}</dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground">{t("analysis.tax.note", { estate: money(s.estate) })}</p>
        <TaxChart rows={rows} caption={t("analysis.tax.chartCaption")} />
      </CardContent>
    </Card>
  );
}

/** The accounts as a sentence names them ("RRSP/RRIF by 2060"). */
const ACCOUNT_NAMES = [
  ["rrsp", msg("analysis.drawdown.rrsp")], ["nonRegistered", msg("analysis.drawdown.nonRegistered")], ["tfsa", msg("analysis.drawdown.tfsa")],
  ["cash", msg("analysis.drawdown.cash")], ["fhsa", msg("analysis.drawdown.fhsa")],
] as const;

/** What each account holds from today to the horizon: the order the plan spends them in. */
function DrawdownCard({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const t = useT();
  const rows = useMemo(() => balanceRows(household.balances), [household]);
  const emptied = ACCOUNT_NAMES.map(([key, name]) => ({ name, year: emptiedIn(rows, key) }))
    .flatMap((e) => (e.year == null ? [] : [t("analysis.drawdown.emptiedBy", { account: t(e.name), year: e.year })]));
  return (
    <Card data-testid="drawdown">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.drawdown.title")}</CardTitle>
        <CardDescription>
          {household.inputs.withdrawal_order === "rrsp_first" ? t("analysis.drawdown.descriptionRrspFirst") : t("analysis.drawdown.description")}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <DrawdownChart rows={rows} fiDate={summary.fi_date} milestones={summary.milestones}
          caption={t("analysis.drawdown.chartCaption")} />
        <p className="text-sm text-muted-foreground" data-testid="drawdown-emptied">
          {emptied.length === 0 ? t("analysis.drawdown.noneRunsOut") : t("analysis.drawdown.runsOut", { accounts: emptied.join(", ") })}
        </p>
      </CardContent>
    </Card>
  );
}

function RiskCards() {
  const t = useT();
  const risk = useHouseholdRisk();
  if (risk.isError) {
    return <p role="alert" className="text-sm text-destructive">{t("analysis.risk.failed", { error: risk.error.message })}</p>;
  }
  return (
    <div className="grid gap-4 xl:grid-cols-2 [&>*]:min-w-0">
      <RiskCardView title={t("analysis.risk.monteCarlo")} card={risk.data?.monte_carlo} testId="monte-carlo" figure="mc-success" chart="monte-carlo-chart" />
      <RiskCardView title={t("analysis.risk.backtest")} card={risk.data?.backtest} testId="backtest" figure="backtest-success" chart="backtest-chart" />
    </div>
  );
}

/** A month as the FI-date table's narrow cells show it: "Feb 2038" (fr-CA "févr. 2038"). */
function shortMonth(date: string, fmt: Formatters): string {
  if (fmt.locale === "en-CA") return fmt.month(date).replace(/^(\w{3})\w*/, "$1");
  return new Intl.DateTimeFormat(fmt.locale, { month: "short", year: "numeric" }).format(new Date(`${date.slice(0, 10)}T00:00:00`));
}

/** When each share of the runs could stop working: the plan's FI date searched in every market. */
function FiDates({ card, testId }: { card: RiskCard; testId: string }) {
  const t = useT();
  const fmt = useFormat();
  const points = card.fi_dates ?? [];
  if (points.length === 0) return null;
  const at = (share: number) => points.find((p) => p.share === share);
  const middle = at(50);
  const late = at(90);
  // The API's question restated without its opening question, which the heading asks.
  const question = card.fi_question.replace(/^[^?]*\?\s+/, "");
  const fiRuns = card.fi_runs ?? 0;
  return (
    <div className="mb-3 rounded-md border p-3 text-sm" data-testid={testId}>
      <h3 id={`${testId}-title`} className="font-medium">{t("analysis.fi.title")}</h3>
      <p className="text-muted-foreground">
        <Message id="analysis.fi.summary" values={{
          median: middle?.date ? "date" : "never",
          medianDate: middle?.date ? fmt.month(middle.date) : "",
          late: !late ? "none" : late.date ? "date" : "never",
          lateDate: late?.date ? fmt.month(late.date) : "",
          m: (c) => <strong className="text-foreground" data-testid={`${testId}-median`}>{c}</strong>,
          l: (c) => <strong className="text-foreground">{c}</strong>,
        }} />
      </p>
      <table className="mt-2 w-full text-xs tabular-nums">
        <caption className="sr-only">{card.fi_question}</caption>
        <thead>
          <tr className="text-muted-foreground">
            <th scope="col" className="text-left font-normal">{t("analysis.fi.share")}</th>
            {points.map((p) => <th key={p.share} scope="col" className="text-right font-normal">{fmt.percent(p.share / 100)}</th>)}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row" className="text-left font-normal">{t("analysis.fi.independentBy")}</th>
            {points.map((p) => <td key={p.share} className="text-right">{p.date ? shortMonth(p.date, fmt) : t("analysis.fi.never")}</td>)}
          </tr>
        </tbody>
      </table>
      <p className="mt-1 text-xs text-muted-foreground">
        {fiRuns < card.runs
          ? t("analysis.fi.questionOfFirst", { question, fiRuns: fmt.number(fiRuns), runs: fmt.number(card.runs) })
          : t("analysis.fi.question", { question })}
      </p>
    </div>
  );
}

function RiskCardView({ title, card, testId, figure, chart }: { title: string; card?: RiskCard; testId: string; figure: string; chart: string }) {
  const t = useT();
  const fmt = useFormat();
  const money = useMoney();
  const short = card ? shortYears(card).slice(0, 3) : [];
  const backtest = card?.start_years != null;
  const failedStarts = backtest && card.start_years_lasted?.some((l) => !l) ? card.start_years!.filter((_, i) => !card.start_years_lasted![i]) : [];
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription data-testid={`${testId}-question`}>{card ? card.question : t("analysis.risk.running")}</CardDescription>
      </CardHeader>
      <CardContent aria-live="polite" aria-busy={!card}>
        {!card ? (
          <div role="status"><span className="sr-only">{t("analysis.risk.runningSr")}</span><Skeleton className="h-64 w-full" /></div>
        ) : (
          <>
            <dl className="mb-3 grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">{t("analysis.risk.successRate")}</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid={figure}>{fmt.percent(card.success_rate)}</dd>
                <dd className="text-xs text-muted-foreground">
                  {backtest
                    ? t("analysis.risk.ofStartYears", { runs: fmt.number(card.runs) })
                    : t("analysis.risk.ofMarkets", { runs: fmt.number(card.runs) })}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("analysis.risk.medianEstate")}</dt>
                <dd className="text-lg font-semibold tabular-nums">{money(card.median_estate)}</dd>
              </div>
            </dl>
            <FiDates card={card} testId={`${testId}-fi`} />
            <FanChart rows={bandRows(card)} testId={chart} caption={t("analysis.risk.chartCaption", { title })} />
            <p className="mt-2 text-xs text-muted-foreground">
              {t("analysis.risk.bands")}
              {short.length > 0 && <>&#32;{t("analysis.risk.fellShortFirst", { years: short.map((s) => `${s.year} (${fmt.number(s.runs)})`).join(", ") })}</>}
              {failedStarts.length > 0 && <>&#32;{t("analysis.risk.startsShort", { years: failedStarts.join(", ") })}</>}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">{t("analysis.risk.source", { source: card.source })}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** Analysis › FIRE projections: the household plan year by year (GET /api/v1/plan/household): net worth and
 * investable savings with the FI date and milestones, where each year's money comes from and goes, the lifetime tax;
 * and the same plan over simulated markets and over market history (GET /api/v1/plan/household/risk), each card
 * saying which question its success rate answers. */
import { formatCurrency, formatPercent, formatMonth } from "@firepath/shared/format";
import { useId, useMemo, useState } from "react";
import { useHouseholdRisk, usePlanMonths, type HouseholdPlan, type PlanSummary } from "@/api/plan";
import { PlanChart } from "@/components/charts/plan-chart";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
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

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });

export function ProjectionsTab({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
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
          <summary className="cursor-pointer hover:underline">How the plan is worked out</summary>
          <ul className="mt-2 list-disc pl-5">{household.assumptions.map((a) => <li key={a}>{a}</li>)}</ul>
        </details>
      )}
    </div>
  );
}

function PlanCard({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const s = household.summary;
  // The dashboard's own series (today, then each year end), so both charts put every point on the same year.
  const points = useMemo(() => planPoints(summary.years, summary.net_worth, summary.investable), [summary]);
  const facts = [
    { label: "Financial independence", value: s.fi_date ? formatMonth(s.fi_date) : "Not within the plan", testId: "projection-fi-date" },
    { label: "FIRE number", value: money(s.fire_number) },
    { label: "Lifetime tax", value: money(s.lifetime_tax), testId: "lifetime-tax" },
    { label: `Estate in ${s.horizon_year}`, value: money(s.estate) },
  ];
  return (
    <Card data-testid="projection">
      <CardHeader>
        <CardTitle className="text-lg">Where your plan leads</CardTitle>
        <CardDescription>
          {s.plan_lasts
            ? "Your plan pays its spending, after tax, to the end. Figures in today's dollars."
            : `Your plan runs short in ${s.first_short_year ?? "a later year"}. Figures in today's dollars.`}
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
            caption="The household plan's net worth and investable savings by year, in today's dollars" />
        </div>
      </CardContent>
    </Card>
  );
}

const CASH_COLUMNS: [keyof CashFlowRow, string][] = [
  ["employment", "Employment"], ["cpp", "CPP"], ["oas", "OAS"], ["pension", "Pension"], ["other", "Rent, other & dividends"],
  ["rrsp", "RRSP/RRIF out"], ["nonRegistered", "Non-reg. out"], ["tfsa", "TFSA out"], ["cash", "Cash out"],
  ["tax", "Tax & payroll"], ["spending", "Spending"], ["saved", "Saved"], ["shortfall", "Short"],
];

function CashFlowCard({ household }: { household: HouseholdPlan }) {
  const rows = useMemo(() => cashFlowRows(household.years), [household]);
  const columns = CASH_COLUMNS.filter(([k]) => k !== "shortfall" || rows.some((r) => r.shortfall > 0));
  return (
    <Card data-testid="cash-flow">
      <CardHeader>
        <CardTitle className="text-lg">Money in and out, year by year</CardTitle>
        <CardDescription>
          Income by kind and withdrawals by account (the bars) against spending and tax (the lines). Lifetime tax:{" "}
          <span className="font-medium text-foreground">{money(household.summary.lifetime_tax)}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <CashFlowChart rows={rows} />
        <div className="max-h-96 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label="Yearly cash flow table">
          <table className="w-full min-w-[64rem] text-right text-xs tabular-nums" data-testid="cash-flow-table">
            <caption className="sr-only">Each plan year's income by kind, withdrawals by account, tax, spending and saving, in today's dollars</caption>
            <thead className="sticky top-0 bg-card">
              <tr>
                <th scope="col" className="border-b px-2 py-1 text-left font-medium">Year</th>
                <th scope="col" className="border-b px-2 py-1 text-left font-medium">Ages</th>
                {columns.map(([k, label]) => <th key={k} scope="col" className="border-b px-2 py-1 font-medium">{label}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.year} className="border-b last:border-0">
                  <th scope="row" className="px-2 py-1 text-left font-normal">{r.year}</th>
                  <td className="whitespace-nowrap px-2 py-1 text-left">{r.ages}</td>
                  {columns.map(([k]) => <td key={k} className="px-2 py-1">{r[k] ? money(r[k] as number) : "–"}</td>)}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}

const MONTH_COLUMNS: [keyof MonthRow, string][] = [
  ["employment", "Pay"], ["cpp", "CPP"], ["oas", "OAS"], ["pension", "Pension"], ["other", "Rent, other & dividends"],
  ["rrsp", "RRSP/RRIF out"], ["nonRegistered", "Non-reg. out"], ["tfsa", "TFSA out"], ["cash", "Cash out"],
  ["tax", "Tax & payroll"], ["spending", "Spending"], ["saved", "Saved"], ["shortfall", "Short"],
  ["investable", "Invested at month end"],
];

/** The years worth a shortcut in the month picker: when the plan reaches FI and when each person retires. */
function notableYears(summary: PlanSummary): Map<number, string> {
  const notes = new Map<number, string>();
  for (const m of summary.milestones) {
    const year = Number(m.date.slice(0, 4));
    if (m.kind === "fi") notes.set(year, "financial independence");
    else if (m.kind === "retirement" && !notes.has(year)) notes.set(year, m.label.replace(": ", " ")); // "Maya retires at 52"
  }
  return notes;
}

/** The same plan month by month for a year the person picks (the next twelve months by default): pay that stops in
 * the month someone retires, CPP and OAS from their start month, what is saved or drawn each month, and the
 * investable savings at each month's end. The plan year's row above is the sum of its months. */
function MonthlyCard({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const [year, setYear] = useState<number | null>(null);
  const pickerId = useId();
  const months = usePlanMonths(year);
  const first = Number(household.inputs.start.slice(0, 4));
  const last = household.summary.horizon_year;
  const notes = useMemo(() => notableYears(summary), [summary]);
  const rows = useMemo(() => (months.data ? monthRows(months.data.months) : []), [months.data]);
  const columns = MONTH_COLUMNS.filter(([k]) => k === "investable" || rows.some((r) => (r[k] as number) > 0));
  const years = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  return (
    <Card data-testid="monthly">
      <CardHeader>
        <CardTitle className="text-lg">Month by month</CardTitle>
        <CardDescription>
          The same plan a month at a time: pay stops in the month you retire, CPP and OAS start in the month of their
          start age, and a year's surplus is saved in the months that have one. Tax is settled by the year, as the CRA
          does, and placed with the income it is on. Each year's row above is the sum of its months.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor={pickerId} className="text-muted-foreground">Show</label>
          <select id={pickerId} data-testid="monthly-year" className="h-9 rounded-md border bg-background px-2"
            value={year ?? ""} onChange={(e) => setYear(e.target.value === "" ? null : Number(e.target.value))}>
            <option value="">The next 12 months</option>
            {years.map((y) => <option key={y} value={y}>{notes.has(y) ? `${y} (${notes.get(y)})` : y}</option>)}
          </select>
          {[...notes.entries()].slice(0, 3).map(([y, note]) => (
            <button key={y} type="button" onClick={() => setYear(y)} aria-pressed={year === y}
              className="rounded-full border px-3 py-1 text-xs hover:bg-muted aria-pressed:bg-muted">
              {y}: {note}
            </button>
          ))}
        </div>
        {months.isPending ? (
          <Skeleton className="h-80 w-full" data-testid="monthly-loading" />
        ) : months.isError ? (
          <p role="alert" className="text-sm text-destructive">Could not load the months of this year. Please try again.</p>
        ) : (
          <>
            <CashFlowChart rows={rows} xKey="label" testId="monthly-chart" />
            <div className="max-h-96 overflow-auto rounded-md border" tabIndex={0} role="region" aria-label="Monthly cash flow table">
              <table className="w-full min-w-[64rem] text-right text-xs tabular-nums" data-testid="monthly-table">
                <caption className="sr-only">Each month's income by kind, withdrawals by account, tax, spending, saving and investable savings, in today's dollars</caption>
                <thead className="sticky top-0 bg-card">
                  <tr>
                    <th scope="col" className="border-b px-2 py-1 text-left font-medium">Month</th>
                    {columns.map(([k, label]) => <th key={k} scope="col" className="border-b px-2 py-1 font-medium">{label}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.month} className="border-b last:border-0">
                      <th scope="row" className="whitespace-nowrap px-2 py-1 text-left font-normal">{r.label}</th>
                      {columns.map(([k]) => <td key={k} className="px-2 py-1">{r[k] ? money(r[k] as number) : "–"}</td>)}
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
  const s = household.summary;
  const rows = useMemo(() => taxRows(household.years), [household]);
  const parts = [
    { label: "Income tax", value: s.lifetime_income_tax, testId: "lifetime-income-tax" },
    { label: "OAS recovery", value: s.lifetime_oas_recovery, testId: "lifetime-oas-recovery" },
    { label: `Tax at the last death (${s.horizon_year})`, value: s.estate_tax, testId: "estate-tax" },
    { label: "CPP and EI contributions", value: s.lifetime_payroll, testId: "lifetime-payroll" },
  ];
  return (
    <Card data-testid="lifetime-tax-card">
      <CardHeader>
        <CardTitle className="text-lg">Lifetime tax</CardTitle>
        <CardDescription>
          Income tax and OAS recovery over the whole plan, in today's dollars:{" "}
          <span className="font-semibold text-foreground tabular-nums" data-testid="lifetime-tax-total">{money(s.lifetime_tax)}</span>.
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
        <p className="text-xs text-muted-foreground">
          The estate of {money(s.estate)} is after the tax at the last death. CPP and EI contributions are not tax: they buy
          your CPP, so they are not in the lifetime tax.
        </p>
        <TaxChart rows={rows} caption="Each plan year's income tax, OAS recovery and CPP and EI contributions, in today's dollars" />
      </CardContent>
    </Card>
  );
}

const ACCOUNT_NAMES = [["rrsp", "RRSP/RRIF"], ["nonRegistered", "non-registered"], ["tfsa", "TFSA"], ["cash", "cash"], ["fhsa", "FHSA"]] as const;

/** What each account holds from today to the horizon: the order the plan spends them in. */
function DrawdownCard({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const rows = useMemo(() => balanceRows(household.balances), [household]);
  const emptied = ACCOUNT_NAMES.map(([key, name]) => ({ name, year: emptiedIn(rows, key) })).filter((e) => e.year != null);
  return (
    <Card data-testid="drawdown">
      <CardHeader>
        <CardTitle className="text-lg">Drawdown by account</CardTitle>
        <CardDescription>
          What your RRSPs/RRIFs, TFSAs, non-registered savings and cash hold today and at each year end, in today's dollars.
          {household.inputs.withdrawal_order === "rrsp_first"
            ? " Once you stop working the plan draws cash first, then RRSPs/RRIFs, then non-registered savings, then TFSAs."
            : " Once you stop working the plan draws cash first, then non-registered savings, then RRSPs/RRIFs (with the RRIF minimums), then TFSAs."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <DrawdownChart rows={rows} fiDate={summary.fi_date} milestones={summary.milestones}
          caption="Balances by account today and at each year end, in today's dollars" />
        <p className="text-sm text-muted-foreground" data-testid="drawdown-emptied">
          {emptied.length === 0
            ? "No account runs out before the end of the plan."
            : `Runs out: ${emptied.map((e) => `${e.name} by ${e.year}`).join(", ")}.`}
        </p>
      </CardContent>
    </Card>
  );
}

function RiskCards() {
  const risk = useHouseholdRisk();
  if (risk.isError) {
    return <p role="alert" className="text-sm text-destructive">The simulations failed: {risk.error.message}</p>;
  }
  return (
    <div className="grid gap-4 xl:grid-cols-2 [&>*]:min-w-0">
      <RiskCardView title="Monte Carlo simulation" card={risk.data?.monte_carlo} testId="monte-carlo" figure="mc-success" chart="monte-carlo-chart" />
      <RiskCardView title="Historical backtest" card={risk.data?.backtest} testId="backtest" figure="backtest-success" chart="backtest-chart" />
    </div>
  );
}

/** When each share of the runs could stop working: the plan's FI date searched in every market. */
function FiDates({ card, testId }: { card: RiskCard; testId: string }) {
  const points = card.fi_dates ?? [];
  if (points.length === 0) return null;
  const at = (share: number) => points.find((p) => p.share === share);
  const middle = at(50);
  const late = at(90);
  return (
    <div className="mb-3 rounded-md border p-3 text-sm" data-testid={testId}>
      <h3 id={`${testId}-title`} className="font-medium">When could you stop working?</h3>
      <p className="text-muted-foreground">
        {middle?.date ? <>In half of the runs by <strong className="text-foreground" data-testid={`${testId}-median`}>{formatMonth(middle.date)}</strong></> : "In half of the runs, not even working to the horizon"}
        {late && (late.date ? <>; in 9 of 10 by <strong className="text-foreground">{formatMonth(late.date)}</strong>.</> : "; 1 run in 10 or more never gets there.")}
      </p>
      <table className="mt-2 w-full text-xs tabular-nums">
        <caption className="sr-only">{card.fi_question}</caption>
        <thead>
          <tr className="text-muted-foreground"><th scope="col" className="text-left font-normal">Share of runs</th>{points.map((p) => <th key={p.share} scope="col" className="text-right font-normal">{p.share}%</th>)}</tr>
        </thead>
        <tbody>
          <tr><th scope="row" className="text-left font-normal">Independent by</th>{points.map((p) => <td key={p.share} className="text-right">{p.date ? formatMonth(p.date).replace(/^(\w{3})\w*/, "$1") : "never"}</td>)}</tr>
        </tbody>
      </table>
      <p className="mt-1 text-xs text-muted-foreground">
        {card.fi_question.replace(/^When could you stop working\? /, "")}
        {(card.fi_runs ?? 0) < card.runs ? ` (the first ${(card.fi_runs ?? 0).toLocaleString("en-CA")} of the ${card.runs.toLocaleString("en-CA")})` : ""}.
      </p>
    </div>
  );
}

function RiskCardView({ title, card, testId, figure, chart }: { title: string; card?: RiskCard; testId: string; figure: string; chart: string }) {
  const short = card ? shortYears(card).slice(0, 3) : [];
  const backtest = card?.start_years != null;
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        <CardDescription data-testid={`${testId}-question`}>{card ? card.question : "Running the plan over many markets…"}</CardDescription>
      </CardHeader>
      <CardContent aria-live="polite" aria-busy={!card}>
        {!card ? (
          <div role="status"><span className="sr-only">Running the simulation</span><Skeleton className="h-64 w-full" /></div>
        ) : (
          <>
            <dl className="mb-3 grid grid-cols-2 gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">Success rate</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid={figure}>{formatPercent(card.success_rate)}</dd>
                <dd className="text-xs text-muted-foreground">
                  of {card.runs.toLocaleString("en-CA")} {backtest ? "start years" : "simulated markets"}
                </dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Median estate</dt>
                <dd className="text-lg font-semibold tabular-nums">{money(card.median_estate)}</dd>
              </div>
            </dl>
            <FiDates card={card} testId={`${testId}-fi`} />
            <FanChart rows={bandRows(card)} testId={chart}
              caption={`${title}: investable savings percentiles by year, in today's dollars`} />
            <p className="mt-2 text-xs text-muted-foreground">
              Bands: 10th–90th and 25th–75th percentiles of investable savings; the line is the median. Today's dollars.
              {short.length > 0 && ` Runs fell short first in ${short.map((s) => `${s.year} (${s.runs})`).join(", ")}.`}
              {backtest && card.start_years_lasted?.some((l) => !l) &&
                ` Start years that fell short: ${card.start_years!.filter((_, i) => !card.start_years_lasted![i]).join(", ")}.`}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">Source: {card.source}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The recharts charts of /analysis and /progress. This module is only imported by those lazily loaded pages, so
 * recharts stays out of the first load. Every chart is `aria-hidden` and paired with a data table (ChartTable)
 * that screen readers and keyboard users get instead. */
import { formatCurrency, formatDate } from "@firepath/shared/format";
import type { ReactElement, ReactNode } from "react";
import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { NetWorthPoint } from "@/api/snapshot";
import type { BacktestResult, BandRow, ProjectionRow } from "@/pages/analysis/analysis-model";
import { AXIS, TOOLTIP } from "@/components/charts/chart-style";

const money = (v: unknown) => formatCurrency(typeof v === "number" ? v : Number(v), { wholeDollars: true });
const compact = (v: number) =>
  new Intl.NumberFormat("en-CA", { notation: "compact", maximumFractionDigits: 1, style: "currency", currency: "CAD" }).format(v);


function Frame({ children, height = 300, testId }: { children: ReactNode; height?: number; testId?: string }) {
  return (
    <div aria-hidden="true" style={{ width: "100%", height }} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">{children as ReactElement}</ResponsiveContainer>
    </div>
  );
}

/** A table of the chart's figures, folded away for sighted users and read by screen readers. */
export function ChartTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: ReactNode[][] }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-muted-foreground hover:underline">Show the figures as a table</summary>
      <div className="mt-2 max-h-72 overflow-auto" tabIndex={0} role="region" aria-label={caption}>
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>{columns.map((c) => <th key={c} scope="col" className="border-b px-2 py-1 font-medium">{c}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className="border-b last:border-0">
                {r.map((cell, j) => (j === 0 ? <th key={j} scope="row" className="px-2 py-1 font-normal">{cell}</th> : <td key={j} className="px-2 py-1">{cell}</td>))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

export function ProjectionChart({ rows, real }: { rows: ProjectionRow[]; real: boolean }) {
  const retireAt = rows.find((r) => r.retired)?.year;
  return (
    <>
      <Frame testId="projection-chart">
        <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="year" {...AXIS} />
          <YAxis tickFormatter={compact} width={70} {...AXIS} />
          <Tooltip formatter={(v) => money(v)} {...TOOLTIP} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {retireAt && <ReferenceLine x={retireAt} stroke="var(--muted-foreground)" strokeDasharray="4 4" label={{ value: "Retire", fill: "var(--muted-foreground)", fontSize: 12 }} />}
          <Line type="monotone" dataKey="netWorth" name={real ? "Net worth (today's $)" : "Net worth"} stroke="var(--primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line type="monotone" dataKey="fireNumber" name="FIRE number" stroke="var(--success)" strokeDasharray="6 3" strokeWidth={2} dot={false} isAnimationActive={false} />
        </LineChart>
      </Frame>
      <ChartTable
        caption={`Projected net worth and FIRE number by year, ${real ? "in today's dollars" : "in nominal dollars"}`}
        columns={["Year", "Age", "Net worth", "FIRE number"]}
        rows={rows.map((r) => [r.year, r.age, money(r.netWorth), money(r.fireNumber)])}
      />
    </>
  );
}

export function FanChart({ rows, startYear }: { rows: BandRow[]; startYear: number }) {
  const data = rows.map((r) => ({ ...r, label: startYear + r.year }));
  return (
    <>
      <Frame testId="monte-carlo-chart">
        <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="label" {...AXIS} />
          <YAxis tickFormatter={compact} width={70} {...AXIS} />
          <Tooltip
            {...TOOLTIP}
            formatter={(v, name) => [Array.isArray(v) ? `${money(v[0])} – ${money(v[1])}` : money(v), name]}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Area dataKey="outer" name="10th–90th percentile" stroke="none" fill="var(--primary)" fillOpacity={0.15} isAnimationActive={false} />
          <Area dataKey="inner" name="25th–75th percentile" stroke="none" fill="var(--primary)" fillOpacity={0.3} isAnimationActive={false} />
          <Line dataKey="p50" name="Median" stroke="var(--primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </Frame>
      <ChartTable
        caption="Monte Carlo portfolio balance percentiles by year, in today's dollars"
        columns={["Year", "10th percentile", "Median", "90th percentile"]}
        rows={data.map((r) => [r.label, money(r.p10), money(r.p50), money(r.p90)])}
      />
    </>
  );
}

export function BacktestChart({ result }: { result: BacktestResult }) {
  return (
    <>
      <Frame testId="backtest-chart" height={260}>
        <BarChart accessibilityLayer={false} data={result.results} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="start_year" {...AXIS} />
          <YAxis tickFormatter={compact} width={70} {...AXIS} />
          <Tooltip formatter={(v) => money(v)} labelFormatter={(l) => `Retiring in ${l}`} {...TOOLTIP} />
          <Bar dataKey="ending_balance" name="Ending balance" isAnimationActive={false}>
            {result.results.map((r) => <Cell key={r.start_year} fill={r.success ? "var(--success)" : "var(--destructive)"} />)}
          </Bar>
        </BarChart>
      </Frame>
      <ChartTable
        caption="Historical backtest: the result of retiring in each start year"
        columns={["Start year", "Lasted", "Ending balance", "Lowest yearly spending"]}
        rows={result.results.map((r) => [r.start_year, r.success ? "Yes" : "No", money(r.ending_balance), money(r.lowest_withdrawal)])}
      />
    </>
  );
}

export function NetWorthHistoryChart({ points }: { points: NetWorthPoint[] }) {
  const data = points.map((p) => ({ ...p, label: formatDate(p.taken_on) }));
  return (
    <>
      <Frame testId="net-worth-chart">
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="label" {...AXIS} minTickGap={24} />
          <YAxis tickFormatter={compact} width={70} {...AXIS} />
          <Tooltip formatter={(v) => money(v)} {...TOOLTIP} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line dataKey="net_worth" name="Net worth" stroke="var(--primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line dataKey="assets" name="Assets" stroke="var(--success)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
          <Line dataKey="liabilities" name="Liabilities" stroke="var(--destructive)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
        </LineChart>
      </Frame>
      <ChartTable
        caption="Net worth snapshots, oldest first"
        columns={["Date", "Assets", "Liabilities", "Net worth"]}
        rows={data.map((p) => [p.label, money(p.assets), money(p.liabilities), money(p.net_worth)])}
      />
    </>
  );
}


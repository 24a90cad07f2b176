/** The recharts charts of /fire-dashboard, /analysis and /progress. This module is only imported by lazily loaded pages, so
 * recharts stays out of the first load. Every chart is `aria-hidden` and paired with a data table (ChartTable)
 * that screen readers and keyboard users get instead. */
import { formatCurrency, formatDate, formatMonth } from "@firepath/shared/format";
import type { ReactElement, ReactNode } from "react";
import {
  Area,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  LineChart,
  ReferenceDot,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { NetWorthPoint } from "@/api/snapshot";
import { AXIS, BAR_TOOLTIP, TOOLTIP } from "@/components/charts/chart-style";
import { groupMilestones, valueAt, yearOf, type BandRow, type CashFlowRow, type Milestone, type PlanPoint } from "@/pages/analysis/analysis-model";

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

const KIND_COLOUR: Record<Milestone["kind"], string> = {
  fi: "var(--success)", retirement: "var(--primary)", cpp: "#0ea5e9", oas: "#14b8a6",
  pension: "#a855f7", plan: "var(--muted-foreground)", death: "var(--muted-foreground)",
};

/** Net worth and investable savings a year (today's dollars), the FI date as a vertical line, retirements as dashed
 * lines and the other milestones (CPP, OAS, pensions, future plans) as dots on the net-worth line, listed below. */
export function PlanChart({ points, fiDate, milestones, testId = "plan-chart", height = 300, caption }: {
  points: PlanPoint[];
  fiDate: string | null;
  milestones: Milestone[];
  testId?: string;
  height?: number;
  caption: string;
}) {
  const groups = groupMilestones(milestones.filter((m) => m.kind !== "fi"));
  const retirements = groups.filter((g) => g.kinds.includes("retirement"));
  const dots = groups.filter((g) => !g.kinds.includes("retirement"));
  return (
    <>
      <Frame testId={testId} height={height}>
        <ComposedChart accessibilityLayer={false} data={points} margin={{ top: 20, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="year" type="number" domain={["dataMin", "dataMax"]} allowDecimals={false} tickFormatter={String} {...AXIS} />
          <YAxis tickFormatter={compact} width={70} {...AXIS} />
          <Tooltip formatter={(v) => money(v)} labelFormatter={(l) => String(l)} {...TOOLTIP} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line dataKey="netWorth" name="Net worth" stroke="var(--primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line dataKey="investable" name="Investable savings" stroke="var(--success)" strokeDasharray="6 3" strokeWidth={2} dot={false} isAnimationActive={false} />
          {retirements.map((g) => (
            <ReferenceLine key={g.date} x={yearOf(g.date)} stroke="var(--muted-foreground)" strokeDasharray="4 4"
              label={{ value: "Retire", position: "insideTopRight", fill: "var(--muted-foreground)", fontSize: 12 }} />
          ))}
          {fiDate && (
            <ReferenceLine x={yearOf(fiDate)} stroke="var(--success)" strokeWidth={2}
              label={{ value: "FI", position: "top", fill: "var(--success)", fontSize: 12, fontWeight: 600 }} />
          )}
          {dots.map((g) => {
            const x = yearOf(g.date);
            const y = valueAt(points, x);
            return y == null ? null : <ReferenceDot key={g.date} x={x} y={y} r={4} fill={KIND_COLOUR[g.kinds[0]]} stroke="var(--background)" />;
          })}
        </ComposedChart>
      </Frame>
      <MilestoneList milestones={milestones} fiDate={fiDate} />
      <ChartTable
        caption={caption}
        columns={["Year", "Net worth", "Investable savings"]}
        rows={points.map((p) => [p.year, money(p.netWorth), money(p.investable)])}
      />
    </>
  );
}

/** The milestones as text beside the chart: what the marks mean, for everyone. */
function MilestoneList({ milestones, fiDate }: { milestones: Milestone[]; fiDate: string | null }) {
  const groups = groupMilestones(milestones);
  if (groups.length === 0) return null;
  return (
    <ol className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2" aria-label="Milestones" data-testid="milestones">
      {groups.map((g) => (
        <li key={g.date} className="flex items-baseline gap-2">
          <span aria-hidden="true" className="inline-block size-2.5 shrink-0 translate-y-[-1px] rounded-full"
            style={{ background: g.kinds.includes("fi") || g.date === fiDate ? KIND_COLOUR.fi : KIND_COLOUR[g.kinds[0]] }} />
          <span className="shrink-0 tabular-nums text-muted-foreground">{formatMonth(g.date)}</span>
          <span>{g.label}</span>
        </li>
      ))}
    </ol>
  );
}

/** A risk card's percentile bands of investable savings by calendar year. */
export function FanChart({ rows, testId, caption }: { rows: BandRow[]; testId: string; caption: string }) {
  return (
    <>
      <Frame testId={testId} height={260}>
        <ComposedChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="year" {...AXIS} minTickGap={16} />
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
        caption={caption}
        columns={["Year", "10th percentile", "Median", "90th percentile"]}
        rows={rows.map((r) => [r.year, money(r.p10), money(r.p50), money(r.p90)])}
      />
    </>
  );
}

const SOURCES = [
  ["employment", "Employment", "var(--primary)"],
  ["cpp", "CPP", "#0ea5e9"],
  ["oas", "OAS", "#14b8a6"],
  ["pension", "Pension", "#a855f7"],
  ["other", "Other income and dividends", "#64748b"],
  ["rrsp", "RRSP/RRIF withdrawals", "#f59e0b"],
  ["nonRegistered", "Non-registered withdrawals", "#ef4444"],
  ["tfsa", "TFSA withdrawals", "#22c55e"],
  ["cash", "Cash withdrawals", "#94a3b8"],
] as const;

/** Each plan year's money in, stacked by source, against the spending and the tax it pays. */
export function CashFlowChart({ rows }: { rows: CashFlowRow[] }) {
  const used = SOURCES.filter(([key]) => rows.some((r) => r[key] > 0));
  return (
    <Frame testId="cash-flow-chart" height={320}>
      <ComposedChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
        <XAxis dataKey="year" {...AXIS} minTickGap={16} />
        <YAxis tickFormatter={compact} width={70} {...AXIS} />
        <Tooltip formatter={(v) => money(v)} {...BAR_TOOLTIP} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {used.map(([key, name, colour]) => (
          <Bar key={key} dataKey={key} name={name} stackId="in" fill={colour} isAnimationActive={false} />
        ))}
        <Line dataKey="spending" name="Spending" stroke="var(--foreground)" strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line dataKey="tax" name="Tax and payroll" stroke="var(--destructive)" strokeDasharray="4 3" strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </Frame>
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


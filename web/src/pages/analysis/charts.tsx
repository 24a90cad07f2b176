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
import {
  groupMilestones,
  valueAt,
  yearOf,
  type BalanceRow,
  type BandRow,
  type CashFlowRow,
  type Milestone,
  type PlanPoint,
  type TaxRow,
} from "@/pages/analysis/analysis-model";

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
              className={markerClass(g.kinds)}
              label={{ value: "Retire", position: "insideBottomRight", fill: "var(--muted-foreground)", fontSize: 12 }} />
          ))}
          {fiDate && (
            <ReferenceLine x={yearOf(fiDate)} stroke="var(--success)" strokeWidth={2} className="marker-fi"
              label={{ value: "FI", position: "top", fill: "var(--success)", fontSize: 12, fontWeight: 600 }} />
          )}
          {dots.map((g) => {
            const x = yearOf(g.date);
            const y = valueAt(points, x);
            return y == null ? null : (
              <ReferenceDot key={g.date} x={x} y={y} r={5} fill={KIND_COLOUR[g.kinds[0]]} stroke="var(--background)" strokeWidth={1.5}
                className={markerClass(g.kinds)} />
            );
          })}
        </ComposedChart>
      </Frame>
      <MarkerKey milestones={milestones} fiDate={fiDate} />
      <MilestoneList milestones={milestones} fiDate={fiDate} />
      <ChartTable
        caption={caption}
        columns={["Year", "Net worth", "Investable savings"]}
        rows={points.map((p) => [p.year, money(p.netWorth), money(p.investable)])}
      />
    </>
  );
}

const markerClass = (kinds: Milestone["kind"][]) => kinds.map((k) => `marker-${k}`).join(" ");

const KIND_KEY: Record<Milestone["kind"], string> = {
  fi: "Financial independence", retirement: "Retirement", cpp: "CPP starts", oas: "OAS starts", pension: "Pension starts",
  plan: "Future plan", death: "Planned end of life",
};

/** How a mark looks in the key and the list: a solid green line for FI, a dashed line for a retirement, else the
 * dot drawn on the net-worth line (coloured by the first kind on its date). */
function Swatch({ kind }: { kind: Milestone["kind"] }) {
  if (kind === "fi" || kind === "retirement") {
    return (
      <svg aria-hidden="true" width="10" height="12" className="shrink-0 self-center">
        <line x1="5" y1="0" x2="5" y2="12" stroke={kind === "fi" ? "var(--success)" : "var(--muted-foreground)"}
          strokeWidth="2" strokeDasharray={kind === "retirement" ? "3 2" : undefined} />
      </svg>
    );
  }
  return <span aria-hidden="true" className="inline-block size-2.5 shrink-0 self-center rounded-full" style={{ background: KIND_COLOUR[kind] }} />;
}

/** The key of the marks on the chart, only for what it draws: the FI line, retirement lines, and one entry per dot
 * colour naming every kind drawn in it (CPP and OAS starting the same month share a dot). */
function MarkerKey({ milestones, fiDate }: { milestones: Milestone[]; fiDate: string | null }) {
  const groups = groupMilestones(milestones.filter((m) => m.kind !== "fi"));
  const entries: { kind: Milestone["kind"]; label: string }[] = [];
  if (fiDate) entries.push({ kind: "fi", label: "Financial independence (solid line)" });
  if (groups.some((g) => g.kinds.includes("retirement"))) entries.push({ kind: "retirement", label: "Retirement (dashed line)" });
  const dots = new Map<Milestone["kind"], Set<Milestone["kind"]>>();
  for (const g of groups.filter((g) => !g.kinds.includes("retirement"))) {
    const set = dots.get(g.kinds[0]) ?? new Set();
    g.kinds.forEach((k) => set.add(k));
    dots.set(g.kinds[0], set);
  }
  const order: Milestone["kind"][] = ["cpp", "oas", "pension", "plan", "death"];
  for (const kind of order.filter((k) => dots.has(k))) {
    entries.push({ kind, label: order.filter((k) => dots.get(kind)!.has(k)).map((k) => KIND_KEY[k]).join(" · ") });
  }
  if (entries.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label="Marks on the chart" data-testid="marker-key">
      {entries.map((e) => <li key={e.kind} className="flex items-center gap-1.5"><Swatch kind={e.kind} />{e.label}</li>)}
    </ul>
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
          <Swatch kind={g.kinds.includes("fi") || g.date === fiDate ? "fi" : g.kinds.includes("retirement") ? "retirement" : g.kinds[0]} />
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


const ACCOUNTS = [
  ["rrsp", "RRSP/RRIF", "#f59e0b"],
  ["tfsa", "TFSA", "#22c55e"],
  ["fhsa", "FHSA", "#8b5cf6"],
  ["nonRegistered", "Non-registered", "#ef4444"],
  ["cash", "Cash", "#94a3b8"],
] as const;

/** The drawdown by account: each kind of account's balance, stacked, today and at each year end, with the FI date
 * and retirements marked, so the order the plan spends them in shows. */
export function DrawdownChart({ rows, fiDate, milestones, caption }: { rows: BalanceRow[]; fiDate: string | null; milestones: Milestone[]; caption: string }) {
  const used = ACCOUNTS.filter(([key]) => rows.some((r) => r[key] > 0));
  const retirements = groupMilestones(milestones.filter((m) => m.kind === "retirement"));
  return (
    <>
      <Frame testId="drawdown-chart" height={300}>
        <ComposedChart accessibilityLayer={false} data={rows} margin={{ top: 20, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="year" type="number" domain={["dataMin", "dataMax"]} allowDecimals={false} tickFormatter={String} {...AXIS} />
          <YAxis tickFormatter={compact} width={70} {...AXIS} />
          <Tooltip formatter={(v) => money(v)} labelFormatter={(l) => String(l)} {...TOOLTIP} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {used.map(([key, name, colour]) => (
            <Area key={key} dataKey={key} name={name} stackId="balances" stroke={colour} fill={colour} fillOpacity={0.55} isAnimationActive={false} />
          ))}
          {retirements.map((g) => (
            <ReferenceLine key={g.date} x={yearOf(g.date)} stroke="var(--muted-foreground)" strokeDasharray="4 4" className="marker-retirement"
              label={{ value: "Retire", position: "insideBottomRight", fill: "var(--muted-foreground)", fontSize: 12 }} />
          ))}
          {fiDate && (
            <ReferenceLine x={yearOf(fiDate)} stroke="var(--success)" strokeWidth={2} className="marker-fi"
              label={{ value: "FI", position: "top", fill: "var(--success)", fontSize: 12, fontWeight: 600 }} />
          )}
        </ComposedChart>
      </Frame>
      <ChartTable
        caption={caption}
        columns={["Year", ...used.map(([, name]) => name)]}
        rows={rows.map((r) => [r.year, ...used.map(([key]) => money(r[key]))])}
      />
    </>
  );
}

/** Each plan year's income tax, OAS recovery and CPP/EI contributions, stacked. */
export function TaxChart({ rows, caption }: { rows: TaxRow[]; caption: string }) {
  const parts = ([
    ["incomeTax", "Income tax", "var(--destructive)"],
    ["oasRecovery", "OAS recovery", "#f59e0b"],
    ["payroll", "CPP and EI contributions", "#94a3b8"],
  ] as const).filter(([key]) => rows.some((r) => r[key] > 0));
  return (
    <>
      <Frame testId="tax-chart" height={240}>
        <ComposedChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="year" {...AXIS} minTickGap={16} />
          <YAxis tickFormatter={compact} width={70} {...AXIS} />
          <Tooltip formatter={(v) => money(v)} {...BAR_TOOLTIP} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {parts.map(([key, name, colour]) => (
            <Bar key={key} dataKey={key} name={name} stackId="tax" fill={colour} isAnimationActive={false} />
          ))}
        </ComposedChart>
      </Frame>
      <ChartTable
        caption={caption}
        columns={["Plan year", ...parts.map(([, name]) => name)]}
        rows={rows.map((r) => [r.year, ...parts.map(([key]) => money(r[key]))])}
      />
    </>
  );
}

/** Line colours and dashes of the compared plans: the plan as saved first (solid), then up to three scenarios, told
 * apart by dash as well as colour. */
export const COMPARE_STYLE = [
  { colour: "var(--primary)", dash: undefined },
  { colour: "#0ea5e9", dash: "8 4" },
  { colour: "#a855f7", dash: "3 3" },
  { colour: "#db2777", dash: "12 4 3 4" },
] as const;

/** The compared plans' net worth on one chart, with each one's FI date as a short mark on its own line. */
export function ComparisonChart({ rows, names, fiDates, caption }: {
  rows: Record<string, number>[];
  names: string[];
  fiDates: (string | null)[];
  caption: string;
}) {
  return (
    <>
      <Frame testId="comparison-chart" height={300}>
        <ComposedChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="year" type="number" domain={["dataMin", "dataMax"]} allowDecimals={false} tickFormatter={String} {...AXIS} />
          <YAxis tickFormatter={compact} width={70} {...AXIS} />
          <Tooltip formatter={(v) => money(v)} labelFormatter={(l) => String(l)} {...TOOLTIP} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter="dataKey" />
          {names.map((name, i) => (
            <Line key={i} dataKey={`s${i}`} name={name} stroke={COMPARE_STYLE[i].colour} strokeDasharray={COMPARE_STYLE[i].dash}
              strokeWidth={2} dot={false} isAnimationActive={false} />
          ))}
          {fiDates.map((d, i) => {
            if (!d) return null;
            const x = yearOf(d);
            const y = valueAt(rows.map((r) => ({ year: r.year, netWorth: r[`s${i}`], investable: 0 })).filter((p) => p.netWorth != null), x);
            return y == null ? null : (
              <ReferenceDot key={`fi-${i}`} x={x} y={y} r={5} fill={COMPARE_STYLE[i].colour} stroke="var(--background)" strokeWidth={1.5} className="marker-fi" />
            );
          })}
        </ComposedChart>
      </Frame>
      <ChartTable
        caption={caption}
        columns={["Year", ...names]}
        rows={rows.map((r) => [r.year, ...names.map((_, i) => money(r[`s${i}`]))])}
      />
    </>
  );
}

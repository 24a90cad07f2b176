/** The recharts charts of /analysis: risk bands, cash flow, drawdown by account, tax and the scenario comparison
 * (the plan chart and the net-worth history, shared with other pages, are in src/components/charts). This module is
 * only imported by lazily loaded pages, so recharts stays out of the first load. Every chart is `aria-hidden` and
 * paired with a data table (ChartTable) that screen readers and keyboard users get instead. */
import { Area, Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceDot, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { chartFormat, Frame } from "@/components/charts/chart-frame";
import { AXIS, BAR_TOOLTIP, TOOLTIP } from "@/components/charts/chart-style";
import { ChartTable } from "@/components/charts/chart-table";
import { msg, useI18n } from "@/pages/analysis/analysis-i18n";
import { groupMilestones, type Milestone, valueAt, yearOf } from "@/lib/plan-points";
import type { BalanceRow, BandRow, CashFlowRow, TaxRow } from "@/pages/analysis/analysis-model";

/** A risk card's percentile bands of investable savings by calendar year. */
export function FanChart({ rows, testId, caption }: { rows: BandRow[]; testId: string; caption: string }) {
  const { t, locale } = useI18n();
  const { money, compact } = chartFormat(locale);
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
          <Area dataKey="outer" name={t("analysis.chart.outerBand")} stroke="none" fill="var(--primary)" fillOpacity={0.15} isAnimationActive={false} />
          <Area dataKey="inner" name={t("analysis.chart.innerBand")} stroke="none" fill="var(--primary)" fillOpacity={0.3} isAnimationActive={false} />
          <Line dataKey="p50" name={t("analysis.chart.median")} stroke="var(--primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </Frame>
      <ChartTable
        caption={caption}
        columns={[t("components.chart.year"), t("analysis.chart.p10"), t("analysis.chart.median"), t("analysis.chart.p90")]}
        rows={rows.map((r) => [r.year, money(r.p10), money(r.p50), money(r.p90)])}
      />
    </>
  );
}

const SOURCES = [
  ["employment", msg("analysis.chart.employment"), "var(--primary)"],
  ["cpp", msg("analysis.chart.cpp"), "#0ea5e9"],
  ["oas", msg("analysis.chart.oas"), "#14b8a6"],
  ["pension", msg("analysis.chart.pension"), "#a855f7"],
  ["other", msg("analysis.chart.other"), "#64748b"],
  ["rrsp", msg("analysis.chart.rrspOut"), "#f59e0b"],
  ["nonRegistered", msg("analysis.chart.nonRegisteredOut"), "#ef4444"],
  ["tfsa", msg("analysis.chart.tfsaOut"), "#22c55e"],
  ["cash", msg("analysis.chart.cashOut"), "#94a3b8"],
] as const;

/** A year's row (CashFlowRow) or a month's (MonthRow). */
type CashFlowPoint = Omit<CashFlowRow, "year"> & { year?: number; label?: string };

/** Each plan year's (or month's) money in, stacked by source, against the spending and the tax it pays. `xKey`: the
 * row's field on the x axis (the year, or a month's label). */
export function CashFlowChart({ rows, xKey = "year", testId = "cash-flow-chart" }: {
  rows: CashFlowPoint[]; xKey?: "year" | "label"; testId?: string;
}) {
  const { t, locale } = useI18n();
  const { money, compact } = chartFormat(locale);
  const used = SOURCES.filter(([key]) => rows.some((r) => r[key] > 0));
  return (
    <Frame testId={testId} height={320}>
      <ComposedChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
        <XAxis dataKey={xKey} {...AXIS} minTickGap={16} />
        <YAxis tickFormatter={compact} width={70} {...AXIS} />
        <Tooltip formatter={(v) => money(v)} {...BAR_TOOLTIP} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {used.map(([key, name, colour]) => (
          <Bar key={key} dataKey={key} name={t(name)} stackId="in" fill={colour} isAnimationActive={false} />
        ))}
        <Line dataKey="spending" name={t("analysis.chart.spending")} stroke="var(--foreground)" strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line dataKey="tax" name={t("analysis.chart.taxAndPayroll")} stroke="var(--destructive)" strokeDasharray="4 3" strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </Frame>
  );
}


const ACCOUNTS = [
  ["rrsp", msg("analysis.chart.rrsp"), "#f59e0b"],
  ["tfsa", msg("fields.account.tfsa"), "#22c55e"],
  ["fhsa", msg("fields.account.fhsa"), "#8b5cf6"],
  ["nonRegistered", msg("fields.account.nonRegistered"), "#ef4444"],
  ["cash", msg("analysis.chart.cash"), "#94a3b8"],
] as const;

/** The drawdown by account: each kind of account's balance, stacked, today and at each year end, with the FI date
 * and retirements marked, so the order the plan spends them in shows. */
export function DrawdownChart({ rows, fiDate, milestones, caption }: { rows: BalanceRow[]; fiDate: string | null; milestones: Milestone[]; caption: string }) {
  const { t, locale } = useI18n();
  const { money, compact } = chartFormat(locale);
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
            <Area key={key} dataKey={key} name={t(name)} stackId="balances" stroke={colour} fill={colour} fillOpacity={0.55} isAnimationActive={false} />
          ))}
          {retirements.map((g) => (
            <ReferenceLine key={g.date} x={yearOf(g.date)} stroke="var(--muted-foreground)" strokeDasharray="4 4" className="marker-retirement"
              label={{ value: t("components.chart.retire"), position: "insideBottomRight", fill: "var(--muted-foreground)", fontSize: 12 }} />
          ))}
          {fiDate && (
            <ReferenceLine x={yearOf(fiDate)} stroke="var(--success)" strokeWidth={2} className="marker-fi"
              label={{ value: t("components.chart.fi"), position: "top", fill: "var(--success)", fontSize: 12, fontWeight: 600 }} />
          )}
        </ComposedChart>
      </Frame>
      <ChartTable
        caption={caption}
        columns={[t("components.chart.year"), ...used.map(([, name]) => t(name))]}
        rows={rows.map((r) => [r.year, ...used.map(([key]) => money(r[key]))])}
      />
    </>
  );
}

/** Each plan year's income tax, OAS recovery and CPP/EI contributions, stacked. */
export function TaxChart({ rows, caption }: { rows: TaxRow[]; caption: string }) {
  const { t, locale } = useI18n();
  const { money, compact } = chartFormat(locale);
  const parts = ([
    ["incomeTax", msg("analysis.tax.incomeTax"), "var(--destructive)"],
    ["oasRecovery", msg("analysis.tax.oasRecovery"), "#f59e0b"],
    ["payroll", msg("analysis.tax.payroll"), "#94a3b8"],
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
            <Bar key={key} dataKey={key} name={t(name)} stackId="tax" fill={colour} isAnimationActive={false} />
          ))}
        </ComposedChart>
      </Frame>
      <ChartTable
        caption={caption}
        columns={[t("analysis.chart.planYear"), ...parts.map(([, name]) => t(name))]}
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
  const { t, locale } = useI18n();
  const { money, compact } = chartFormat(locale);
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
        columns={[t("components.chart.year"), ...names]}
        rows={rows.map((r) => [r.year, ...names.map((_, i) => money(r[`s${i}`]))])}
      />
    </>
  );
}

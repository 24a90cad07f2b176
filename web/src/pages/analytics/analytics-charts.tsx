/** The recharts charts of /analytics (loaded with that lazy page only). Each chart is aria-hidden and paired with
 * a table of its figures (ChartTable). */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { AXIS, BAR_TOOLTIP as TOOLTIP } from "@/components/charts/chart-style";
import { ChartTable } from "@/components/charts/chart-table";
import type { Slice } from "@/pages/analytics/analytics-model";
import { useT, useFormat } from "@/lib/i18n";


/** Horizontal bars, one per slice, with the figures as a table. */
export function SliceBars({ rows, caption, testId, colors }: { rows: Slice[]; caption: string; testId: string; colors?: string[] }) {
  const fmt = useFormat();
  const money = (v: unknown) => fmt.money(typeof v === "number" ? v : Number(v), { wholeDollars: true });
  const t = useT();
  const height = Math.max(120, rows.length * 36 + 24);
  return (
    <>
      <div aria-hidden="true" style={{ width: "100%", height }} data-testid={testId}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={rows} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={(v: number) => money(v)} {...AXIS} />
            <YAxis type="category" dataKey="label" width={150} {...AXIS} />
            <Tooltip formatter={(v) => money(v)} {...TOOLTIP} />
            <Bar dataKey="amount" name={t("analytics.charts.perMonth")} fill="var(--primary)" radius={[0, 4, 4, 0]} isAnimationActive={false}>
              {colors && rows.map((r, i) => <Cell key={r.label} fill={colors[i % colors.length]} />)}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={caption}
        columns={[t("analytics.analyticsCharts.category"), t("analytics.analyticsCharts.perMonth"), t("analytics.analyticsCharts.share")]}
        rows={rows.map((r) => [r.label, money(r.amount), fmt.percent(r.share)])}
      />
    </>
  );
}

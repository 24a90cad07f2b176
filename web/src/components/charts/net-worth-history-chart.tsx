/** The nightly net-worth snapshots as a chart (net worth, assets, liabilities), for /progress and /analytics. Only
 * lazily loaded pages import this, so recharts stays out of the first load. */
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { NetWorthPoint } from "@/api/snapshot";
import { chartFormat, Frame } from "@/components/charts/chart-frame";
import { AXIS, TOOLTIP } from "@/components/charts/chart-style";
import { ChartTable } from "@/components/charts/chart-table";
import { useI18n, useFormat } from "@/lib/i18n";

export function NetWorthHistoryChart({ points }: { points: NetWorthPoint[] }) {
  const fmt = useFormat();
  const { t, locale } = useI18n();
  const { money, compact } = chartFormat(locale);
  const data = points.map((p) => ({ ...p, label: fmt.date(p.taken_on) }));
  return (
    <>
      <Frame testId="net-worth-chart">
        <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="label" {...AXIS} minTickGap={24} />
          <YAxis tickFormatter={compact} width={70} {...AXIS} />
          <Tooltip formatter={(v) => money(v)} {...TOOLTIP} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line dataKey="net_worth" name={t("components.chart.netWorth")} stroke="var(--primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line dataKey="assets" name={t("components.chart.assets")} stroke="var(--success)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
          <Line dataKey="liabilities" name={t("components.chart.liabilities")} stroke="var(--destructive)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
        </LineChart>
      </Frame>
      <ChartTable
        caption={t("components.chart.snapshotsCaption")}
        columns={[t("components.chart.date"), t("components.chart.assets"), t("components.chart.liabilities"), t("components.chart.netWorth")]}
        rows={data.map((p) => [p.label, money(p.assets), money(p.liabilities), money(p.net_worth)])}
      />
    </>
  );
}

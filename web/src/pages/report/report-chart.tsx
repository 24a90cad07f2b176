/** The report's chart (recharts, loaded with this route only): the plan's net worth and investable savings at each
 * year's end in today's dollars, with a line at the FI date. The wrapper's label summarises it; the table below has
 * the figures. No FIRE-number line: these balances are the plan as saved (working to the retirement age), not the
 * stop-at-FI case the FIRE number is measured on, so the two would seem to disagree. */
import { CartesianGrid, Legend, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartPoint } from "@/pages/report/report-model";
import { chartFormat } from "@/components/charts/chart-frame";
import { useI18n } from "@/lib/i18n";

const AXIS = "var(--muted-foreground)";
const FI = "oklch(0.62 0.14 150)";

export default function ReportChart({ points, fiYear, fiLabel, summary }: {
  points: ChartPoint[];
  fiYear: number | null;
  fiLabel: string | null;
  summary: string;
}) {
  const { t, locale } = useI18n();
  const { money, compact } = chartFormat(locale);
  return (
    <div role="img" aria-label={summary} className="h-72 w-full print:h-64" data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 28, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke={AXIS} strokeOpacity={0.25} />
          <XAxis dataKey="year" stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} minTickGap={16} />
          <YAxis stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} tickFormatter={compact} width={64} />
          <Tooltip formatter={money} labelFormatter={(l) => t("report.reportChart.year", { year: String(l) })} contentStyle={{ background: "var(--background)", color: "var(--foreground)" }} />
          <Legend />
          <Line dataKey="netWorth" name={t("report.model.netWorth")} stroke="oklch(0.65 0.18 45)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line dataKey="investable" name={t("report.model.investable")} stroke="oklch(0.6 0.12 230)" strokeWidth={2} dot={false} isAnimationActive={false} />
          {fiYear != null && (
            <ReferenceLine x={fiYear} stroke={FI} strokeWidth={2}
              label={{ value: t("report.reportChart.fi", { date: fiLabel ?? String(fiYear) }), position: "top", offset: 10, fill: AXIS, fontSize: 12 }} />
          )}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

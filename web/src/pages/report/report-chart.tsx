/** The report's projection chart (recharts, loaded with this route only): net worth in nominal and today's dollars
 * against the FIRE number, by year. The wrapper's label summarises it; the table below it has every figure. */
import { formatCurrency } from "@firepath/shared/format";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { YearRow } from "@/pages/report/report-model";

const AXIS = "var(--muted-foreground)";
const compact = (v: number) =>
  new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", notation: "compact", maximumFractionDigits: 1 }).format(v);
const money = (v: unknown) => formatCurrency(typeof v === "number" ? v : Number(v), { wholeDollars: true });

export default function ReportChart({ years, summary }: { years: YearRow[]; summary: string }) {
  return (
    <div role="img" aria-label={summary} className="h-72 w-full print:h-64" data-testid="report-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={years} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke={AXIS} strokeOpacity={0.25} />
          <XAxis dataKey="year" stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} />
          <YAxis stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} tickFormatter={compact} width={64} />
          <Tooltip formatter={money} labelFormatter={(l) => `Year ${l}`} contentStyle={{ background: "var(--background)", color: "var(--foreground)" }} />
          <Legend />
          <Line dataKey="netWorth" name="Net worth" stroke="oklch(0.65 0.18 45)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line dataKey="netWorthReal" name="Net worth (today's dollars)" stroke="oklch(0.6 0.12 230)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line dataKey="fireNumber" name="FIRE number" stroke="oklch(0.62 0.14 150)" strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

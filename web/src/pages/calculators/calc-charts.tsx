/** The calculators' charts (recharts, loaded with this route only). Each sits in a role="img" wrapper whose label
 * summarises it; the full figures are in the table next to it. */
import { formatCurrency } from "@firepath/shared/format";
import { Area, AreaChart, Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useT } from "@/lib/i18n";

const AXIS = "var(--muted-foreground)";
const PRIMARY = "var(--primary)";
const SECOND = "oklch(0.6 0.12 230)";
const THIRD = "oklch(0.62 0.14 150)";

const compact = (v: number) =>
  new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", notation: "compact", maximumFractionDigits: 1 }).format(v);
const money = (v: unknown) => formatCurrency(typeof v === "number" ? v : Number(v), { wholeDollars: true });

export interface MortgageYear {
  year: number;
  principal: number;
  interest: number;
  prepayments: number;
  ending_balance: number;
}

export function AmortizationChart({ schedule, summary }: { schedule: MortgageYear[]; summary: string }) {
  const t = useT();
  const data = schedule.map((y) => ({ ...y, principal_paid: y.principal + y.prepayments }));
  return (
    <div role="img" aria-label={summary} className="h-72 w-full" data-testid="amortization-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke={AXIS} strokeOpacity={0.25} />
          <XAxis dataKey="year" stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} />
          <YAxis yAxisId="paid" stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} tickFormatter={compact} width={64} />
          <YAxis yAxisId="balance" orientation="right" stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} tickFormatter={compact} width={64} />
          <Tooltip formatter={money} labelFormatter={(l) => t("calculators.calcCharts.year", { year: String(l) })} contentStyle={{ background: "var(--background)", color: "var(--foreground)" }} />
          <Legend />
          <Bar yAxisId="paid" dataKey="principal_paid" name="Principal" stackId="p" fill={PRIMARY} isAnimationActive={false} />
          <Bar yAxisId="paid" dataKey="interest" name="Interest" stackId="p" fill={SECOND} isAnimationActive={false} />
          <Line yAxisId="balance" dataKey="ending_balance" name="Balance" stroke={THIRD} strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}

export interface GrowthYear {
  year: number;
  contributions: number;
  balance: number;
  balance_real: number;
}

export function GrowthChart({ schedule, summary }: { schedule: GrowthYear[]; summary: string }) {
  const t = useT();
  return (
    <div role="img" aria-label={summary} className="h-72 w-full" data-testid="growth-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={schedule} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke={AXIS} strokeOpacity={0.25} />
          <XAxis dataKey="year" stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} />
          <YAxis stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} tickFormatter={compact} width={64} />
          <Tooltip formatter={money} labelFormatter={(l) => t("calculators.calcCharts.year", { year: String(l) })} contentStyle={{ background: "var(--background)", color: "var(--foreground)" }} />
          <Legend />
          <Area dataKey="balance" name="Balance" stroke={PRIMARY} fill={PRIMARY} fillOpacity={0.2} isAnimationActive={false} />
          <Area dataKey="balance_real" name="In today's dollars" stroke={THIRD} fill={THIRD} fillOpacity={0.15} isAnimationActive={false} />
          <Area dataKey="contributions" name="Contributed" stroke={SECOND} fill={SECOND} fillOpacity={0.15} isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

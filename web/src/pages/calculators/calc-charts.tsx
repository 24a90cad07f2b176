/** The calculators' charts (recharts, loaded with this route only). Each sits in a role="img" wrapper whose label
 * summarises it; the full figures are in the table next to it. Axes, tooltips and the key speak the language shown. */
import { Area, AreaChart, Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { chartFormat } from "@/components/charts/chart-frame";
import { useI18n } from "@/lib/i18n";

const AXIS = "var(--muted-foreground)";
const PRIMARY = "var(--primary)";
const SECOND = "oklch(0.6 0.12 230)";
const THIRD = "oklch(0.62 0.14 150)";

export interface MortgageYear {
  year: number;
  principal: number;
  interest: number;
  prepayments: number;
  ending_balance: number;
}

export function AmortizationChart({ schedule, summary }: { schedule: MortgageYear[]; summary: string }) {
  const { t, locale } = useI18n();
  const { money, compact } = chartFormat(locale);
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
          <Bar yAxisId="paid" dataKey="principal_paid" name={t("calculators.mortgageCalculator.principal")} stackId="p" fill={PRIMARY} isAnimationActive={false} />
          <Bar yAxisId="paid" dataKey="interest" name={t("calculators.mortgageCalculator.interest")} stackId="p" fill={SECOND} isAnimationActive={false} />
          <Line yAxisId="balance" dataKey="ending_balance" name={t("calculators.mortgageCalculator.balance")} stroke={THIRD} strokeWidth={2} dot={false} isAnimationActive={false} />
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
  const { t, locale } = useI18n();
  const { money, compact } = chartFormat(locale);
  return (
    <div role="img" aria-label={summary} className="h-72 w-full" data-testid="growth-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={schedule} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke={AXIS} strokeOpacity={0.25} />
          <XAxis dataKey="year" stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} />
          <YAxis stroke={AXIS} tick={{ fill: AXIS, fontSize: 12 }} tickFormatter={compact} width={64} />
          <Tooltip formatter={money} labelFormatter={(l) => t("calculators.calcCharts.year", { year: String(l) })} contentStyle={{ background: "var(--background)", color: "var(--foreground)" }} />
          <Legend />
          <Area dataKey="balance" name={t("calculators.investmentCalculator.balance")} stroke={PRIMARY} fill={PRIMARY} fillOpacity={0.2} isAnimationActive={false} />
          <Area dataKey="balance_real" name={t("calculators.investmentCalculator.todaySDollars")} stroke={THIRD} fill={THIRD} fillOpacity={0.15} isAnimationActive={false} />
          <Area dataKey="contributions" name={t("calculators.investmentCalculator.contributed")} stroke={SECOND} fill={SECOND} fillOpacity={0.15} isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The recharts charts of /admin's analytics summary (loaded with that lazy page only). Each chart is aria-hidden
 * and paired with a table of its figures (ChartTable). */
import { msg, type MessageId } from "@firepath/shared/i18n/messages";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AnalyticsSummary } from "@/api/admin";
import { chartFormat } from "@/components/charts/chart-frame";
import { AXIS, BAR_TOOLTIP as TOOLTIP } from "@/components/charts/chart-style";
import { ChartTable } from "@/components/charts/chart-table";
import { useI18n, useFormat } from "@/lib/i18n";

export const FUNNEL_LABELS: Record<AnalyticsSummary["funnel"][number]["step"], MessageId> = {
  signed_up: msg("admin.funnel.signedUp"),
  started_setup: msg("admin.funnel.startedSetup"),
  completed_profile: msg("admin.funnel.completedProfile"),
  completed_setup: msg("admin.funnel.completedSetup"),
};

export function EventsPerDayChart({ days }: { days: AnalyticsSummary["events_per_day"] }) {
  const fmt = useFormat();
  const { t, locale } = useI18n();
  const { count } = chartFormat(locale);
  const data = days.map((d) => ({ ...d, label: fmt.date(d.day) }));
  return (
    <>
      <div aria-hidden="true" style={{ width: "100%", height: 260 }} data-testid="events-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="label" {...AXIS} minTickGap={24} />
            <YAxis allowDecimals={false} tickFormatter={count} width={48} {...AXIS} />
            <Tooltip formatter={(v) => count(v)} {...TOOLTIP} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line dataKey="events" name={t("admin.adminCharts.events")} stroke="var(--primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
            <Line dataKey="users" name={t("admin.adminCharts.users")} stroke="var(--success)" strokeWidth={1.5} dot={false} isAnimationActive={false} />
            <Line dataKey="sessions" name={t("admin.adminCharts.sessions")} stroke="var(--muted-foreground)" strokeDasharray="4 3" strokeWidth={1.5} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={t("admin.adminCharts.eventsUsersAndSessions")}
        columns={[t("admin.adminCharts.day"), t("admin.adminCharts.events"), t("admin.adminCharts.users"), t("admin.adminCharts.sessions")]}
        rows={data.map((d) => [d.label, fmt.number(d.events), fmt.number(d.users), fmt.number(d.sessions)])}
      />
    </>
  );
}

export function TopFeaturesChart({ features }: { features: AnalyticsSummary["top_features"] }) {
  const fmt = useFormat();
  const { t, locale } = useI18n();
  const { count } = chartFormat(locale);
  const height = Math.max(120, features.length * 32 + 24);
  return (
    <>
      <div aria-hidden="true" style={{ width: "100%", height }} data-testid="features-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={features} layout="vertical" margin={{ top: 4, right: 16, bottom: 4, left: 8 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tickFormatter={count} {...AXIS} />
            <YAxis type="category" dataKey="feature_name" width={140} {...AXIS} />
            <Tooltip formatter={(v) => count(v)} {...TOOLTIP} />
            <Bar dataKey="uses" name={t("admin.adminCharts.uses")} fill="var(--primary)" radius={[0, 4, 4, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={t("admin.adminCharts.topFeaturesByUses")}
        columns={[t("admin.adminCharts.feature"), t("admin.adminCharts.uses"), t("admin.adminCharts.users")]}
        rows={features.map((f) => [f.feature_name, fmt.number(f.uses), fmt.number(f.users)])}
      />
    </>
  );
}

export function FunnelChart({ funnel }: { funnel: AnalyticsSummary["funnel"] }) {
  const fmt = useFormat();
  const { t, locale } = useI18n();
  const { count } = chartFormat(locale);
  const data = funnel.map((s) => ({ ...s, label: t(FUNNEL_LABELS[s.step]) }));
  return (
    <>
      <div aria-hidden="true" style={{ width: "100%", height: 220 }} data-testid="funnel-chart">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" {...AXIS} />
            <YAxis allowDecimals={false} tickFormatter={count} width={48} {...AXIS} />
            <Tooltip formatter={(v) => count(v)} {...TOOLTIP} />
            <Bar dataKey="users" name={t("admin.adminCharts.users")} fill="var(--success)" radius={[4, 4, 0, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ChartTable
        caption={t("admin.adminCharts.signUpToCompleted")}
        columns={[t("admin.adminCharts.step"), t("admin.adminCharts.users"), t("admin.adminCharts.shareOfSignUps")]}
        rows={data.map((s) => [s.label, fmt.number(s.users), fmt.percent(s.share)])}
      />
    </>
  );
}

/** The plan: FI date or shortfall, progress, net worth, the success rate, net worth over time with the FI line,
 * and the next best actions. Pull to refresh; offline it shows the last plan kept on the device. */
import { router, type Href } from "expo-router";
import { StyleSheet, Text, View } from "react-native";
import { NetWorthChart } from "@/components/net-worth-chart";
import { OfflineBanner } from "@/components/offline-banner";
import { Body, Button, Card, ErrorState, HIDDEN, Loading, Money, Screen } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { useFormat, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { usePlanSummary, type PlanSummary } from "./plan-api";

/** Where a next action's web route opens in the app. */
export function appRouteFor(webRoute: string): Href {
  const path = webRoute.split("?")[0] ?? webRoute;
  const settings = /^\/settings\/([a-z-]+)/.exec(path);
  if (settings?.[1]) return `/settings/${settings[1]}` as Href;
  if (path.startsWith("/fi-coach")) return "/coach";
  if (path.startsWith("/calculators")) return "/calculators/fire";
  return "/";
}

function Progress({ value }: { value: number }) {
  const c = useColours();
  const t = useT();
  const clamped = Math.max(0, Math.min(1, value));
  return (
    <View
      accessibilityRole="progressbar"
      accessibilityLabel={t("report.model.progress")}
      accessibilityValue={{ min: 0, max: 100, now: Math.round(clamped * 100) }}
      style={[styles.track, { backgroundColor: c.border }]}
    >
      <View style={[styles.fill, { width: `${clamped * 100}%`, backgroundColor: c.primary }]} />
    </View>
  );
}

export function PlanView({ plan }: { plan: PlanSummary }) {
  const c = useColours();
  const { privacy } = useDevicePrefs();
  const t = useT();
  const fmt = useFormat();
  const whole = (v: number | null | undefined) => (privacy ? HIDDEN : fmt.money(v, { wholeDollars: true }));
  const fiYear = plan.fi_date ? Number(plan.fi_date.slice(0, 4)) : null;
  const target = plan.target;
  return (
    <>
      <Card title={t("app.plan.whenRetire")} testID="fi-card">
        <Text testID="plan-headline" style={[styles.figure, { color: c.text }]}>
          {plan.fi_date ? fmt.month(plan.fi_date) : t("app.plan.notReached")}
        </Text>
        <Body>{plan.headline}</Body>
        {target ? (
          <Text testID="target-sentence" style={{ color: target.met ? c.success : c.warning, fontSize: typeScale.body }}>
            {privacy && !target.met ? t("app.plan.shortOfTarget", { age: target.age }) : target.sentence}
          </Text>
        ) : null}
      </Card>
      <Card title={t("dashboard.fireDashboard.fireNumber")} testID="fire-number-card">
        <Money value={plan.fire_number} style={styles.figure} />
        <Body muted>{t("app.plan.fireNumberExplained", { amount: whole(plan.rule_of_thumb) })}</Body>
        {plan.progress != null ? (
          <>
            <Progress value={plan.progress} />
            <Body>{t("app.plan.progress", { percent: fmt.percent(Math.min(plan.progress, 1), { digits: 0 }), amount: whole(plan.investable_today) })}</Body>
          </>
        ) : null}
      </Card>
      <Card title={t("dashboard.fireDashboard.netWorth")} testID="net-worth-card">
        <Money value={plan.net_worth_today} style={styles.figure} />
        <NetWorthChart years={plan.years} values={plan.net_worth} fiYear={fiYear} />
      </Card>
      <Card title={t("dashboard.fireDashboard.successRate")} testID="success-card">
        <Text style={[styles.figure, { color: c.text }]}>{fmt.percent(plan.success_rate, { digits: 0 })}</Text>
        <Body muted>{plan.success_question}</Body>
      </Card>
      {plan.next_actions.length > 0 ? (
        <Card title={t("dashboard.fireDashboard.nextBestActions")}>
          {plan.next_actions.map((action) => (
            <View key={action.title} style={{ gap: space.xs }}>
              <Text style={{ color: c.text, fontWeight: "600", fontSize: typeScale.body }}>{action.title}</Text>
              <Body muted>{action.detail}</Body>
              <Button label={t("app.plan.open", { title: action.title })} variant="secondary" onPress={() => router.push(appRouteFor(action.route))} />
            </View>
          ))}
        </Card>
      ) : null}
      {plan.missing.length > 0 ? (
        <Card title={t("app.plan.makeItYours")}>
          {plan.missing.map((item) => (
            <Body key={item}>• {item}</Body>
          ))}
        </Card>
      ) : null}
    </>
  );
}

export function PlanScreen() {
  const query = usePlanSummary();
  const t = useT();
  return (
    <Screen onRefresh={() => void query.refetch()} refreshing={query.isRefetching}>
      <OfflineBanner updatedAt={query.dataUpdatedAt || undefined} />
      {query.data ? (
        <PlanView plan={query.data} />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.fetchStatus === "paused" ? (
        <ErrorState message={t("app.plan.offlineNoPlan")} />
      ) : (
        <Loading label={t("progress.progress.loadingYourPlan")} />
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  figure: { fontSize: typeScale.figure, fontWeight: "700" },
  track: { height: 10, borderRadius: 5, overflow: "hidden" },
  fill: { height: 10 },
});

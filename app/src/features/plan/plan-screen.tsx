/** The plan: FI date or shortfall, progress, net worth, the success rate, net worth over time with the FI line,
 * and the next best actions. Pull to refresh; offline it shows the last plan kept on the device. */
import { formatCurrency, formatMonth, formatPercent } from "@firepath/shared/format";
import { router, type Href } from "expo-router";
import { StyleSheet, Text, View } from "react-native";
import { NetWorthChart } from "@/components/net-worth-chart";
import { OfflineBanner } from "@/components/offline-banner";
import { Body, Button, Card, ErrorState, HIDDEN, Loading, Money, Screen } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
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
  const clamped = Math.max(0, Math.min(1, value));
  return (
    <View
      accessibilityRole="progressbar"
      accessibilityLabel="Progress to the FIRE number"
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
  const fiYear = plan.fi_date ? Number(plan.fi_date.slice(0, 4)) : null;
  const target = plan.target;
  return (
    <>
      <Card title="When can I retire?" testID="fi-card">
        <Text testID="plan-headline" style={[styles.figure, { color: c.text }]}>
          {plan.fi_date ? formatMonth(plan.fi_date) : "Not reached within the plan"}
        </Text>
        <Body>{plan.headline}</Body>
        {target ? (
          <Text testID="target-sentence" style={{ color: target.met ? c.success : c.warning, fontSize: typeScale.body }}>
            {privacy && !target.met ? `Short of your target age ${target.age}.` : target.sentence}
          </Text>
        ) : null}
      </Card>
      <Card title="FIRE number" testID="fire-number-card">
        <Money value={plan.fire_number} style={styles.figure} />
        <Body muted>
          The savings the plan needs at your FI date, taxes, CPP and OAS counted. Rule of thumb (25 × spending):{" "}
          {privacy ? HIDDEN : formatCurrency(plan.rule_of_thumb, { wholeDollars: true })}.
        </Body>
        {plan.progress != null ? (
          <>
            <Progress value={plan.progress} />
            <Body>
              {formatPercent(Math.min(plan.progress, 1), { digits: 0 })} of the way:{" "}
              {privacy ? HIDDEN : formatCurrency(plan.investable_today, { wholeDollars: true })} invested today.
            </Body>
          </>
        ) : null}
      </Card>
      <Card title="Net worth" testID="net-worth-card">
        <Money value={plan.net_worth_today} style={styles.figure} />
        <NetWorthChart years={plan.years} values={plan.net_worth} fiYear={fiYear} />
      </Card>
      <Card title="Success rate" testID="success-card">
        <Text style={[styles.figure, { color: c.text }]}>{formatPercent(plan.success_rate, { digits: 0 })}</Text>
        <Body muted>{plan.success_question}</Body>
      </Card>
      {plan.next_actions.length > 0 ? (
        <Card title="Next best actions">
          {plan.next_actions.map((action) => (
            <View key={action.title} style={{ gap: space.xs }}>
              <Text style={{ color: c.text, fontWeight: "600", fontSize: typeScale.body }}>{action.title}</Text>
              <Body muted>{action.detail}</Body>
              <Button label={`Open: ${action.title}`} variant="secondary" onPress={() => router.push(appRouteFor(action.route))} />
            </View>
          ))}
        </Card>
      ) : null}
      {plan.missing.length > 0 ? (
        <Card title="To make the plan yours">
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
  return (
    <Screen onRefresh={() => void query.refetch()} refreshing={query.isRefetching}>
      <OfflineBanner updatedAt={query.dataUpdatedAt || undefined} />
      {query.data ? (
        <PlanView plan={query.data} />
      ) : query.isError ? (
        <ErrorState message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.fetchStatus === "paused" ? (
        <ErrorState message="You're offline and this device has no saved plan yet. Connect to see your plan." />
      ) : (
        <Loading label="Loading your plan" />
      )}
    </Screen>
  );
}

const styles = StyleSheet.create({
  figure: { fontSize: typeScale.figure, fontWeight: "700" },
  track: { height: 10, borderRadius: 5, overflow: "hidden" },
  fill: { height: 10 },
});

/** The list settings forms, with the web's fields, labels, requests and texts: Bank Accounts, Properties, Financial
 * Goals and Future Plans (add, edit, delete with a confirmation). */
import type { Schemas } from "@firepath/shared/api";
import { labelOf } from "@firepath/shared/form-kit";
import { formatCurrency, formatDate, formatMonth, formatPercent } from "@firepath/shared/format";
import { ACCOUNT_FIELDS, ACCOUNT_OWNERS, ACCOUNT_TYPES, FUTURE_GROWTH_FIELDS, FUTURE_ITEM_FIELDS, FUTURE_ITEM_KINDS, GOAL_CATEGORIES, GOAL_FIELDS, PROPERTY_FIELDS, PROPERTY_TYPES } from "@firepath/shared/settings-fields";
import { type ReactNode, useCallback, useMemo } from "react";
import { StyleSheet, Text, View } from "react-native";
import { Money } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { CrudList, type ListSpec, RecordForm, type RecordSpec } from "./form-parts";

type Account = Schemas["AccountRead"];
type Property = Schemas["PropertyRead"];
type Goal = Schemas["GoalRead"];
type FuturePlanItem = Schemas["FuturePlanItemRead"];

/** One list row: what it is on the left, its figure on the right (wrapping at large text sizes). */
export function ItemLine({ name, detail, figure }: { name: string; detail?: string; figure: ReactNode }) {
  const c = useColours();
  return (
    <View style={styles.line}>
      <View style={styles.grow}>
        <Text style={[styles.name, { color: c.text }]}>{name}</Text>
        {detail ? <Text style={[styles.detail, { color: c.muted }]}>{detail}</Text> : null}
      </View>
      {figure}
    </View>
  );
}

/** "Total balance $12,345.67" (dots in privacy mode). */
function useTotalText() {
  const { privacy } = useDevicePrefs();
  return useCallback((label: string, value: number) => `${label} ${privacy ? "•••••" : formatCurrency(value)}`, [privacy]);
}

export function AccountsForm({ title }: { title: string }) {
  const total = useTotalText();
  const spec = useMemo(
    (): ListSpec<Account> => ({
      formTitle: title, title: "Accounts", queryKey: ["settings", "accounts"], path: "/api/v1/accounts", fields: ACCOUNT_FIELDS,
      defaults: { account_type: "tfsa", owner: "self" },
      description: (items) => total("Total balance", items.reduce((s, a) => s + Number(a.balance), 0)),
      texts: {
        noun: "account", added: "Account added successfully", updated: "Account updated successfully", deleted: "Account deleted successfully",
        empty: "No accounts yet", emptyHint: "Add your TFSA, RRSP, FHSA, chequing or other accounts.", loadError: "Failed to load accounts",
      },
      render: (a) => (
        <ItemLine
          name={a.account_name}
          detail={`${labelOf(ACCOUNT_TYPES, a.account_type)}${a.owner && a.owner !== "self" ? ` · ${labelOf(ACCOUNT_OWNERS, a.owner)}` : ""}${a.institution ? ` · ${a.institution}` : ""}`}
          figure={<Money value={a.balance} whole={false} />}
        />
      ),
    }),
    [title, total],
  );
  return <CrudList spec={spec} />;
}

export function PropertiesForm({ title }: { title: string }) {
  const total = useTotalText();
  const { privacy } = useDevicePrefs();
  const spec = useMemo(
    (): ListSpec<Property> => ({
      formTitle: title, title: "Properties", queryKey: ["settings", "properties"], path: "/api/v1/properties", fields: PROPERTY_FIELDS,
      defaults: { type: "house" },
      itemLabel: (p) => String(p.description || labelOf(PROPERTY_TYPES, p.type)),
      description: (items) => total("Total equity", items.reduce((s, p) => s + Number(p.market_value) - Number(p.mortgage_balance), 0)),
      texts: {
        noun: "property", added: "Property added successfully", updated: "Property updated successfully", deleted: "Property deleted successfully",
        empty: "No properties yet", emptyHint: "Add your home, a cottage or a rental to include them in your net worth.", loadError: "Failed to load properties",
      },
      render: (p) => {
        const mortgage = Number(p.mortgage_balance) > 0 && !privacy
          ? `Mortgage ${formatCurrency(p.mortgage_balance)}${p.mortgage_rate != null ? ` at ${formatPercent(p.mortgage_rate, { digits: 2 })}` : ""}${p.mortgage_payment != null ? `, ${formatCurrency(p.mortgage_payment)} a month` : ""}`
          : null;
        const rent = Number(p.monthly_rental_income ?? 0) > 0 && !privacy ? `Rent ${formatCurrency(p.monthly_rental_income)} a month, net` : null;
        return (
          <ItemLine
            name={labelOf(PROPERTY_TYPES, p.type)}
            detail={[p.description, mortgage, rent].filter(Boolean).join(" · ")}
            figure={<Money value={p.market_value} />}
          />
        );
      },
    }),
    [title, total, privacy],
  );
  return <CrudList spec={spec} />;
}

/** "−$480 a month", "$92,000 a year", "$18,000 once", "$5,000 received": the amount as its kind means it. */
export function planAmount(item: FuturePlanItem): string {
  const value = Number(item.amount ?? 0);
  const money = formatCurrency(Math.abs(value), { wholeDollars: true });
  const signed = value < 0 ? `−${money}` : item.kind === "spending" ? `+${money}` : money;
  if (item.kind === "spending" || item.kind === "income") return `${signed} a month`;
  if (item.kind === "income_target") return `${signed} a year`;
  if (item.kind === "one_off") return value < 0 ? `${money} received` : `${money} once`;
  return "";
}

/** Future Plans: the income growth (saved alone, PATCH) and the dated plans, as many as the person adds. */
export function FuturePlansForm({ title }: { title: string }) {
  const { privacy } = useDevicePrefs();
  const growth = useMemo((): RecordSpec => ({
    formTitle: title, cardTitle: "Income growth", description: "How fast your pay rises each year. Your plan counts what it beats inflation by (2%).",
    queryKey: ["settings", "future-plans"], path: "/api/v1/future-plans", method: "PATCH",
    toRecord: (data) => ({ income_growth_rate: (data as { income_growth_rate?: number | null } | null)?.income_growth_rate ?? null }),
    sections: [{ fields: FUTURE_GROWTH_FIELDS }],
    submitLabel: "Save income growth", success: "Income growth saved", loadError: "Failed to load future plans",
  }), [title]);
  const items = useMemo((): ListSpec<FuturePlanItem> => ({
    formTitle: title, title: "Dated plans", queryKey: ["settings", "future-plans", "items"], path: "/api/v1/future-plans/items",
    fields: FUTURE_ITEM_FIELDS, defaults: { kind: "spending", person: "self" }, itemLabel: (i) => i.description,
    texts: {
      noun: "future plan", added: "Future plan added", updated: "Future plan updated", deleted: "Future plan deleted",
      empty: "No future plans yet", emptyHint: "Add what you see coming: daycare ending, a new roof, a promotion, part-time work, a sabbatical.",
      loadError: "Failed to load future plans",
    },
    render: (i) => (
      <ItemLine
        name={i.description}
        detail={[
          labelOf(FUTURE_ITEM_KINDS, i.kind),
          !i.start_date ? "no date yet: not in your plan" : i.end_date ? `${formatMonth(i.start_date)} to ${formatMonth(i.end_date)}` : `from ${formatMonth(i.start_date)}`,
          i.person === "partner" ? "your partner's" : "",
        ].filter(Boolean).join(" · ")}
        figure={<Figure text={i.kind === "pause_saving" ? "" : privacy ? "•••••" : planAmount(i)} />}
      />
    ),
  }), [title, privacy]);
  return (
    <>
      <RecordForm spec={growth} />
      <CrudList spec={items} />
    </>
  );
}

function Figure({ text }: { text: string }) {
  const c = useColours();
  return <Text style={[styles.detail, { color: c.text }]}>{text}</Text>;
}

function GoalProgress({ goal }: { goal: Goal }) {
  const c = useColours();
  const target = Number(goal.target_amount);
  const share = target > 0 ? Math.min(100, Math.round((Number(goal.current_amount) / target) * 100)) : 0;
  return (
    <View
      accessibilityRole="progressbar"
      accessibilityLabel={`${goal.name}: ${share}% saved`}
      accessibilityValue={{ min: 0, max: 100, now: share }}
      style={[styles.track, { backgroundColor: c.border }]}
    >
      <View style={[styles.fill, { width: `${share}%`, backgroundColor: c.primary }]} />
    </View>
  );
}

export function GoalsForm({ title }: { title: string }) {
  const { privacy } = useDevicePrefs();
  const spec = useMemo(
    (): ListSpec<Goal> => ({
      formTitle: title, title: "Goals", queryKey: ["settings", "goals"], path: "/api/v1/goals", fields: GOAL_FIELDS,
      defaults: { category: "emergency-fund", priority: "medium" },
      texts: {
        noun: "goal", added: "Goal added successfully", updated: "Goal updated successfully", deleted: "Goal deleted successfully",
        empty: "No goals yet", emptyHint: "Start with an emergency fund of 3 to 6 months of expenses.", loadError: "Failed to load goals",
      },
      render: (g) => (
        <View style={{ gap: space.xs }}>
          <ItemLine
            name={g.name}
            detail={`${labelOf(GOAL_CATEGORIES, g.category)} · ${g.priority} priority${g.target_date ? ` · by ${formatDate(g.target_date)}` : ""}`}
            figure={
              <Figure text={privacy ? "•••••" : `${formatCurrency(g.current_amount)} of ${formatCurrency(g.target_amount)}`} />
            }
          />
          <GoalProgress goal={g} />
        </View>
      ),
    }),
    [title, privacy],
  );
  return <CrudList spec={spec} />;
}

const styles = StyleSheet.create({
  line: { flexDirection: "row", flexWrap: "wrap", justifyContent: "space-between", gap: space.sm },
  grow: { flexShrink: 1, flexGrow: 1, gap: 2 },
  name: { fontSize: typeScale.body, fontWeight: "600" },
  detail: { fontSize: typeScale.small },
  track: { height: 8, borderRadius: 4, overflow: "hidden" },
  fill: { height: 8 },
});

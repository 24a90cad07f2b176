/** The list settings forms, with the web's fields, labels, requests and texts: Bank Accounts, Properties and
 * Financial Goals (add, edit, delete with a confirmation). */
import type { Schemas } from "@firepath/shared/api";
import { labelOf } from "@firepath/shared/form-kit";
import { formatCurrency, formatDate, formatPercent } from "@firepath/shared/format";
import { ACCOUNT_FIELDS, ACCOUNT_OWNERS, ACCOUNT_TYPES, GOAL_CATEGORIES, GOAL_FIELDS, PROPERTY_FIELDS, PROPERTY_TYPES } from "@firepath/shared/settings-fields";
import { type ReactNode, useCallback, useMemo } from "react";
import { StyleSheet, Text, View } from "react-native";
import { Money } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { CrudList, type ListSpec } from "./form-parts";

type Account = Schemas["AccountRead"];
type Property = Schemas["PropertyRead"];
type Goal = Schemas["GoalRead"];

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
        return (
          <ItemLine
            name={labelOf(PROPERTY_TYPES, p.type)}
            detail={[p.description, mortgage].filter(Boolean).join(" · ")}
            figure={<Money value={p.market_value} />}
          />
        );
      },
    }),
    [title, total, privacy],
  );
  return <CrudList spec={spec} />;
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

/** The list settings forms, with the web's fields, labels, requests and texts: Bank Accounts, Properties, Financial
 * Goals and Future Plans (add, edit, delete with a confirmation). */
import type { Schemas } from "@firepath/shared/api";
import { labelOf } from "@firepath/shared/form-kit";
import type { Formatters } from "@firepath/shared/i18n/format";
import { type ReactNode, useCallback, useMemo } from "react";
import { StyleSheet, Text, View } from "react-native";
import { Money } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { type AppTranslate, useFormat, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { CrudList, type ListSpec, RecordForm, type RecordSpec } from "./form-parts";
import { useSettingsFields } from "./use-settings-form";

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

/** An amount for a total line ("$12,345.67", "12 345,67 $"; dots in privacy mode). */
function useTotalText() {
  const { privacy } = useDevicePrefs();
  const fmt = useFormat();
  return useCallback((value: number) => (privacy ? "•••••" : fmt.money(value)), [privacy, fmt]);
}

export function AccountsForm({ title }: { title: string }) {
  const total = useTotalText();
  const t = useT();
  const { ACCOUNT_FIELDS, ACCOUNT_OWNERS, ACCOUNT_TYPES } = useSettingsFields();
  const spec = useMemo(
    (): ListSpec<Account> => ({
      formTitle: title, title: t("settings.accounts.accounts"), queryKey: ["settings", "accounts"], path: "/api/v1/accounts", fields: ACCOUNT_FIELDS,
      defaults: { account_type: "tfsa", owner: "self" },
      description: (items) => t("app.settings.totalBalance", { total: total(items.reduce((s, a) => s + Number(a.balance), 0)) }),
      texts: {
        noun: t("settings.noun.account"), gender: t("settings.noun.accountGender"),
        added: t("settings.accounts.accountAddedSuccessfully"), updated: t("settings.accounts.accountUpdatedSuccessfully"), deleted: t("settings.accounts.accountDeletedSuccessfully"),
        empty: t("settings.accounts.noAccountsYet"), emptyHint: t("settings.accounts.addYourTfsaRrsp"), loadError: t("settings.accounts.failedToLoadAccounts"),
      },
      render: (a) => (
        <ItemLine
          name={a.account_name}
          detail={`${labelOf(ACCOUNT_TYPES, a.account_type)}${a.owner && a.owner !== "self" ? ` · ${labelOf(ACCOUNT_OWNERS, a.owner)}` : ""}${a.institution ? ` · ${a.institution}` : ""}`}
          figure={<Money value={a.balance} whole={false} />}
        />
      ),
    }),
    [title, total, t, ACCOUNT_FIELDS, ACCOUNT_OWNERS, ACCOUNT_TYPES],
  );
  return <CrudList spec={spec} />;
}

export function PropertiesForm({ title }: { title: string }) {
  const total = useTotalText();
  const { privacy } = useDevicePrefs();
  const t = useT();
  const fmt = useFormat();
  const { PROPERTY_FIELDS, PROPERTY_TYPES } = useSettingsFields();
  const spec = useMemo(
    (): ListSpec<Property> => ({
      formTitle: title, title: t("settings.properties.properties"), queryKey: ["settings", "properties"], path: "/api/v1/properties", fields: PROPERTY_FIELDS,
      defaults: { type: "house" },
      itemLabel: (p) => String(p.description || labelOf(PROPERTY_TYPES, p.type)),
      description: (items) => t("app.settings.totalEquity", { equity: total(items.reduce((s, p) => s + Number(p.market_value) - Number(p.mortgage_balance), 0)) }),
      texts: {
        noun: t("settings.noun.property"), gender: t("settings.noun.propertyGender"),
        added: t("settings.properties.propertyAddedSuccessfully"), updated: t("settings.properties.propertyUpdatedSuccessfully"), deleted: t("settings.properties.propertyDeletedSuccessfully"),
        empty: t("settings.properties.noPropertiesYet"), emptyHint: t("settings.properties.addYourHomeA"), loadError: t("settings.properties.failedToLoadProperties"),
      },
      render: (p) => {
        let mortgage: string | null = null;
        if (Number(p.mortgage_balance) > 0 && !privacy) {
          const balance = fmt.money(p.mortgage_balance);
          mortgage = p.mortgage_rate != null ? t("app.settings.mortgageAt", { balance, rate: fmt.percent(p.mortgage_rate, { digits: 2 }) }) : t("app.settings.mortgage", { balance });
          if (p.mortgage_payment != null) mortgage = t("app.settings.mortgagePayment", { mortgage, payment: fmt.money(p.mortgage_payment) });
        }
        const rent = Number(p.monthly_rental_income ?? 0) > 0 && !privacy ? t("app.settings.rent", { amount: fmt.money(p.monthly_rental_income) }) : null;
        return (
          <ItemLine
            name={labelOf(PROPERTY_TYPES, p.type)}
            detail={[p.description, mortgage, rent].filter(Boolean).join(" · ")}
            figure={<Money value={p.market_value} />}
          />
        );
      },
    }),
    [title, total, privacy, t, fmt, PROPERTY_FIELDS, PROPERTY_TYPES],
  );
  return <CrudList spec={spec} />;
}

/** "−$480 a month", "$92,000 a year", "$18,000 once", "$5,000 received": the amount as its kind means it. */
export function planAmount(item: FuturePlanItem, t: AppTranslate, fmt: Formatters): string {
  const value = Number(item.amount ?? 0);
  const money = fmt.money(Math.abs(value), { wholeDollars: true });
  const signed = value < 0 ? `−${money}` : item.kind === "spending" ? `+${money}` : money;
  if (item.kind === "spending" || item.kind === "income") return t("settings.futurePlans.perMonth", { amount: signed });
  if (item.kind === "income_target") return t("settings.futurePlans.perYear", { amount: signed });
  if (item.kind === "one_off") return value < 0 ? t("settings.futurePlans.received", { amount: money }) : t("settings.futurePlans.once", { amount: money });
  return "";
}

/** Future Plans: the income growth (saved alone, PATCH) and the dated plans, as many as the person adds. */
export function FuturePlansForm({ title }: { title: string }) {
  const { privacy } = useDevicePrefs();
  const t = useT();
  const fmt = useFormat();
  const { FUTURE_GROWTH_FIELDS, FUTURE_ITEM_FIELDS, FUTURE_ITEM_KINDS } = useSettingsFields();
  const growth = useMemo((): RecordSpec => ({
    formTitle: title, cardTitle: t("settings.futurePlans.growthTitle"), description: t("settings.futurePlans.growthDescription"),
    queryKey: ["settings", "future-plans"], path: "/api/v1/future-plans", method: "PATCH",
    toRecord: (data) => ({ income_growth_rate: (data as { income_growth_rate?: number | null } | null)?.income_growth_rate ?? null }),
    sections: [{ fields: FUTURE_GROWTH_FIELDS }],
    submitLabel: t("settings.futurePlans.saveGrowth"), success: t("settings.futurePlans.growthSaved"), loadError: t("settings.futurePlans.failedToLoadFuture"),
  }), [title, t, FUTURE_GROWTH_FIELDS]);
  const items = useMemo((): ListSpec<FuturePlanItem> => ({
    formTitle: title, title: t("settings.futurePlans.datedPlans"), queryKey: ["settings", "future-plans", "items"], path: "/api/v1/future-plans/items",
    fields: FUTURE_ITEM_FIELDS, defaults: { kind: "spending", person: "self" }, itemLabel: (i) => i.description,
    texts: {
      noun: t("settings.noun.futurePlan"), gender: t("settings.noun.futurePlanGender"),
      added: t("settings.futurePlans.added"), updated: t("settings.futurePlans.updated"), deleted: t("settings.futurePlans.deleted"),
      empty: t("settings.futurePlans.noPlansYet"), emptyHint: t("settings.futurePlans.noPlansHint"),
      loadError: t("settings.futurePlans.failedToLoadFuture"),
    },
    render: (i) => (
      <ItemLine
        name={i.description}
        detail={[
          labelOf(FUTURE_ITEM_KINDS, i.kind),
          !i.start_date
            ? t("settings.futurePlans.undated")
            : i.end_date
              ? t("settings.futurePlans.fromUntil", { start: fmt.month(i.start_date), end: fmt.month(i.end_date) })
              : t("settings.futurePlans.from", { start: fmt.month(i.start_date) }),
          i.person === "partner" ? t("settings.futurePlans.partners") : "",
        ].filter(Boolean).join(" · ")}
        figure={<Figure text={i.kind === "pause_saving" ? "" : privacy ? "•••••" : planAmount(i, t, fmt)} />}
      />
    ),
  }), [title, privacy, t, fmt, FUTURE_ITEM_FIELDS, FUTURE_ITEM_KINDS]);
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
  const t = useT();
  const target = Number(goal.target_amount);
  const share = target > 0 ? Math.min(100, Math.round((Number(goal.current_amount) / target) * 100)) : 0;
  return (
    <View
      accessibilityRole="progressbar"
      accessibilityLabel={t("app.settings.goalSaved", { name: goal.name, share })}
      accessibilityValue={{ min: 0, max: 100, now: share }}
      style={[styles.track, { backgroundColor: c.border }]}
    >
      <View style={[styles.fill, { width: `${share}%`, backgroundColor: c.primary }]} />
    </View>
  );
}

export function GoalsForm({ title }: { title: string }) {
  const { privacy } = useDevicePrefs();
  const t = useT();
  const fmt = useFormat();
  const { GOAL_FIELDS, GOAL_CATEGORIES } = useSettingsFields();
  const priorities = GOAL_FIELDS.find((f) => f.name === "priority")?.options ?? [];
  const spec = useMemo(
    (): ListSpec<Goal> => ({
      formTitle: title, title: t("settings.goals.goals"), queryKey: ["settings", "goals"], path: "/api/v1/goals", fields: GOAL_FIELDS,
      defaults: { category: "emergency-fund", priority: "medium" },
      texts: {
        noun: t("settings.noun.goal"), gender: t("settings.noun.goalGender"),
        added: t("settings.goals.goalAddedSuccessfully"), updated: t("settings.goals.goalUpdatedSuccessfully"), deleted: t("settings.goals.goalDeletedSuccessfully"),
        empty: t("settings.goals.noGoalsYet"), emptyHint: t("settings.goals.startWithAnEmergency"), loadError: t("settings.goals.failedToLoadGoals"),
      },
      render: (g) => (
        <View style={{ gap: space.xs }}>
          <ItemLine
            name={g.name}
            detail={`${t("settings.goals.priority", { category: labelOf(GOAL_CATEGORIES, g.category), priority: labelOf(priorities, g.priority).toLowerCase() })}${g.target_date ? t("settings.goals.by", { target_date: fmt.date(g.target_date) }) : ""}`}
            figure={
              <Figure text={privacy ? "•••••" : t("settings.goals.of", { current_amount: fmt.money(g.current_amount), target_amount: fmt.money(g.target_amount) })} />
            }
          />
          <GoalProgress goal={g} />
        </View>
      ),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [title, privacy, t, fmt, GOAL_FIELDS, GOAL_CATEGORIES],
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

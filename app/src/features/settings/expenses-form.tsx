/** Monthly Expenses: rent or mortgage and the monthly items, needs and wants, any of them marked a bad habit.
 * Saving replaces the whole list (PUT /api/v1/expenses), as on the web. Needs include rent or mortgage. */
import type { Schemas } from "@firepath/shared/api";
import { CAD, type FieldDef, typedNumber } from "@firepath/shared/form-kit";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { StyleSheet, Text, View } from "react-native";
import { Body, Button, Card, ErrorState, HIDDEN, Loading } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { type AppTranslate, useFormat, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { Field } from "./fields";
import { ItemRowsEditor, SaveStatusLine, SectionTitle, useItemRows } from "./form-parts";
import { loadRecord } from "./settings-api";
import { useFormState, useOfflineSave } from "./use-settings-form";

type Expenses = Schemas["ExpensesRead"];
type ExpensesIn = Schemas["ExpensesIn"];

/** The web's expense fields (web/src/pages/settings/expenses-settings-page.tsx), in the language given. */
const rentFields = (t: AppTranslate): FieldDef[] => [CAD(t("settings.expenses.rent"), "rent_mortgage", { hint: t("settings.expenses.rentHint"), emptyAsZero: true })];
export const expenseItemFields = (t: AppTranslate): FieldDef[] => [
  { name: "category", label: t("settings.expenses.category"), kind: "text", required: true, maxLength: 100, placeholder: t("settings.expenses.categoryPlaceholder") },
  { name: "subcategory", label: t("settings.expenses.details"), kind: "text", maxLength: 100 },
  CAD(t("settings.expenses.amount"), "amount", { required: true }),
  { name: "is_bad_habit", label: t("settings.expenses.badHabit"), kind: "checkbox" },
];

/** Needs = needs items + rent or mortgage; total = needs + wants; bad habits counted apart. */
export function expenseTotals(rent: number, items: { amount: number; needs_wants_category: string; is_bad_habit: boolean }[]) {
  const sum = (xs: typeof items) => xs.reduce((s, i) => s + i.amount, 0);
  const needs = rent + sum(items.filter((i) => i.needs_wants_category === "needs"));
  const wants = sum(items.filter((i) => i.needs_wants_category === "wants"));
  return { needs, wants, bad_habits: sum(items.filter((i) => i.is_bad_habit)), total: needs + wants };
}

const KEY = ["settings", "expenses"];

export function ExpensesForm({ title }: { title: string }) {
  const c = useColours();
  const { privacy } = useDevicePrefs();
  const t = useT();
  const fmt = useFormat();
  const RENT = useMemo(() => rentFields(t), [t]);
  const EXPENSE_ITEM_FIELDS = useMemo(() => expenseItemFields(t), [t]);
  const query = useQuery({ queryKey: KEY, queryFn: () => loadRecord<Expenses>("/api/v1/expenses") });
  const rentRecord = useMemo(() => (query.data ? { rent_mortgage: query.data.rent_mortgage } : undefined), [query.data]);
  const rent = useFormState(RENT, rentRecord);
  const rows = useItemRows(EXPENSE_ITEM_FIELDS);
  const saver = useOfflineSave();
  const { load } = rows;
  useEffect(() => {
    if (query.data) load(query.data, query.data.items.map((i) => ({ group: i.needs_wants_category, record: i as unknown as Record<string, unknown> })));
  }, [query.data, load]);

  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState message={t("settings.expenses.failedToLoadExpenses")} onRetry={() => void query.refetch()} />;

  const submit = async () => {
    const head = rent.check();
    const items = rows.check();
    if (!head || !items) {
      saver.setStatus(null);
      return;
    }
    const body: ExpensesIn = {
      rent_mortgage: (head.rent_mortgage as number) ?? 0,
      items: items.map(({ group, body: b }) => ({
        category: b.category as string,
        subcategory: (b.subcategory as string | null) ?? null,
        amount: b.amount as number,
        needs_wants_category: group as "needs" | "wants",
        is_bad_habit: b.is_bad_habit as boolean,
      })),
    };
    const outcome = await saver.save({ method: "PUT", path: "/api/v1/expenses", body, label: title, invalidate: [KEY] }, t("settings.expenses.expensesSavedSuccessfully"));
    if (outcome.status === "failed") rent.showServerErrors(outcome.error);
  };

  const num = (v: unknown) => typedNumber(String(v ?? ""), rows.locale) ?? 0;
  const totals = expenseTotals(
    num(rent.values.rent_mortgage),
    rows.rows.map((r) => ({ amount: num(r.values.amount), needs_wants_category: r.group, is_bad_habit: r.values.is_bad_habit === true })),
  );
  const money = (n: number) => (privacy ? HIDDEN : fmt.money(n));
  return (
    <Card title={t("settings.expenses.expenses")}>
      <Field field={RENT[0]!} value={rent.values.rent_mortgage} error={rent.errors.rent_mortgage} onChange={rent.onChange} />
      <SectionTitle>{t("settings.expenses.needs")}</SectionTitle>
      <Body muted>{t("settings.expenses.essentialsGroceriesUtilitiesTransport")}</Body>
      <ItemRowsEditor state={rows} group="needs" fields={EXPENSE_ITEM_FIELDS} noun={t("settings.noun.need")} gender={t("settings.noun.needGender")} emptyText={t("settings.expenses.noNeedsAddedYet")} />
      <SectionTitle>{t("settings.expenses.wants")}</SectionTitle>
      <Body muted>{t("settings.expenses.niceToHaveDining")}</Body>
      <ItemRowsEditor state={rows} group="wants" fields={EXPENSE_ITEM_FIELDS} noun={t("settings.noun.want")} gender={t("settings.noun.wantGender")} emptyText={t("settings.expenses.noWantsAddedYet")} />
      <View testID="expense-totals" style={[styles.totals, { borderColor: c.border }]}>
        {([[t("settings.expenses.needs"), totals.needs], [t("settings.expenses.wants"), totals.wants], [t("settings.expenses.badHabits"), totals.bad_habits], [t("settings.expenses.total"), totals.total]] as const).map(([label, value]) => (
          <View key={label} style={styles.total} accessible accessibilityLabel={t("app.settings.fieldError", { field: label, message: money(value) })}>
            <Text style={[styles.totalLabel, { color: c.muted }]}>{label}</Text>
            <Text style={[styles.totalValue, { color: c.text }]}>{money(value)}</Text>
          </View>
        ))}
      </View>
      <SaveStatusLine status={saver.status} />
      <Button label={saver.pending ? t("settings.crudList.saving") : t("settings.expenses.saveExpenses")} busy={saver.pending} onPress={() => void submit()} />
    </Card>
  );
}

const styles = StyleSheet.create({
  totals: { flexDirection: "row", flexWrap: "wrap", gap: space.md, borderWidth: 1, borderRadius: 8, padding: space.md },
  total: { minWidth: 120, gap: 2 },
  totalLabel: { fontSize: typeScale.small },
  totalValue: { fontSize: typeScale.body, fontWeight: "700" },
});

/** Monthly Expenses: rent or mortgage and the monthly items, needs and wants, any of them marked a bad habit.
 * Saving replaces the whole list (PUT /api/v1/expenses), as on the web. Needs include rent or mortgage. */
import type { Schemas } from "@firepath/shared/api";
import { CAD, type FieldDef, typedNumber } from "@firepath/shared/form-kit";
import { formatCurrency } from "@firepath/shared/format";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { StyleSheet, Text, View } from "react-native";
import { Body, Button, Card, ErrorState, HIDDEN, Loading } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { Field } from "./fields";
import { ItemRowsEditor, SaveStatusLine, SectionTitle, useItemRows } from "./form-parts";
import { loadRecord } from "./settings-api";
import { useFormState, useOfflineSave } from "./use-settings-form";

type Expenses = Schemas["ExpensesRead"];
type ExpensesIn = Schemas["ExpensesIn"];

const RENT: FieldDef[] = [CAD("Rent or mortgage payment", "rent_mortgage", { hint: "Per month; counted as a need", emptyAsZero: true })];
export const EXPENSE_ITEM_FIELDS: FieldDef[] = [
  { name: "category", label: "Category", kind: "text", required: true, maxLength: 100, placeholder: "Groceries" },
  { name: "subcategory", label: "Details", kind: "text", maxLength: 100 },
  CAD("Amount per month", "amount", { required: true }),
  { name: "is_bad_habit", label: "Bad habit (something you want to cut)", kind: "checkbox" },
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
  if (query.isError) return <ErrorState message="Failed to load expenses" onRetry={() => void query.refetch()} />;

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
    const outcome = await saver.save({ method: "PUT", path: "/api/v1/expenses", body, label: title, invalidate: [KEY] }, "Expenses saved successfully");
    if (outcome.status === "failed") rent.showServerErrors(outcome.error);
  };

  const num = (v: unknown) => typedNumber(String(v ?? "")) ?? 0;
  const totals = expenseTotals(
    num(rent.values.rent_mortgage),
    rows.rows.map((r) => ({ amount: num(r.values.amount), needs_wants_category: r.group, is_bad_habit: r.values.is_bad_habit === true })),
  );
  const money = (n: number) => (privacy ? HIDDEN : formatCurrency(n));

  return (
    <Card title="Expenses">
      <Field field={RENT[0]!} value={rent.values.rent_mortgage} error={rent.errors.rent_mortgage} onChange={rent.onChange} />
      <SectionTitle>Needs</SectionTitle>
      <Body muted>Essentials: groceries, utilities, transport, insurance, childcare, minimum debt payments.</Body>
      <ItemRowsEditor state={rows} group="needs" fields={EXPENSE_ITEM_FIELDS} noun="Need" emptyText="No needs added yet." />
      <SectionTitle>Wants</SectionTitle>
      <Body muted>Nice to have: dining out, entertainment, travel, shopping, subscriptions.</Body>
      <ItemRowsEditor state={rows} group="wants" fields={EXPENSE_ITEM_FIELDS} noun="Want" emptyText="No wants added yet." />
      <View testID="expense-totals" style={[styles.totals, { borderColor: c.border }]}>
        {([["Needs", totals.needs], ["Wants", totals.wants], ["Bad habits", totals.bad_habits], ["Total", totals.total]] as const).map(([label, value]) => (
          <View key={label} style={styles.total} accessible accessibilityLabel={`${label}: ${money(value)}`}>
            <Text style={[styles.totalLabel, { color: c.muted }]}>{label}</Text>
            <Text style={[styles.totalValue, { color: c.text }]}>{money(value)}</Text>
          </View>
        ))}
      </View>
      <SaveStatusLine status={saver.status} />
      <Button label={saver.pending ? "Saving..." : "Save expenses"} busy={saver.pending} onPress={() => void submit()} />
    </Card>
  );
}

const styles = StyleSheet.create({
  totals: { flexDirection: "row", flexWrap: "wrap", gap: space.md, borderWidth: 1, borderRadius: 8, padding: space.md },
  total: { minWidth: 120, gap: 2 },
  totalLabel: { fontSize: typeScale.small },
  totalValue: { fontSize: typeScale.body, fontWeight: "700" },
});

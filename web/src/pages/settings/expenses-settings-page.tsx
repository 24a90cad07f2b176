/** /settings/expenses: rent or mortgage and monthly items on a needs tab and a wants tab; any item may be marked
 * a bad habit. Saving replaces the whole list. Totals follow spec section 9 (needs include rent or mortgage). */
import { CAD, type FieldDef, typedNumber } from "@firepath/shared/form-kit";
import { formatCurrency } from "@firepath/shared/format";
import { useEffect, useMemo, useState } from "react";
import { type ExpensesIn, saveExpenses, useExpenses } from "@/api/expenses";
import { Field } from "@/components/forms/form-fields";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ItemRowsEditor, useItemRows } from "@/pages/settings/item-rows";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";

const RENT: FieldDef[] = [CAD("Rent or mortgage payment", "rent_mortgage", { hint: "Per month; counted as a need", emptyAsZero: true })];
export const EXPENSE_ITEM_FIELDS: FieldDef[] = [
  { name: "category", label: "Category", kind: "text", required: true, maxLength: 100, placeholder: "Groceries" },
  { name: "subcategory", label: "Details", kind: "text", maxLength: 100 },
  CAD("Amount per month", "amount", { required: true }),
  { name: "is_bad_habit", label: "Bad habit (something you want to cut)", kind: "checkbox" },
];

type Totals = { needs: number; wants: number; bad_habits: number; total: number };

/** Spec section 9: needs = needs items + rent or mortgage; total = needs + wants; bad habits counted apart. */
export function expenseTotals(rent: number, items: { amount: number; needs_wants_category: string; is_bad_habit: boolean }[]): Totals {
  const sum = (xs: typeof items) => xs.reduce((s, i) => s + i.amount, 0);
  const needs = rent + sum(items.filter((i) => i.needs_wants_category === "needs"));
  const wants = sum(items.filter((i) => i.needs_wants_category === "wants"));
  return { needs, wants, bad_habits: sum(items.filter((i) => i.is_bad_habit)), total: needs + wants };
}

export default function ExpensesSettingsPage() {
  const query = useExpenses();
  const rentRecord = useMemo(() => (query.data ? { rent_mortgage: query.data.rent_mortgage } : undefined), [query.data]);
  const rent = useFormState(RENT, "expenses", rentRecord);
  const rows = useItemRows(EXPENSE_ITEM_FIELDS, "expense");
  const [tab, setTab] = useState("needs");
  const { load } = rows;
  useEffect(() => {
    if (query.data) load(query.data.items.map((i) => ({ group: i.needs_wants_category, record: i as unknown as Record<string, unknown> })));
  }, [query.data, load]);

  const save = useSettingsSave({
    save: (body: ExpensesIn) => saveExpenses(body), invalidate: [["expenses"]], form: "settings_expenses",
    success: "Expenses saved successfully", failure: "Failed to save expenses", onError: rent.showServerErrors,
  });

  const submit = () => {
    const head = rent.check();
    const items = rows.check(setTab);
    if (!head || !items) return;
    save.mutate({
      rent_mortgage: (head.rent_mortgage as number) ?? 0,
      items: items.map(({ group, body }) => ({
        category: body.category as string,
        subcategory: (body.subcategory as string | null) ?? null,
        amount: body.amount as number,
        needs_wants_category: group as "needs" | "wants",
        is_bad_habit: body.is_bad_habit as boolean,
      })),
    });
  };

  const num = (v: unknown) => typedNumber(String(v ?? "")) ?? 0;
  const totals = expenseTotals(
    num(rent.values.rent_mortgage),
    rows.rows.map((r) => ({ amount: num(r.values.amount), needs_wants_category: r.group, is_bad_habit: r.values.is_bad_habit === true })),
  );

  return (
    <SettingsShell title="Monthly Expenses" description="What you spend each month, split into needs and wants." tour="settings-expenses">
      {query.isPending ? (
        <FormSkeleton rows={3} />
      ) : query.isError ? (
        <LoadError message="Failed to load expenses" onRetry={() => void query.refetch()} />
      ) : (
        <Card>
          <form noValidate aria-labelledby="expenses-title" onSubmit={(e) => { e.preventDefault(); submit(); }}>
            <CardHeader>
              <CardTitle id="expenses-title" className="text-lg">Expenses</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <div className="max-w-sm">
                <Field field={RENT[0]} value={rent.values.rent_mortgage} error={rent.errors.rent_mortgage} prefix="expenses" onChange={rent.onChange} />
              </div>
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList aria-label="Expense type" data-tour="expense-tabs">
                  <TabsTrigger value="needs" data-tour="expenses-needs">Needs</TabsTrigger>
                  <TabsTrigger value="wants" data-tour="expenses-wants">Wants</TabsTrigger>
                </TabsList>
                <TabsContent value="needs">
                  <p className="mb-3 text-sm text-muted-foreground">Essentials: groceries, utilities, transport, insurance, childcare, minimum debt payments.</p>
                  <ItemRowsEditor state={rows} group="needs" fields={EXPENSE_ITEM_FIELDS} prefix="expense" noun="Need" emptyText="No needs added yet." />
                </TabsContent>
                <TabsContent value="wants">
                  <p className="mb-3 text-sm text-muted-foreground">Nice to have: dining out, entertainment, travel, shopping, subscriptions.</p>
                  <ItemRowsEditor state={rows} group="wants" fields={EXPENSE_ITEM_FIELDS} prefix="expense" noun="Want" emptyText="No wants added yet." />
                </TabsContent>
              </Tabs>
              <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted/50 p-4 text-sm sm:grid-cols-4" data-testid="expense-totals">
                {([["Needs", totals.needs], ["Wants", totals.wants], ["Bad habits", totals.bad_habits], ["Total", totals.total]] as const).map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="font-semibold tabular-nums">{formatCurrency(value)}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
            <CardFooter className="justify-end">
              <Button type="submit" disabled={save.isPending}>{save.isPending ? "Saving..." : "Save expenses"}</Button>
            </CardFooter>
          </form>
        </Card>
      )}
    </SettingsShell>
  );
}

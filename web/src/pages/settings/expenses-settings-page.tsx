/** /settings/expenses: rent or mortgage and monthly items on a needs tab and a wants tab; any item may be marked
 * a bad habit. Saving replaces the whole list. Totals follow spec section 9 (needs include rent or mortgage). */
import { CAD, type FieldDef, typedNumber } from "@firepath/shared/form-kit";
import { useEffect, useMemo, useState } from "react";
import { type ExpensesIn, saveExpenses, useExpenses } from "@/api/expenses";
import { Field } from "@/components/forms/form-fields";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ItemRowsEditor, useItemRows } from "@/pages/settings/item-rows";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";
import type { Translate } from "@firepath/shared/i18n/messages";
import { useT, useFormat } from "@/lib/i18n";

const rentFields = (t: Translate): FieldDef[] => [
  CAD(t("settings.expenses.rent"), "rent_mortgage", { hint: t("settings.expenses.rentHint"), emptyAsZero: true }),
];
export const expenseItemFields = (t: Translate): FieldDef[] => [
  { name: "category", label: t("settings.expenses.category"), kind: "text", required: true, maxLength: 100, placeholder: t("settings.expenses.categoryPlaceholder") },
  { name: "subcategory", label: t("settings.expenses.details"), kind: "text", maxLength: 100 },
  CAD(t("settings.expenses.amount"), "amount", { required: true }),
  { name: "is_bad_habit", label: t("settings.expenses.badHabit"), kind: "checkbox" },
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
  const fmt = useFormat();
  const t = useT();
  const query = useExpenses();
  const rentRecord = useMemo(() => (query.data ? { rent_mortgage: query.data.rent_mortgage } : undefined), [query.data]);
  const RENT = useMemo(() => rentFields(t), [t]);
  const EXPENSE_ITEM_FIELDS = useMemo(() => expenseItemFields(t), [t]);
  const rent = useFormState(RENT, "expenses", rentRecord);
  const rows = useItemRows(EXPENSE_ITEM_FIELDS, "expense");
  const [tab, setTab] = useState("needs");
  const { load } = rows;
  useEffect(() => {
    if (query.data) load(query.data.items.map((i) => ({ group: i.needs_wants_category, record: i as unknown as Record<string, unknown> })));
  }, [query.data, load]);

  const save = useSettingsSave({
    save: (body: ExpensesIn) => saveExpenses(body), invalidate: [["expenses"]], form: "settings_expenses",
    success: t("settings.expenses.expensesSavedSuccessfully"), failure: t("settings.expenses.failedToSaveExpenses"), onError: rent.showServerErrors,
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
    <SettingsShell title={t("settings.expenses.monthlyExpenses")} description={t("settings.expenses.whatYouSpendEach")} tour="settings-expenses">
      {query.isPending ? (
        <FormSkeleton rows={3} />
      ) : query.isError ? (
        <LoadError message={t("settings.expenses.failedToLoadExpenses")} onRetry={() => void query.refetch()} />
      ) : (
        <Card>
          <form noValidate aria-labelledby="expenses-title" onSubmit={(e) => { e.preventDefault(); submit(); }}>
            <CardHeader>
              <CardTitle id="expenses-title" className="text-lg">{t("settings.expenses.expenses")}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <div className="max-w-sm">
                <Field field={RENT[0]} value={rent.values.rent_mortgage} error={rent.errors.rent_mortgage} prefix="expenses" onChange={rent.onChange} />
              </div>
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList aria-label={t("settings.expenses.expenseType")} data-tour="expense-tabs">
                  <TabsTrigger value="needs" data-tour="expenses-needs">{t("settings.expenses.needs")}</TabsTrigger>
                  <TabsTrigger value="wants" data-tour="expenses-wants">{t("settings.expenses.wants")}</TabsTrigger>
                </TabsList>
                <TabsContent value="needs">
                  <p className="mb-3 text-sm text-muted-foreground">{t("settings.expenses.essentialsGroceriesUtilitiesTransport")}</p>
                  <ItemRowsEditor state={rows} group="needs" fields={EXPENSE_ITEM_FIELDS} prefix="expense" noun={t("settings.noun.need")} gender={t("settings.noun.needGender")} emptyText={t("settings.expenses.noNeedsAddedYet")} />
                </TabsContent>
                <TabsContent value="wants">
                  <p className="mb-3 text-sm text-muted-foreground">{t("settings.expenses.niceToHaveDining")}</p>
                  <ItemRowsEditor state={rows} group="wants" fields={EXPENSE_ITEM_FIELDS} prefix="expense" noun={t("settings.noun.want")} gender={t("settings.noun.wantGender")} emptyText={t("settings.expenses.noWantsAddedYet")} />
                </TabsContent>
              </Tabs>
              <dl className="grid grid-cols-2 gap-3 rounded-lg bg-muted/50 p-4 text-sm sm:grid-cols-4" data-testid="expense-totals">
                {([[t("settings.expenses.needs"), totals.needs], [t("settings.expenses.wants"), totals.wants], [t("settings.expenses.badHabits"), totals.bad_habits], [t("settings.expenses.total"), totals.total]] as const).map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-muted-foreground">{label}</dt>
                    <dd className="font-semibold tabular-nums">{fmt.money(value)}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
            <CardFooter className="justify-end">
              <Button type="submit" disabled={save.isPending}>{save.isPending ? t("settings.expenses.saving") : t("settings.expenses.saveExpenses")}</Button>
            </CardFooter>
          </form>
        </Card>
      )}
    </SettingsShell>
  );
}

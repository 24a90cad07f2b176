/** /settings/savings: the one monthly saving figure (the wizard's question, in the same words), the balances,
 * and the monthly items on three tabs (emergency fund, short-term savings, investments) that break the figure
 * down. Saving sends both: the summary, and the item list that replaces the saved one (the API drops items
 * without a positive amount and exact duplicates). */
import { typedNumber, validate } from "@firepath/shared/form-kit";
import { itemsTotal, savingsGroupOf, type SavingsGroup } from "@firepath/shared/settings-fields";
import { useEffect, useState } from "react";
import { type SavingsItemIn, saveSavingsItems, saveSavingsSummary, type SavingsSummaryIn, useSavingsItems, useSavingsSummary } from "@/api/savings";
import { FormFields } from "@/components/forms/form-fields";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ItemRowsEditor, useItemRows } from "@/pages/settings/item-rows";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";
import { useSettingsFields } from "@/components/forms/use-fields";
import { useT, useFormat } from "@/lib/i18n";

type Tab = SavingsGroup;

export default function SavingsSettingsPage() {
  const fmt = useFormat();
  const t = useT();
  const { INVESTMENT_ITEM_FIELDS, SAVING_ITEM_FIELDS, SAVINGS_DEBT_FIELDS, SAVINGS_MONTHLY_FIELDS, SAVINGS_SUMMARY_BY_GROUP, SAVINGS_SUMMARY_FIELDS } = useSettingsFields();
  const summaryQuery = useSavingsSummary();
  const itemsQuery = useSavingsItems();
  const [tab, setTab] = useState<Tab>("emergency");
  const summary = useFormState(SAVINGS_SUMMARY_FIELDS, "savings", summaryQuery.data as Record<string, unknown> | null | undefined);
  const emergency = useItemRows(SAVING_ITEM_FIELDS, "saving-emergency");
  const shortTerm = useItemRows(SAVING_ITEM_FIELDS, "saving-short");
  const invest = useItemRows(INVESTMENT_ITEM_FIELDS, "investment");
  const loadE = emergency.load, loadS = shortTerm.load, loadI = invest.load;

  useEffect(() => {
    const items = itemsQuery.data?.items;
    if (!items) return;
    const of = (t: Tab) => items.filter((i) => savingsGroupOf(i) === t).map((i) => ({ group: t, record: i as unknown as Record<string, unknown> }));
    loadE(of("emergency"));
    loadS(of("short-term"));
    loadI(of("investments"));
  }, [itemsQuery.data, loadE, loadS, loadI]);

  const saveSummary = useSettingsSave({
    save: (body: SavingsSummaryIn) => saveSavingsSummary(body), invalidate: [["savings", "summary"]], form: "settings_savings_summary",
    success: t("settings.savings.savingsDataSavedSuccessfully"), failure: t("settings.savings.failedToSaveSavings"), onError: summary.showServerErrors,
  });
  const saveItems = useSettingsSave({
    save: (items: SavingsItemIn[]) => saveSavingsItems(items), invalidate: [["savings", "items"]], form: "settings_savings_items",
    success: t("settings.savings.savingsItemsSavedSuccessfully"), failure: t("settings.savings.failedToSaveSavings2"),
    // The API leaves out items without a positive amount and exact duplicates (spec section 5).
    detail: (d) => (d.dropped > 0 ? t("settings.savings.itemsLeftOut", { count: d.dropped }) : null),
  });

  const submit = () => {
    // Show the tab holding the first problem, so its field can take focus.
    const summaryErrors = validate(summary.values, SAVINGS_SUMMARY_FIELDS);
    const firstBad = SAVINGS_SUMMARY_FIELDS.find((f) => summaryErrors[f.name] && !SAVINGS_MONTHLY_FIELDS.includes(f) && !SAVINGS_DEBT_FIELDS.includes(f));
    if (firstBad) setTab((Object.keys(SAVINGS_SUMMARY_BY_GROUP) as Tab[]).find((t) => SAVINGS_SUMMARY_BY_GROUP[t].includes(firstBad)) ?? "emergency");
    const head = summary.check();
    if (!head) return;
    const e = emergency.check(() => setTab("emergency"));
    const s = e && shortTerm.check(() => setTab("short-term"));
    const i = s && invest.check(() => setTab("investments"));
    if (!e || !s || !i) return;
    const items: SavingsItemIn[] = [
      ...e.map(({ body }) => ({ category: "savings" as const, subcategory: "emergency-fund", goal: body.goal as string | null, amount: body.amount as number })),
      ...s.map(({ body }) => ({ category: "savings" as const, subcategory: "short-term", goal: body.goal as string | null, amount: body.amount as number })),
      ...i.map(({ body }) => ({
        category: "investment" as const, subcategory: null, investment_type: body.investment_type as string,
        goal: body.goal as string | null, amount: body.amount as number,
      })),
    ];
    saveSummary.mutate(head as SavingsSummaryIn);
    saveItems.mutate(items);
  };

  const loading = summaryQuery.isPending || itemsQuery.isPending;
  const failed = summaryQuery.isError || itemsQuery.isError;
  const pending = saveSummary.isPending || saveItems.isPending;
  const listed = itemsTotal([...emergency.rows, ...shortTerm.rows, ...invest.rows]);
  const figure = typeof summary.values.monthly_savings === "string" ? typedNumber(summary.values.monthly_savings) : null;
  const fieldsOf = (t: Tab) => <FormFields fields={SAVINGS_SUMMARY_BY_GROUP[t]} values={summary.values} errors={summary.errors} prefix="savings" onChange={summary.onChange} />;

  return (
    <SettingsShell title={t("settings.savings.savingsInvestments")} description={t("settings.savings.yourSafetyNetShort")}>
      {loading ? (
        <FormSkeleton rows={3} />
      ) : failed ? (
        <LoadError message={t("settings.savings.failedToLoadSavings")} onRetry={() => { void summaryQuery.refetch(); void itemsQuery.refetch(); }} />
      ) : (
        <Card>
          <form noValidate aria-labelledby="savings-title" onSubmit={(ev) => { ev.preventDefault(); submit(); }}>
            <CardHeader>
              <CardTitle id="savings-title" className="text-lg">{t("settings.savings.savingsAndInvestments")}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <div className="flex max-w-xl flex-col gap-2" data-testid="monthly-saving">
                <FormFields fields={SAVINGS_MONTHLY_FIELDS} values={summary.values} errors={summary.errors} prefix="savings" onChange={summary.onChange} />
                {listed > 0 && (
                  <p className="text-sm text-muted-foreground" data-testid="items-total">
                    {t("settings.savings.yourMonthlyItemsBelow", { listed: fmt.money(listed) })}&#32;
                    {figure !== listed && (
                      <Button type="button" variant="link" className="h-auto p-0" onClick={() => summary.onChange("monthly_savings", String(listed))}>
                        {t("settings.savings.useAsYourMonthly", { listed: fmt.money(listed) })}
                      </Button>
                    )}
                  </p>
                )}
              </div>
              <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
                <TabsList aria-label={t("settings.savings.savingsType")} data-tour="savings-tabs">
                  <TabsTrigger value="emergency" data-tour="savings-emergency">{t("settings.savings.emergencyFund")}</TabsTrigger>
                  <TabsTrigger value="short-term" data-tour="savings-short-term">{t("settings.savings.shortTerm")}</TabsTrigger>
                  <TabsTrigger value="investments" data-tour="savings-investments">{t("settings.savings.investments")}</TabsTrigger>
                </TabsList>
                <TabsContent value="emergency" className="flex flex-col gap-4">
                  {fieldsOf("emergency")}
                  <h3 className="font-medium">{t("settings.savings.monthlyContributionsToYour")}</h3>
                  <ItemRowsEditor state={emergency} group="emergency" fields={SAVING_ITEM_FIELDS} prefix="saving-emergency" noun={t("settings.noun.contribution")} gender={t("settings.noun.contributionGender")} emptyText={t("settings.savings.noEmergencyFundContributions")} />
                </TabsContent>
                <TabsContent value="short-term" className="flex flex-col gap-4">
                  {fieldsOf("short-term")}
                  <h3 className="font-medium">{t("settings.savings.monthlyShortTermSavings")}</h3>
                  <ItemRowsEditor state={shortTerm} group="short-term" fields={SAVING_ITEM_FIELDS} prefix="saving-short" noun={t("settings.noun.saving")} gender={t("settings.noun.savingGender")} emptyText={t("settings.savings.noShortTermSavings")} />
                </TabsContent>
                <TabsContent value="investments" className="flex flex-col gap-4">
                  {fieldsOf("investments")}
                  <h3 className="font-medium">{t("settings.savings.monthlyInvestments")}</h3>
                  <ItemRowsEditor state={invest} group="investments" fields={INVESTMENT_ITEM_FIELDS} prefix="investment" noun={t("settings.noun.investment")} gender={t("settings.noun.investmentGender")} emptyText={t("settings.savings.noInvestmentsYet")} />
                </TabsContent>
              </Tabs>
              <div className="max-w-sm">
                <FormFields fields={SAVINGS_DEBT_FIELDS} values={summary.values} errors={summary.errors} prefix="savings" onChange={summary.onChange} />
              </div>
            </CardContent>
            <CardFooter className="justify-end">
              <Button type="submit" disabled={pending}>{pending ? t("settings.savings.saving") : t("settings.savings.saveSavings")}</Button>
            </CardFooter>
          </form>
        </Card>
      )}
    </SettingsShell>
  );
}

/** /settings/savings: the one monthly saving figure (the wizard's question, in the same words), the balances,
 * and the monthly items on three tabs (emergency fund, short-term savings, investments) that break the figure
 * down. Saving sends both: the summary, and the item list that replaces the saved one (the API drops items
 * without a positive amount and exact duplicates). */
import { formatCurrency } from "@firepath/shared/format";
import { useEffect, useState } from "react";
import { type SavingsItemIn, saveSavingsItems, saveSavingsSummary, type SavingsSummaryIn, useSavingsItems, useSavingsSummary } from "@/api/savings";
import { FormFields } from "@/components/forms/form-fields";
import { CAD, type FieldDef, options, typedNumber, validate } from "@/components/forms/form-kit";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SAVING_HINT, SAVING_LABEL } from "@/lib/monthly-saving";
import { ItemRowsEditor, useItemRows } from "@/pages/settings/item-rows";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";

type Tab = "emergency" | "short-term" | "investments";

export const INVESTMENT_TYPES = options(
  ["tfsa", "TFSA"], ["rrsp", "RRSP"], ["fhsa", "FHSA"], ["non-registered", "Non-registered"], ["resp", "RESP"], ["pension", "Workplace pension"],
);
const DESTINATIONS = options(["high-interest-savings", "High-interest savings"], ["gic", "GICs"], ["tfsa", "TFSA"], ["fhsa", "FHSA"], ["chequing", "Chequing"]);

/** The one monthly saving figure, asked as the wizard asks it. */
const MONTHLY: FieldDef[] = [CAD(SAVING_LABEL, "monthly_savings", { hint: SAVING_HINT, width: "full" })];
const SUMMARY_BY_TAB: Record<Tab, FieldDef[]> = {
  emergency: [CAD("Emergency fund balance", "emergency_fund", { hint: "Aim for 3 to 6 months of expenses" })],
  "short-term": [
    CAD("Short-term savings balance", "short_term_savings"),
    { name: "savings_destinations", label: "Where your savings go", kind: "multi", options: DESTINATIONS },
  ],
  investments: [
    { name: "investment_types", label: "Accounts you invest in", kind: "multi", options: INVESTMENT_TYPES },
  ],
};
const DEBT: FieldDef[] = [CAD("Other debts", "debt_amount", { hint: "Debts not listed as credit cards or lines of credit (car loan, student loan...)", width: "full" })];
export const SUMMARY_FIELDS: FieldDef[] = [...MONTHLY, ...SUMMARY_BY_TAB.emergency, ...SUMMARY_BY_TAB["short-term"], ...SUMMARY_BY_TAB.investments, ...DEBT];

/** What the monthly items add up to (amounts not yet a number count as nothing). */
export function itemsTotal(rows: { values: Record<string, unknown> }[]): number {
  const cents = rows.reduce((sum, r) => {
    const n = typeof r.values.amount === "string" ? typedNumber(r.values.amount) : null;
    return sum + (n !== null && n > 0 ? Math.round(n * 100) : 0);
  }, 0);
  return cents / 100;
}

const SAVING_ITEM: FieldDef[] = [
  { name: "goal", label: "What it is for", kind: "text", maxLength: 200 },
  CAD("Amount per month", "amount", { required: true }),
];
const INVESTMENT_ITEM: FieldDef[] = [
  { name: "investment_type", label: "Investment account", kind: "select", required: true, options: INVESTMENT_TYPES },
  { name: "goal", label: "What it is for", kind: "text", maxLength: 200 },
  CAD("Amount per month", "amount", { required: true }),
];

/** Which tab a saved item belongs on. */
export function tabOfItem(item: { category: string; subcategory?: string | null }): Tab {
  if (item.category === "investment") return "investments";
  return item.subcategory === "short-term" ? "short-term" : "emergency";
}

export default function SavingsSettingsPage() {
  const summaryQuery = useSavingsSummary();
  const itemsQuery = useSavingsItems();
  const [tab, setTab] = useState<Tab>("emergency");
  const summary = useFormState(SUMMARY_FIELDS, "savings", summaryQuery.data as Record<string, unknown> | null | undefined);
  const emergency = useItemRows(SAVING_ITEM, "saving-emergency");
  const shortTerm = useItemRows(SAVING_ITEM, "saving-short");
  const invest = useItemRows(INVESTMENT_ITEM, "investment");
  const loadE = emergency.load, loadS = shortTerm.load, loadI = invest.load;

  useEffect(() => {
    const items = itemsQuery.data?.items;
    if (!items) return;
    const of = (t: Tab) => items.filter((i) => tabOfItem(i) === t).map((i) => ({ group: t, record: i as unknown as Record<string, unknown> }));
    loadE(of("emergency"));
    loadS(of("short-term"));
    loadI(of("investments"));
  }, [itemsQuery.data, loadE, loadS, loadI]);

  const saveSummary = useSettingsSave({
    save: (body: SavingsSummaryIn) => saveSavingsSummary(body), invalidate: [["savings", "summary"]], form: "settings_savings_summary",
    success: "Savings data saved successfully", failure: "Failed to save savings data", onError: summary.showServerErrors,
  });
  const saveItems = useSettingsSave({
    save: (items: SavingsItemIn[]) => saveSavingsItems(items), invalidate: [["savings", "items"]], form: "settings_savings_items",
    success: "Savings items saved successfully", failure: "Failed to save savings items",
    // The API leaves out items without a positive amount and exact duplicates (spec section 5).
    detail: (d) => (d.dropped > 0 ? `${d.dropped} item${d.dropped === 1 ? " was" : "s were"} left out (no positive amount, or a repeat).` : null),
  });

  const submit = () => {
    // Show the tab holding the first problem, so its field can take focus.
    const summaryErrors = validate(summary.values, SUMMARY_FIELDS);
    const firstBad = SUMMARY_FIELDS.find((f) => summaryErrors[f.name] && !MONTHLY.includes(f) && !DEBT.includes(f));
    if (firstBad) setTab((Object.keys(SUMMARY_BY_TAB) as Tab[]).find((t) => SUMMARY_BY_TAB[t].includes(firstBad)) ?? "emergency");
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
  const fieldsOf = (t: Tab) => <FormFields fields={SUMMARY_BY_TAB[t]} values={summary.values} errors={summary.errors} prefix="savings" onChange={summary.onChange} />;

  return (
    <SettingsShell title="Savings & Investments" description="Your safety net, short-term savings and long-term investments.">
      {loading ? (
        <FormSkeleton rows={3} />
      ) : failed ? (
        <LoadError message="Failed to load savings data" onRetry={() => { void summaryQuery.refetch(); void itemsQuery.refetch(); }} />
      ) : (
        <Card>
          <form noValidate aria-labelledby="savings-title" onSubmit={(ev) => { ev.preventDefault(); submit(); }}>
            <CardHeader>
              <CardTitle id="savings-title" className="text-lg">Savings and investments</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <div className="flex max-w-xl flex-col gap-2" data-testid="monthly-saving">
                <FormFields fields={MONTHLY} values={summary.values} errors={summary.errors} prefix="savings" onChange={summary.onChange} />
                {listed > 0 && (
                  <p className="text-sm text-muted-foreground" data-testid="items-total">
                    Your monthly items below add up to {formatCurrency(listed)}.{" "}
                    {figure !== listed && (
                      <Button type="button" variant="link" className="h-auto p-0" onClick={() => summary.onChange("monthly_savings", String(listed))}>
                        Use {formatCurrency(listed)} as your monthly figure
                      </Button>
                    )}
                  </p>
                )}
              </div>
              <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
                <TabsList aria-label="Savings type" data-tour="savings-tabs">
                  <TabsTrigger value="emergency" data-tour="savings-emergency">Emergency fund</TabsTrigger>
                  <TabsTrigger value="short-term" data-tour="savings-short-term">Short-term</TabsTrigger>
                  <TabsTrigger value="investments" data-tour="savings-investments">Investments</TabsTrigger>
                </TabsList>
                <TabsContent value="emergency" className="flex flex-col gap-4">
                  {fieldsOf("emergency")}
                  <h3 className="font-medium">Monthly contributions to your emergency fund</h3>
                  <ItemRowsEditor state={emergency} group="emergency" fields={SAVING_ITEM} prefix="saving-emergency" noun="Contribution" emptyText="No emergency fund contributions yet." />
                </TabsContent>
                <TabsContent value="short-term" className="flex flex-col gap-4">
                  {fieldsOf("short-term")}
                  <h3 className="font-medium">Monthly short-term savings</h3>
                  <ItemRowsEditor state={shortTerm} group="short-term" fields={SAVING_ITEM} prefix="saving-short" noun="Saving" emptyText="No short-term savings yet." />
                </TabsContent>
                <TabsContent value="investments" className="flex flex-col gap-4">
                  {fieldsOf("investments")}
                  <h3 className="font-medium">Monthly investments</h3>
                  <ItemRowsEditor state={invest} group="investments" fields={INVESTMENT_ITEM} prefix="investment" noun="Investment" emptyText="No investments yet." />
                </TabsContent>
              </Tabs>
              <div className="max-w-sm">
                <FormFields fields={DEBT} values={summary.values} errors={summary.errors} prefix="savings" onChange={summary.onChange} />
              </div>
            </CardContent>
            <CardFooter className="justify-end">
              <Button type="submit" disabled={pending}>{pending ? "Saving..." : "Save savings"}</Button>
            </CardFooter>
          </form>
        </Card>
      )}
    </SettingsShell>
  );
}

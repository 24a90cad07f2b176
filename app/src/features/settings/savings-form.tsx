/** Savings & Investments: the one monthly saving figure (the wizard's question, in the same words), the balances,
 * and the monthly items in three groups (emergency fund, short-term savings, investments). Saving sends both, as
 * the web does: the summary (PUT /api/v1/savings/summary) and the item list that replaces the saved one
 * (PUT /api/v1/savings/items; the API drops items without a positive amount and exact duplicates). */
import type { Schemas } from "@firepath/shared/api";
import { formatCurrency } from "@firepath/shared/format";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { Body, Button, Card, ErrorState, Loading } from "@/components/ui";
import { FormFields } from "./fields";
import { CAD, type FieldDef, options, typedNumber } from "./form-kit";
import { ItemRowsEditor, SaveStatusLine, SectionTitle, updatedAtOf, useItemRows } from "./form-parts";
import { loadRecord } from "./settings-api";
import { useFormState, useOfflineSave } from "./use-settings-form";

type SavingsItems = Schemas["SavingsItemsRead"];
type SavingsItemIn = Schemas["SavingsItemIn"];
type SavingsSummary = Schemas["SavingsSummaryRead"];
type Group = "emergency" | "short-term" | "investments";

export const SAVING_LABEL = "Saved and invested per month";
export const SAVING_HINT = "Everything you put aside each month: emergency fund, savings, TFSA, RRSP, FHSA, non-registered";

export const INVESTMENT_TYPES = options(
  ["tfsa", "TFSA"], ["rrsp", "RRSP"], ["fhsa", "FHSA"], ["non-registered", "Non-registered"], ["resp", "RESP"], ["pension", "Workplace pension"],
);
const DESTINATIONS = options(["high-interest-savings", "High-interest savings"], ["gic", "GICs"], ["tfsa", "TFSA"], ["fhsa", "FHSA"], ["chequing", "Chequing"]);

const MONTHLY: FieldDef[] = [CAD(SAVING_LABEL, "monthly_savings", { hint: SAVING_HINT })];
const SUMMARY_BY_GROUP: Record<Group, FieldDef[]> = {
  emergency: [CAD("Emergency fund balance", "emergency_fund", { hint: "Aim for 3 to 6 months of expenses" })],
  "short-term": [
    CAD("Short-term savings balance", "short_term_savings"),
    { name: "savings_destinations", label: "Where your savings go", kind: "multi", options: DESTINATIONS },
  ],
  investments: [{ name: "investment_types", label: "Accounts you invest in", kind: "multi", options: INVESTMENT_TYPES }],
};
const DEBT: FieldDef[] = [CAD("Other debts", "debt_amount", { hint: "Debts not listed as credit cards or lines of credit (car loan, student loan...)" })];
export const SUMMARY_FIELDS: FieldDef[] = [...MONTHLY, ...SUMMARY_BY_GROUP.emergency, ...SUMMARY_BY_GROUP["short-term"], ...SUMMARY_BY_GROUP.investments, ...DEBT];

const SAVING_ITEM: FieldDef[] = [
  { name: "goal", label: "What it is for", kind: "text", maxLength: 200 },
  CAD("Amount per month", "amount", { required: true }),
];
const INVESTMENT_ITEM: FieldDef[] = [
  { name: "investment_type", label: "Investment account", kind: "select", required: true, options: INVESTMENT_TYPES },
  { name: "goal", label: "What it is for", kind: "text", maxLength: 200 },
  CAD("Amount per month", "amount", { required: true }),
];

/** Which group a saved item belongs to. */
export function groupOfItem(item: { category: string; subcategory?: string | null }): Group {
  if (item.category === "investment") return "investments";
  return item.subcategory === "short-term" ? "short-term" : "emergency";
}

/** What the monthly items add up to (amounts not yet a number count as nothing). */
export function itemsTotal(rows: { values: Record<string, unknown> }[]): number {
  const cents = rows.reduce((sum, r) => {
    const n = typeof r.values.amount === "string" ? typedNumber(r.values.amount) : null;
    return sum + (n !== null && n > 0 ? Math.round(n * 100) : 0);
  }, 0);
  return cents / 100;
}

const SUMMARY_KEY = ["settings", "savings", "summary"];
const ITEMS_KEY = ["settings", "savings", "items"];

export function SavingsForm({ title }: { title: string }) {
  const summaryQuery = useQuery({ queryKey: SUMMARY_KEY, queryFn: () => loadRecord<SavingsSummary | null>("/api/v1/savings/summary") });
  const itemsQuery = useQuery({ queryKey: ITEMS_KEY, queryFn: () => loadRecord<SavingsItems>("/api/v1/savings/items") });
  const record = useMemo(() => summaryQuery.data as Record<string, unknown> | null | undefined, [summaryQuery.data]);
  const summary = useFormState(SUMMARY_FIELDS, record);
  const emergency = useItemRows(SAVING_ITEM);
  const shortTerm = useItemRows(SAVING_ITEM);
  const invest = useItemRows(INVESTMENT_ITEM);
  const saver = useOfflineSave();
  const loadE = emergency.load, loadS = shortTerm.load, loadI = invest.load;

  useEffect(() => {
    const items = itemsQuery.data?.items;
    if (!items) return;
    const of = (g: Group) => items.filter((i) => groupOfItem(i) === g).map((i) => ({ group: g, record: i as unknown as Record<string, unknown> }));
    loadE(itemsQuery.data, of("emergency"));
    loadS(itemsQuery.data, of("short-term"));
    loadI(itemsQuery.data, of("investments"));
  }, [itemsQuery.data, loadE, loadS, loadI]);

  if (summaryQuery.isPending || itemsQuery.isPending) return <Loading />;
  if (summaryQuery.isError || itemsQuery.isError) {
    return (
      <ErrorState
        message="Failed to load savings data"
        onRetry={() => {
          void summaryQuery.refetch();
          void itemsQuery.refetch();
        }}
      />
    );
  }

  const submit = async () => {
    const head = summary.check();
    const e = emergency.check();
    const s = shortTerm.check();
    const i = invest.check();
    if (!head || !e || !s || !i) {
      saver.setStatus(null);
      return;
    }
    const items: SavingsItemIn[] = [
      ...e.map(({ body }) => ({ category: "savings" as const, subcategory: "emergency-fund", goal: body.goal as string | null, amount: body.amount as number })),
      ...s.map(({ body }) => ({ category: "savings" as const, subcategory: "short-term", goal: body.goal as string | null, amount: body.amount as number })),
      ...i.map(({ body }) => ({
        category: "investment" as const, subcategory: null, investment_type: body.investment_type as string,
        goal: body.goal as string | null, amount: body.amount as number,
      })),
    ];
    const outcome = await saver.run(
      [
        { method: "PUT", path: "/api/v1/savings/summary", body: head, label: title, invalidate: [SUMMARY_KEY], baseUpdatedAt: updatedAtOf(summaryQuery.data) },
        { method: "PUT", path: "/api/v1/savings/items", body: { items }, label: title, invalidate: [ITEMS_KEY] },
      ],
      "Savings data saved successfully",
    );
    if (outcome.status === "failed") summary.showServerErrors(outcome.error);
    if (outcome.status === "sent") {
      const dropped = (outcome.data as { dropped?: number } | null)?.dropped ?? 0;
      if (dropped > 0) {
        saver.setStatus({
          kind: "saved",
          text: `Savings data saved successfully. ${dropped} item${dropped === 1 ? " was" : "s were"} left out (no positive amount, or a repeat).`,
        });
      }
    }
  };

  const listed = itemsTotal([...emergency.rows, ...shortTerm.rows, ...invest.rows]);
  const figure = typeof summary.values.monthly_savings === "string" ? typedNumber(summary.values.monthly_savings) : null;
  const fields = (list: FieldDef[]) => <FormFields fields={list} values={summary.values} errors={summary.errors} onChange={summary.onChange} />;

  return (
    <Card title="Savings and investments">
      {fields(MONTHLY)}
      {listed > 0 ? (
        <>
          <Body muted>{`Your monthly items below add up to ${formatCurrency(listed)}.`}</Body>
          {figure !== listed ? (
            <Button
              label={`Use ${formatCurrency(listed)} as your monthly figure`}
              variant="secondary"
              onPress={() => summary.onChange("monthly_savings", String(listed))}
            />
          ) : null}
        </>
      ) : null}
      <SectionTitle>Emergency fund</SectionTitle>
      {fields(SUMMARY_BY_GROUP.emergency)}
      <Body>Monthly contributions to your emergency fund</Body>
      <ItemRowsEditor state={emergency} group="emergency" fields={SAVING_ITEM} noun="Contribution" emptyText="No emergency fund contributions yet." />
      <SectionTitle>Short-term</SectionTitle>
      {fields(SUMMARY_BY_GROUP["short-term"])}
      <Body>Monthly short-term savings</Body>
      <ItemRowsEditor state={shortTerm} group="short-term" fields={SAVING_ITEM} noun="Saving" emptyText="No short-term savings yet." />
      <SectionTitle>Investments</SectionTitle>
      {fields(SUMMARY_BY_GROUP.investments)}
      <Body>Monthly investments</Body>
      <ItemRowsEditor state={invest} group="investments" fields={INVESTMENT_ITEM} noun="Investment" emptyText="No investments yet." />
      {fields(DEBT)}
      <SaveStatusLine status={saver.status} />
      <Button label={saver.pending ? "Saving..." : "Save savings"} busy={saver.pending} onPress={() => void submit()} />
    </Card>
  );
}

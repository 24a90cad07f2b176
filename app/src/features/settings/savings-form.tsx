/** Savings & Investments: the one monthly saving figure (the wizard's question, in the same words), the balances,
 * and the monthly items in three groups (emergency fund, short-term savings, investments). Saving sends both, as
 * the web does: the summary (PUT /api/v1/savings/summary) and the item list that replaces the saved one
 * (PUT /api/v1/savings/items; the API drops items without a positive amount and exact duplicates). */
import type { Schemas } from "@firepath/shared/api";
import { type FieldDef, typedNumber } from "@firepath/shared/form-kit";
import { amountText } from "@firepath/shared/i18n/parse-amount";
import { itemsTotal, savingsGroupOf, type SavingsGroup } from "@firepath/shared/settings-fields";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { Body, Button, Card, ErrorState, Loading } from "@/components/ui";
import { useFormat, useT } from "@/lib/i18n";
import { FormFields } from "./fields";
import { ItemRowsEditor, SaveStatusLine, SectionTitle, updatedAtOf, useItemRows } from "./form-parts";
import { loadRecord } from "./settings-api";
import { useFormState, useOfflineSave, useSettingsFields } from "./use-settings-form";

type SavingsItems = Schemas["SavingsItemsRead"];
type SavingsItemIn = Schemas["SavingsItemIn"];
type SavingsSummary = Schemas["SavingsSummaryRead"];
type Group = SavingsGroup;

const SUMMARY_KEY = ["settings", "savings", "summary"];
const ITEMS_KEY = ["settings", "savings", "items"];

export function SavingsForm({ title }: { title: string }) {
  const t = useT();
  const fmt = useFormat();
  const { INVESTMENT_ITEM_FIELDS, SAVING_ITEM_FIELDS, SAVINGS_DEBT_FIELDS, SAVINGS_MONTHLY_FIELDS, SAVINGS_SUMMARY_BY_GROUP, SAVINGS_SUMMARY_FIELDS } = useSettingsFields();
  const summaryQuery = useQuery({ queryKey: SUMMARY_KEY, queryFn: () => loadRecord<SavingsSummary | null>("/api/v1/savings/summary") });
  const itemsQuery = useQuery({ queryKey: ITEMS_KEY, queryFn: () => loadRecord<SavingsItems>("/api/v1/savings/items") });
  const record = useMemo(() => summaryQuery.data as Record<string, unknown> | null | undefined, [summaryQuery.data]);
  const summary = useFormState(SAVINGS_SUMMARY_FIELDS, record);
  const emergency = useItemRows(SAVING_ITEM_FIELDS);
  const shortTerm = useItemRows(SAVING_ITEM_FIELDS);
  const invest = useItemRows(INVESTMENT_ITEM_FIELDS);
  const saver = useOfflineSave();
  const loadE = emergency.load, loadS = shortTerm.load, loadI = invest.load;

  useEffect(() => {
    const items = itemsQuery.data?.items;
    if (!items) return;
    const of = (g: Group) => items.filter((i) => savingsGroupOf(i) === g).map((i) => ({ group: g, record: i as unknown as Record<string, unknown> }));
    loadE(itemsQuery.data, of("emergency"));
    loadS(itemsQuery.data, of("short-term"));
    loadI(itemsQuery.data, of("investments"));
  }, [itemsQuery.data, loadE, loadS, loadI]);

  if (summaryQuery.isPending || itemsQuery.isPending) return <Loading />;
  if (summaryQuery.isError || itemsQuery.isError) {
    return (
      <ErrorState
        message={t("settings.savings.failedToLoadSavings")}
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
      t("settings.savings.savingsDataSavedSuccessfully"),
    );
    if (outcome.status === "failed") summary.showServerErrors(outcome.error);
    if (outcome.status === "sent") {
      const dropped = (outcome.data as { dropped?: number } | null)?.dropped ?? 0;
      if (dropped > 0) {
        saver.setStatus({
          kind: "saved",
          text: `${t("settings.savings.savingsDataSavedSuccessfully")}. ${t("settings.savings.itemsLeftOut", { count: dropped })}`,
        });
      }
    }
  };

  const listed = itemsTotal([...emergency.rows, ...shortTerm.rows, ...invest.rows], summary.locale);
  const figure = typeof summary.values.monthly_savings === "string" ? typedNumber(summary.values.monthly_savings, summary.locale) : null;
  const fields = (list: FieldDef[]) => <FormFields fields={list} values={summary.values} errors={summary.errors} onChange={summary.onChange} />;

  return (
    <Card title={t("settings.savings.savingsAndInvestments")}>
      {fields(SAVINGS_MONTHLY_FIELDS)}
      {listed > 0 ? (
        <>
          <Body muted>{t("settings.savings.yourMonthlyItemsBelow", { listed: fmt.money(listed) })}</Body>
          {figure !== listed ? (
            <Button
              label={t("settings.savings.useAsYourMonthly", { listed: fmt.money(listed) })}
              variant="secondary"
              onPress={() => summary.onChange("monthly_savings", amountText(listed, summary.locale))}
            />
          ) : null}
        </>
      ) : null}
      <SectionTitle>{t("settings.savings.emergencyFund")}</SectionTitle>
      {fields(SAVINGS_SUMMARY_BY_GROUP.emergency)}
      <Body>{t("settings.savings.monthlyContributionsToYour")}</Body>
      <ItemRowsEditor state={emergency} group="emergency" fields={SAVING_ITEM_FIELDS} noun={t("settings.noun.contribution")} gender={t("settings.noun.contributionGender")} emptyText={t("settings.savings.noEmergencyFundContributions")} />
      <SectionTitle>{t("settings.savings.shortTerm")}</SectionTitle>
      {fields(SAVINGS_SUMMARY_BY_GROUP["short-term"])}
      <Body>{t("settings.savings.monthlyShortTermSavings")}</Body>
      <ItemRowsEditor state={shortTerm} group="short-term" fields={SAVING_ITEM_FIELDS} noun={t("settings.noun.saving")} gender={t("settings.noun.savingGender")} emptyText={t("settings.savings.noShortTermSavings")} />
      <SectionTitle>{t("settings.savings.investments")}</SectionTitle>
      {fields(SAVINGS_SUMMARY_BY_GROUP.investments)}
      <Body>{t("settings.savings.monthlyInvestments")}</Body>
      <ItemRowsEditor state={invest} group="investments" fields={INVESTMENT_ITEM_FIELDS} noun={t("settings.noun.investment")} gender={t("settings.noun.investmentGender")} emptyText={t("settings.savings.noInvestmentsYet")} />
      {fields(SAVINGS_DEBT_FIELDS)}
      <SaveStatusLine status={saver.status} />
      <Button label={saver.pending ? t("settings.crudList.saving") : t("settings.savings.saveSavings")} busy={saver.pending} onPress={() => void submit()} />
    </Card>
  );
}

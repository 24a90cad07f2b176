/** /settings/future-plans: how fast pay rises, and the dated plans the household plan counts, as many as the person
 * adds: a spending change, extra income, a new take-home pay, a one-off, a pause in saving. */
import { labelOf } from "@firepath/shared/form-kit";
import { useMemo } from "react";
import {
  addFuturePlanItem, deleteFuturePlanItem, type FuturePlanItem, type FuturePlanGrowthIn, saveGrowth, updateFuturePlanItem,
  useFuturePlanItems, useFuturePlans,
} from "@/api/future-plans";
import { FormFields } from "@/components/forms/form-fields";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { useSettingsFields } from "@/components/forms/use-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useFormat, useT } from "@/lib/i18n";
import { CrudList } from "@/pages/settings/crud-list";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";

export default function FuturePlansSettingsPage() {
  const t = useT();
  return (
    <SettingsShell title={t("settings.futurePlans.futurePlans")} description={t("settings.futurePlans.changesYouExpectRaises")} tour="settings-future-plans">
      <GrowthCard />
      <PlanItems />
    </SettingsShell>
  );
}

/** The yearly income growth: one figure, saved on its own (the dated plans below are kept as they are). */
function GrowthCard() {
  const t = useT();
  const { FUTURE_GROWTH_FIELDS } = useSettingsFields();
  const query = useFuturePlans();
  const record = useMemo(() => (query.data === undefined ? undefined : { income_growth_rate: query.data?.income_growth_rate ?? null }), [query.data]);
  const form = useFormState(FUTURE_GROWTH_FIELDS, "growth", record);
  const save = useSettingsSave({
    save: (body: FuturePlanGrowthIn) => saveGrowth(body), invalidate: [["future-plans"]], form: "settings_future_plans",
    success: t("settings.futurePlans.growthSaved"), failure: t("settings.futurePlans.failedToSaveFuture"), onError: form.showServerErrors,
  });
  if (query.isPending) return <FormSkeleton rows={1} />;
  if (query.isError) return <LoadError message={t("settings.futurePlans.failedToLoadFuture")} onRetry={() => void query.refetch()} />;
  return (
    <Card>
      <form noValidate aria-labelledby="growth-title" onSubmit={(e) => {
        e.preventDefault();
        const body = form.check();
        if (body) save.mutate(body as FuturePlanGrowthIn);
      }}>
        <CardHeader>
          <CardTitle id="growth-title" className="text-lg">{t("settings.futurePlans.growthTitle")}</CardTitle>
          <CardDescription>{t("settings.futurePlans.growthDescription")}</CardDescription>
        </CardHeader>
        <CardContent>
          <FormFields fields={FUTURE_GROWTH_FIELDS} values={form.values} errors={form.errors} prefix="growth" onChange={form.onChange} />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={save.isPending}>{save.isPending ? t("settings.futurePlans.saving") : t("settings.futurePlans.saveGrowth")}</Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function PlanItems() {
  const t = useT();
  const fmt = useFormat();
  const { FUTURE_ITEM_FIELDS, FUTURE_ITEM_KINDS } = useSettingsFields();
  const query = useFuturePlanItems();
  /** The amount as its kind means it: "+$250 a month", "$92,000 a year", "-$5,000 once". */
  const amount = (item: FuturePlanItem): string => {
    const value = Number(item.amount ?? 0);
    const money = fmt.money(Math.abs(value), { wholeDollars: true });
    const signed = value < 0 ? `−${money}` : item.kind === "spending" ? `+${money}` : money;
    switch (item.kind) {
      case "spending": return t("settings.futurePlans.perMonth", { amount: signed });
      case "income": return t("settings.futurePlans.perMonth", { amount: signed });
      case "income_target": return t("settings.futurePlans.perYear", { amount: signed });
      case "one_off": return value < 0 ? t("settings.futurePlans.received", { amount: money }) : t("settings.futurePlans.once", { amount: money });
      default: return "";
    }
  };
  /** "Spending changes (a month) · September 2027 to August 2031 · your partner's". */
  const detail = (item: FuturePlanItem): string => [
    labelOf(FUTURE_ITEM_KINDS, item.kind),
    !item.start_date ? t("settings.futurePlans.undated")
      : item.end_date ? t("settings.futurePlans.fromUntil", { start: fmt.month(item.start_date), end: fmt.month(item.end_date) })
        : t("settings.futurePlans.from", { start: fmt.month(item.start_date) }),
    item.person === "partner" ? t("settings.futurePlans.partners") : "",
  ].filter(Boolean).join(" · ");
  return (
    <CrudList<FuturePlanItem>
      title={t("settings.futurePlans.datedPlans")}
      description={t("settings.futurePlans.datedPlansDescription")}
      items={query.data}
      loading={query.isPending}
      loadError={query.isError ? t("settings.futurePlans.failedToLoadFuture") : null}
      onRetry={() => void query.refetch()}
      fields={FUTURE_ITEM_FIELDS}
      prefix="plan-item"
      queryKey={["future-plans"]}
      form="settings_future_plan_item"
      defaults={{ kind: "spending", person: "self" }}
      add={addFuturePlanItem as never}
      update={updateFuturePlanItem as never}
      remove={deleteFuturePlanItem}
      texts={{
        noun: t("settings.noun.futurePlan"), gender: t("settings.noun.futurePlanGender"),
        added: t("settings.futurePlans.added"), addFailed: t("settings.futurePlans.failedToSaveFuture"),
        updated: t("settings.futurePlans.updated"), updateFailed: t("settings.futurePlans.failedToSaveFuture"),
        deleted: t("settings.futurePlans.deleted"), deleteFailed: t("settings.futurePlans.failedToDelete"),
        empty: t("settings.futurePlans.noPlansYet"), emptyHint: t("settings.futurePlans.noPlansHint"),
      }}
      render={(item) => (
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <span>
            <span className="font-medium">{item.description}</span>&#32;
            <span className="text-sm text-muted-foreground">{detail(item)}</span>
          </span>
          {item.kind !== "pause_saving" && <span className="text-sm tabular-nums">{amount(item)}</span>}
        </div>
      )}
    />
  );
}

/** /settings/future-plans: expected income growth and target, a coming change in expenses (increase or
 * decrease; the API stores a decrease as a negative amount) and a side hustle. Empty dates are saved as null. */
import type { FieldDef } from "@firepath/shared/form-kit";
import { planToForm } from "@firepath/shared/settings-fields";
import { useMemo } from "react";
import { type FuturePlanIn, saveFuturePlans, useFuturePlans } from "@/api/future-plans";
import { FormFields } from "@/components/forms/form-fields";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";
import { useSettingsFields } from "@/components/forms/use-fields";
import { useT } from "@/lib/i18n";

export default function FuturePlansSettingsPage() {
  const t = useT();
  const { FUTURE_EXPENSE_FIELDS, FUTURE_INCOME_FIELDS, FUTURE_PLAN_FIELDS, FUTURE_SIDE_FIELDS } = useSettingsFields();
  const query = useFuturePlans();
  const record = useMemo(() => (query.data === undefined ? undefined : planToForm(query.data as Record<string, unknown> | null)), [query.data]);
  const form = useFormState(FUTURE_PLAN_FIELDS, "plans", record);
  const save = useSettingsSave({
    save: (body: FuturePlanIn) => saveFuturePlans(body), invalidate: [["future-plans"]], form: "settings_future_plans",
    success: t("settings.futurePlans.futurePlansSavedSuccessfully"), failure: t("settings.futurePlans.failedToSaveFuture"), onError: form.showServerErrors,
  });
  const section = (title: string, id: string, fields: FieldDef[]) => (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="font-medium">{title}</h3>
      <FormFields fields={fields} values={form.values} errors={form.errors} prefix="plans" onChange={form.onChange} />
    </section>
  );

  return (
    <SettingsShell title={t("settings.futurePlans.futurePlans")} description={t("settings.futurePlans.changesYouExpectRaises")} tour="settings-future-plans">
      {query.isPending ? (
        <FormSkeleton rows={5} />
      ) : query.isError ? (
        <LoadError message={t("settings.futurePlans.failedToLoadFuture")} onRetry={() => void query.refetch()} />
      ) : (
        <Card>
          <form
            noValidate
            aria-labelledby="plans-title"
            onSubmit={(e) => {
              e.preventDefault();
              const body = form.check();
              if (body) save.mutate(body as FuturePlanIn);
            }}
          >
            <CardHeader>
              <CardTitle id="plans-title" className="text-lg">{t("settings.futurePlans.yourPlans")}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              {section(t("settings.futurePlans.income"), "plans-income", FUTURE_INCOME_FIELDS)}
              {section(t("settings.futurePlans.expenses"), "plans-expenses", FUTURE_EXPENSE_FIELDS)}
              {section(t("settings.futurePlans.sideHustle"), "plans-side", FUTURE_SIDE_FIELDS)}
            </CardContent>
            <CardFooter className="justify-end">
              <Button type="submit" disabled={save.isPending}>{save.isPending ? t("settings.futurePlans.saving") : t("settings.futurePlans.saveFuturePlans")}</Button>
            </CardFooter>
          </form>
        </Card>
      )}
    </SettingsShell>
  );
}

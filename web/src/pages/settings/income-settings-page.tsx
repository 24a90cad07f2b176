/** /settings/income: salary and monthly income sources (total monthly income excludes the annual salary). */
import { fromForm } from "@firepath/shared/form-kit";
import { totalMonthlyIncome } from "@firepath/shared/settings-fields";
import { useEffect } from "react";
import { toast } from "sonner";
import { type IncomeIn, saveIncome, useIncome } from "@/api/income";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { RecordFormCard } from "@/pages/settings/record-form";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";
import { useSettingsFields } from "@/components/forms/use-fields";
import { useT, useFormat } from "@/lib/i18n";

export default function IncomeSettingsPage() {
  const fmt = useFormat();
  const t = useT();
  const { INCOME_FIELDS } = useSettingsFields();
  const query = useIncome();
  const form = useFormState(INCOME_FIELDS, "income", query.data as Record<string, unknown> | null | undefined);
  const save = useSettingsSave({
    save: (body: IncomeIn) => saveIncome(body), invalidate: [["income"]], form: "settings_income",
    success: t("settings.income.incomeDataSavedSuccessfully"), failure: t("settings.income.failedToSaveIncome"), onError: form.showServerErrors,
  });
  useEffect(() => {
    if (query.isError) toast.error(t("settings.income.failedToLoadIncome"));
  }, [query.isError, t]);

  const total = totalMonthlyIncome(fromForm(form.values, INCOME_FIELDS));
  return (
    <SettingsShell title={t("settings.income.incomeSources")} description={t("settings.income.yourSalaryAndEvery")} tour="settings-income">
      {query.isPending ? (
        <FormSkeleton rows={3} />
      ) : query.isError ? (
        <LoadError message={t("settings.income.failedToLoadIncome")} onRetry={() => void query.refetch()} />
      ) : (
        <RecordFormCard
          title={t("settings.income.income")}
          fields={INCOME_FIELDS}
          prefix="income"
          {...form}
          pending={save.isPending}
          onSubmit={() => {
            const body = form.check();
            if (body) save.mutate(body as IncomeIn);
          }}
        >
          <p className="text-sm" data-testid="income-total">
            {t("settings.income.totalMonthlyIncome")} <strong>{fmt.money(total)}</strong>
          </p>
        </RecordFormCard>
      )}
    </SettingsShell>
  );
}

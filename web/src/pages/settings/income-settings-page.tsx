/** /settings/income: salary and monthly income sources (total monthly income excludes the annual salary). */
import { fromForm } from "@firepath/shared/form-kit";
import { formatCurrency } from "@firepath/shared/format";
import { INCOME_FIELDS, totalMonthlyIncome } from "@firepath/shared/settings-fields";
import { useEffect } from "react";
import { toast } from "sonner";
import { type IncomeIn, saveIncome, useIncome } from "@/api/income";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { RecordFormCard } from "@/pages/settings/record-form";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";

export default function IncomeSettingsPage() {
  const query = useIncome();
  const form = useFormState(INCOME_FIELDS, "income", query.data as Record<string, unknown> | null | undefined);
  const save = useSettingsSave({
    save: (body: IncomeIn) => saveIncome(body), invalidate: [["income"]], form: "settings_income",
    success: "Income data saved successfully", failure: "Failed to save income data", onError: form.showServerErrors,
  });
  useEffect(() => {
    if (query.isError) toast.error("Failed to load income data");
  }, [query.isError]);

  const total = totalMonthlyIncome(fromForm(form.values, INCOME_FIELDS));
  return (
    <SettingsShell title="Income Sources" description="Your salary and every monthly source of income." tour="settings-income">
      {query.isPending ? (
        <FormSkeleton rows={3} />
      ) : query.isError ? (
        <LoadError message="Failed to load income data" onRetry={() => void query.refetch()} />
      ) : (
        <RecordFormCard
          title="Income"
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
            Total monthly income: <strong>{formatCurrency(total)}</strong>
          </p>
        </RecordFormCard>
      )}
    </SettingsShell>
  );
}

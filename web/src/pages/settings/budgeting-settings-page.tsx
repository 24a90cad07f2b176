/** /settings/budgeting: how take-home pay splits between needs, wants, savings and investments, and how savings
 * and investments split across TFSA, RRSP, FHSA and non-registered accounts. Empty values are saved as 0. */
import { sumOf } from "@firepath/shared/settings-fields";
import { useMemo } from "react";
import { toast } from "sonner";
import { type BudgetIn, saveBudget, useBudget } from "@/api/budget";
import { useAuth } from "@/app/auth-provider";
import { FormFields } from "@/components/forms/form-fields";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";
import { useSettingsFields } from "@/components/forms/use-fields";
import { Message, useFormat, useT } from "@/lib/i18n";

function Total({ label, total, id }: { label: string; total: number; id: string }) {
  const t = useT();
  const fmt = useFormat();
  const off = total > 0.001 && Math.abs(total - 100) > 0.001; // all 0 is "not set yet"
  return (
    <p id={id} className={off ? "text-sm text-amber-700 dark:text-amber-400" : "text-sm text-muted-foreground"} aria-live="polite">
      <Message id="settings.budgeting.totalOf" values={{ label, total: fmt.percent(total / 100, { digits: 2 }), b: (c) => <strong className="tabular-nums">{c}</strong> }} />
      {off ? t("settings.budgeting.mustAddUpTo") : ""}
    </p>
  );
}

export default function BudgetingSettingsPage() {
  const t = useT();
  const { BUDGET_ACCOUNT_FIELDS, BUDGET_FIELDS, BUDGET_SPLIT_FIELDS } = useSettingsFields();
  const { user } = useAuth();
  const query = useBudget();
  // A first budget starts from the 50/30/20 rule.
  const record = useMemo(
    () => (query.data === undefined ? undefined : (query.data ?? { needs_percentage: 50, wants_percentage: 30, savings_percentage: 10, investments_percentage: 10 })),
    [query.data],
  );
  const form = useFormState(BUDGET_FIELDS, "budget", record as Record<string, unknown> | undefined);
  const save = useSettingsSave({
    save: (body: BudgetIn) => saveBudget(body), invalidate: [["budget"]], form: "settings_budget",
    success: t("settings.budgeting.budgetSavedSuccessfully"), failure: (e) => t("settings.budgeting.failedToSaveBudget", { message: e.message }), onError: form.showServerErrors,
  });

  const submit = () => {
    if (!user) {
      toast.error(t("settings.budgeting.youMustBeLogged"));
      return;
    }
    const body = form.check();
    if (body) save.mutate(body as BudgetIn);
  };

  return (
    <SettingsShell title={t("settings.budgeting.budgetPlanning")} description={t("settings.budgeting.splitYourTakeHome")} tour="settings-budgeting">
      {query.isPending ? (
        <FormSkeleton rows={4} />
      ) : query.isError ? (
        <LoadError message={t("settings.budgeting.failedToLoadBudget")} onRetry={() => void query.refetch()} />
      ) : (
        <Card>
          <form noValidate aria-labelledby="budget-title" onSubmit={(e) => { e.preventDefault(); submit(); }}>
            <CardHeader>
              <CardTitle id="budget-title" className="text-lg">{t("settings.budgeting.budget")}</CardTitle>
              <CardDescription>{t("settings.budgeting.percentagesOfYourMonthly")}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              <section aria-labelledby="budget-split" className="flex flex-col gap-3">
                <h3 id="budget-split" className="font-medium">{t("settings.budgeting.spendingAndSaving")}</h3>
                <FormFields fields={BUDGET_SPLIT_FIELDS} values={form.values} errors={form.errors} prefix="budget" onChange={form.onChange} />
                <Total label={t("settings.budgeting.total")} total={sumOf(form.values, BUDGET_SPLIT_FIELDS)} id="budget-split-total" />
              </section>
              <section aria-labelledby="budget-accounts" className="flex flex-col gap-3">
                <h3 id="budget-accounts" className="font-medium">{t("settings.budgeting.whereSavingsAndInvestments")}</h3>
                <FormFields fields={BUDGET_ACCOUNT_FIELDS} values={form.values} errors={form.errors} prefix="budget" onChange={form.onChange} />
                <Total label={t("settings.budgeting.total")} total={sumOf(form.values, BUDGET_ACCOUNT_FIELDS)} id="budget-accounts-total" />
              </section>
            </CardContent>
            <CardFooter className="justify-end">
              <Button type="submit" disabled={save.isPending}>{save.isPending ? t("settings.budgeting.saving") : t("settings.budgeting.saveBudget")}</Button>
            </CardFooter>
          </form>
        </Card>
      )}
    </SettingsShell>
  );
}

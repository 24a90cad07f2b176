/** /settings/future-plans: expected income growth and target, a coming change in expenses (increase or
 * decrease; the API stores a decrease as a negative amount) and a side hustle. Empty dates are saved as null. */
import { useMemo } from "react";
import { type FuturePlanIn, saveFuturePlans, useFuturePlans } from "@/api/future-plans";
import { FormFields } from "@/components/forms/form-fields";
import { CAD, type FieldDef, options } from "@/components/forms/form-kit";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";

const INCOME: FieldDef[] = [
  { name: "income_growth_rate", label: "Expected income growth per year", kind: "rate", min: -100, max: 100, hint: "For example 3 for 3% a year" },
  CAD("Your take-home pay target (yearly)", "income_target_amount", { hint: "Your own pay after tax from the target date; your partner's income stays as saved" }),
  { name: "income_target_date", label: "Reached on", kind: "date" },
];
const EXPENSE: FieldDef[] = [
  { name: "expense_change_description", label: "What changes", kind: "text", maxLength: 2000, placeholder: "Daycare ends, new car..." },
  { name: "expense_change_type", label: "Direction of change", kind: "select", required: true, options: options(["increase", "Increase"], ["decrease", "Decrease"]) },
  CAD("Change per month", "expense_change_amount"),
  { name: "expense_change_date", label: "Starting", kind: "date" },
];
const SIDE: FieldDef[] = [
  { name: "side_hustle_description", label: "Side hustle", kind: "text", maxLength: 2000, placeholder: "Freelance design, tutoring..." },
  CAD("Expected income per month", "side_hustle_amount"),
  { name: "side_hustle_date", label: "Starting", kind: "date" },
  { name: "side_hustle_time_commitment", label: "Time commitment", kind: "text", maxLength: 100, placeholder: "10 hours a week" },
];
export const FUTURE_PLAN_FIELDS = [...INCOME, ...EXPENSE, ...SIDE];

/** The saved plan as form input: the signed amount shows as a positive amount with its direction. */
export function planToForm(plan: Record<string, unknown> | null): Record<string, unknown> {
  if (!plan) return { expense_change_type: "increase" };
  const amount = plan.expense_change_amount as number | null;
  return { ...plan, expense_change_amount: amount === null || amount === undefined ? null : Math.abs(amount) };
}

export default function FuturePlansSettingsPage() {
  const query = useFuturePlans();
  const record = useMemo(() => (query.data === undefined ? undefined : planToForm(query.data as Record<string, unknown> | null)), [query.data]);
  const form = useFormState(FUTURE_PLAN_FIELDS, "plans", record);
  const save = useSettingsSave({
    save: (body: FuturePlanIn) => saveFuturePlans(body), invalidate: [["future-plans"]], form: "settings_future_plans",
    success: "Future plans saved successfully", failure: "Failed to save future plans", onError: form.showServerErrors,
  });
  const section = (title: string, id: string, fields: FieldDef[]) => (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="font-medium">{title}</h3>
      <FormFields fields={fields} values={form.values} errors={form.errors} prefix="plans" onChange={form.onChange} />
    </section>
  );

  return (
    <SettingsShell title="Future Plans" description="Changes you expect: raises, new costs, savings that end, a side hustle." tour="settings-future-plans">
      {query.isPending ? (
        <FormSkeleton rows={5} />
      ) : query.isError ? (
        <LoadError message="Failed to load future plans" onRetry={() => void query.refetch()} />
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
              <CardTitle id="plans-title" className="text-lg">Your plans</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-6">
              {section("Income", "plans-income", INCOME)}
              {section("Expenses", "plans-expenses", EXPENSE)}
              {section("Side hustle", "plans-side", SIDE)}
            </CardContent>
            <CardFooter className="justify-end">
              <Button type="submit" disabled={save.isPending}>{save.isPending ? "Saving..." : "Save future plans"}</Button>
            </CardFooter>
          </form>
        </Card>
      )}
    </SettingsShell>
  );
}

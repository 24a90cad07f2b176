/** /settings/[form]: one of the web's settings forms (forms.ts), by its slug. Each loads the person's record(s)
 * from the web's endpoint, checks input with the web's rules and messages, and saves with the web's request. Saves
 * made offline (or whose connection drops) wait on the device and are listed at the top until sent; a save the
 * server refuses stays there with its message until discarded. */
import { useQueryClient } from "@tanstack/react-query";
import { Stack, useLocalSearchParams } from "expo-router";
import type { ComponentType } from "react";
import { OfflineBanner, useOnline } from "@/components/offline-banner";
import { ErrorState, Screen } from "@/components/ui";
import { useT } from "@/lib/i18n";
import { CreditForm } from "./credit-form";
import { ExpensesForm } from "./expenses-form";
import { SETTINGS_FORMS } from "./forms";
import { HouseholdForm } from "./household-form";
import { AccountsForm, FuturePlansForm, GoalsForm, PropertiesForm } from "./list-forms";
import { OutboxPanel } from "./outbox-panel";
import { BudgetForm, IncomeForm, PreferencesForm, ProfileForm } from "./record-forms";
import { SavingsForm } from "./savings-form";

export const FORM_COMPONENTS: Record<string, ComponentType<{ title: string }>> = {
  profile: ProfileForm,
  household: HouseholdForm,
  income: IncomeForm,
  expenses: ExpensesForm,
  budgeting: BudgetForm,
  savings: SavingsForm,
  accounts: AccountsForm,
  properties: PropertiesForm,
  goals: GoalsForm,
  "future-plans": FuturePlansForm,
  credit: CreditForm,
  preferences: PreferencesForm,
};

/** Where each form keeps its records in the query cache (under "settings", kept on the device). */
const QUERY_ROOT: Record<string, string> = { budgeting: "budget" };

/** The offline banner with when this form's records were last loaded. */
function SettingsOfflineBanner({ slug }: { slug: string }) {
  useOnline(); // re-render when the connection changes
  const client = useQueryClient();
  const queries = client.getQueryCache().findAll({ queryKey: ["settings", QUERY_ROOT[slug] ?? slug] });
  const updatedAt = Math.max(0, ...queries.map((q) => q.state.dataUpdatedAt));
  return <OfflineBanner updatedAt={updatedAt || undefined} />;
}

export function SettingsFormView({ slug }: { slug: string | undefined }) {
  const entry = SETTINGS_FORMS.find((f) => f.slug === slug);
  const Form = entry ? FORM_COMPONENTS[entry.slug] : undefined;
  const t = useT();
  const title = entry ? t(entry.title) : t("nav.settings");
  return (
    <>
      <Stack.Screen options={{ title }} />
      <Screen>
        {entry && Form ? (
          <>
            <SettingsOfflineBanner slug={entry.slug} />
            <OutboxPanel title={title} />
            <Form title={title} />
          </>
        ) : (
          <ErrorState message={t("app.settings.noSuchPage")} />
        )}
      </Screen>
    </>
  );
}

export function SettingsFormScreen() {
  const { form } = useLocalSearchParams<{ form?: string }>();
  return <SettingsFormView slug={Array.isArray(form) ? form[0] : form} />;
}

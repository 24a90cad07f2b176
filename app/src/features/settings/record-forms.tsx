/** The single-record settings forms, with the web's fields, labels, requests and texts: Personal Profile, Income
 * Sources, Budget Planning and Preferences (web/src/pages/settings/*-settings-page.tsx). */
import { type FormValues, fromForm } from "@firepath/shared/form-kit";
import { formatCurrency } from "@firepath/shared/format";
import { BUDGET_ACCOUNT_FIELDS, BUDGET_SPLIT_FIELDS, INCOME_FIELDS, PREFERENCE_FIELDS, PROFILE_FIELDS, sumOf, totalMonthlyIncome } from "@firepath/shared/settings-fields";
import { useMemo } from "react";
import { Text } from "react-native";
import { useAuth } from "@/features/auth/auth-provider";
import { type as typeScale, useColours } from "@/lib/theme";
import { RecordForm, type RecordSpec } from "./form-parts";

// A first visit starts from Canada.
const profileRecord = (data: unknown) => (data ?? { country: "Canada" }) as Record<string, unknown>;

export function ProfileForm({ title }: { title: string }) {
  const { session } = useAuth();
  const email = session?.user.email;
  const spec = useMemo((): RecordSpec => ({
    formTitle: title, cardTitle: "About you", queryKey: ["settings", "profile"], path: "/api/v1/profile", method: "PUT", allow404: true,
    description: email
      ? `Your e-mail: ${email}, the one you sign in with and where FIRE Path writes to you. It is not changed here; to use another one, contact us.`
      : undefined,
    sections: [{ fields: PROFILE_FIELDS }], toRecord: profileRecord,
    submitLabel: "Save", success: "Profile saved successfully", loadError: "Failed to load profile",
  }), [title, email]);
  return <RecordForm spec={spec} />;
}

function IncomeTotal({ values }: { values: FormValues }) {
  const c = useColours();
  return (
    <Text testID="income-total" style={{ color: c.text, fontSize: typeScale.body }}>
      {`Total monthly income: ${formatCurrency(totalMonthlyIncome(fromForm(values, INCOME_FIELDS)))}`}
    </Text>
  );
}

const INCOME_SPEC = (title: string): RecordSpec => ({
  formTitle: title, cardTitle: "Income", queryKey: ["settings", "income"], path: "/api/v1/income", method: "PUT",
  sections: [{ fields: INCOME_FIELDS }], footer: (values) => <IncomeTotal values={values} />,
  submitLabel: "Save", success: "Income data saved successfully", loadError: "Failed to load income data",
});

export function IncomeForm({ title }: { title: string }) {
  const spec = useMemo(() => INCOME_SPEC(title), [title]);
  return <RecordForm spec={spec} />;
}

function Total({ total, testID }: { total: number; testID: string }) {
  const c = useColours();
  const off = total > 0.001 && Math.abs(total - 100) > 0.001; // all 0 is "not set yet"
  return (
    <Text testID={testID} accessibilityLiveRegion="polite" style={{ color: off ? c.warning : c.muted, fontSize: typeScale.small }}>
      {`Total: ${Math.round(total * 100) / 100}%${off ? " (must add up to 100% to save)" : ""}`}
    </Text>
  );
}

// A first budget starts from the 50/30/20 rule.
const budgetRecord = (data: unknown) =>
  (data ?? { needs_percentage: 50, wants_percentage: 30, savings_percentage: 10, investments_percentage: 10 }) as Record<string, unknown>;

const BUDGET_SPEC = (title: string): RecordSpec => ({
  formTitle: title, cardTitle: "Budget", description: "Percentages of your monthly take-home pay.",
  queryKey: ["settings", "budget"], path: "/api/v1/budget", method: "PUT", toRecord: budgetRecord,
  sections: [
    { title: "Spending and saving", fields: BUDGET_SPLIT_FIELDS, footer: (v) => <Total total={sumOf(v, BUDGET_SPLIT_FIELDS)} testID="budget-split-total" /> },
    { title: "Where savings and investments go", fields: BUDGET_ACCOUNT_FIELDS, footer: (v) => <Total total={sumOf(v, BUDGET_ACCOUNT_FIELDS)} testID="budget-accounts-total" /> },
  ],
  submitLabel: "Save budget", success: "Budget saved successfully", loadError: "Failed to load budget",
});

export function BudgetForm({ title }: { title: string }) {
  const spec = useMemo(() => BUDGET_SPEC(title), [title]);
  return <RecordForm spec={spec} />;
}

const PREFERENCES_SPEC = (title: string): RecordSpec => ({
  formTitle: title, cardTitle: "Planning assumptions", queryKey: ["settings", "preferences"], path: "/api/v1/preferences", method: "PATCH",
  sections: [{ fields: PREFERENCE_FIELDS }],
  submitLabel: "Save preferences", success: "Preferences saved successfully", loadError: "Failed to load preferences",
});

export function PreferencesForm({ title }: { title: string }) {
  const spec = useMemo(() => PREFERENCES_SPEC(title), [title]);
  return <RecordForm spec={spec} />;
}

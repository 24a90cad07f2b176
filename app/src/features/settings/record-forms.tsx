/** The single-record settings forms, with the web's fields, labels, requests and texts: Personal Profile, Income
 * Sources, Budget Planning and Preferences (web/src/pages/settings/*-settings-page.tsx). */
import { type FieldDef, type FormValues, fromForm } from "@firepath/shared/form-kit";
import { sumOf, totalMonthlyIncome } from "@firepath/shared/settings-fields";
import { useMemo } from "react";
import { Text } from "react-native";
import { useAuth } from "@/features/auth/auth-provider";
import { useFormat, useI18n } from "@/lib/i18n";
import { type as typeScale, useColours } from "@/lib/theme";
import { RecordForm, type RecordSpec } from "./form-parts";
import { useSettingsFields } from "./use-settings-form";

// A first visit starts from Canada.
const profileRecord = (data: unknown) => (data ?? { country: "Canada" }) as Record<string, unknown>;

export function ProfileForm({ title }: { title: string }) {
  const { session } = useAuth();
  const { t } = useI18n();
  const { PROFILE_FIELDS } = useSettingsFields();
  const email = session?.user.email;
  const spec = useMemo((): RecordSpec => ({
    formTitle: title, cardTitle: t("settings.profile.aboutYou"), queryKey: ["settings", "profile"], path: "/api/v1/profile", method: "PUT", allow404: true,
    description: email ? t("app.settings.profileEmail", { email }) : undefined,
    sections: [{ fields: PROFILE_FIELDS }], toRecord: profileRecord,
    submitLabel: t("settings.recordForm.save"), success: t("settings.profile.profileSavedSuccessfully"), loadError: t("settings.profile.failedToLoadProfile"),
  }), [title, email, t, PROFILE_FIELDS]);
  return <RecordForm spec={spec} />;
}

function IncomeTotal({ values, fields }: { values: FormValues; fields: FieldDef[] }) {
  const c = useColours();
  const { locale, t } = useI18n();
  const fmt = useFormat();
  return (
    <Text testID="income-total" style={{ color: c.text, fontSize: typeScale.body }}>
      {t("app.settings.totalIncome", { amount: fmt.money(totalMonthlyIncome(fromForm(values, fields, locale))) })}
    </Text>
  );
}

export function IncomeForm({ title }: { title: string }) {
  const { t } = useI18n();
  const { INCOME_FIELDS } = useSettingsFields();
  const spec = useMemo((): RecordSpec => ({
    formTitle: title, cardTitle: t("settings.income.income"), queryKey: ["settings", "income"], path: "/api/v1/income", method: "PUT",
    sections: [{ fields: INCOME_FIELDS }], footer: (values) => <IncomeTotal values={values} fields={INCOME_FIELDS} />,
    submitLabel: t("settings.recordForm.save"), success: t("settings.income.incomeDataSavedSuccessfully"), loadError: t("settings.income.failedToLoadIncome"),
  }), [title, t, INCOME_FIELDS]);
  return <RecordForm spec={spec} />;
}

function Total({ values, fields, testID }: { values: FormValues; fields: FieldDef[]; testID: string }) {
  const c = useColours();
  const { locale, t } = useI18n();
  const fmt = useFormat();
  const total = sumOf(values, fields, locale);
  const off = total > 0.001 && Math.abs(total - 100) > 0.001; // all 0 is "not set yet"
  const shown = fmt.percent(Math.round(total * 100) / 10000, { digits: 2 });
  return (
    <Text testID={testID} accessibilityLiveRegion="polite" style={{ color: off ? c.warning : c.muted, fontSize: typeScale.small }}>
      {off ? t("app.settings.totalOff", { total: shown }) : t("app.settings.total", { total: shown })}
    </Text>
  );
}

// A first budget starts from the 50/30/20 rule.
const budgetRecord = (data: unknown) =>
  (data ?? { needs_percentage: 50, wants_percentage: 30, savings_percentage: 10, investments_percentage: 10 }) as Record<string, unknown>;

export function BudgetForm({ title }: { title: string }) {
  const { t } = useI18n();
  const { BUDGET_SPLIT_FIELDS, BUDGET_ACCOUNT_FIELDS } = useSettingsFields();
  const spec = useMemo((): RecordSpec => ({
    formTitle: title, cardTitle: t("settings.budgeting.budget"), description: t("settings.budgeting.percentagesOfYourMonthly"),
    queryKey: ["settings", "budget"], path: "/api/v1/budget", method: "PUT", toRecord: budgetRecord,
    sections: [
      { title: t("settings.budgeting.spendingAndSaving"), fields: BUDGET_SPLIT_FIELDS, footer: (v) => <Total values={v} fields={BUDGET_SPLIT_FIELDS} testID="budget-split-total" /> },
      { title: t("settings.budgeting.whereSavingsAndInvestments"), fields: BUDGET_ACCOUNT_FIELDS, footer: (v) => <Total values={v} fields={BUDGET_ACCOUNT_FIELDS} testID="budget-accounts-total" /> },
    ],
    submitLabel: t("settings.budgeting.saveBudget"), success: t("settings.budgeting.budgetSavedSuccessfully"), loadError: t("settings.budgeting.failedToLoadBudget"),
  }), [title, t, BUDGET_SPLIT_FIELDS, BUDGET_ACCOUNT_FIELDS]);
  return <RecordForm spec={spec} />;
}

export function PreferencesForm({ title }: { title: string }) {
  const { t } = useI18n();
  const { PREFERENCE_FIELDS } = useSettingsFields();
  const spec = useMemo((): RecordSpec => ({
    formTitle: title, cardTitle: t("settings.preferences.planningAssumptions"), queryKey: ["settings", "preferences"], path: "/api/v1/preferences", method: "PATCH",
    sections: [{ fields: PREFERENCE_FIELDS }],
    submitLabel: t("settings.preferences.savePreferences"), success: t("settings.preferences.preferencesSavedSuccessfully"), loadError: t("settings.preferences.failedToLoadPreferences"),
  }), [title, t, PREFERENCE_FIELDS]);
  return <RecordForm spec={spec} />;
}

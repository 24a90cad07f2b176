/** The single-record settings forms, with the web's fields, labels, requests and texts: Personal Profile, Income
 * Sources, Budget Planning, Future Plans and Preferences (web/src/pages/settings/*-settings-page.tsx). */
import { formatCurrency } from "@firepath/shared/format";
import { parseNumberInput } from "@firepath/shared/validation";
import { useMemo } from "react";
import { Text } from "react-native";
import { useAuth } from "@/features/auth/auth-provider";
import { type as typeScale, useColours } from "@/lib/theme";
import { CAD, type FieldDef, type FormValues, fromForm, options, PROVINCES } from "./form-kit";
import { RecordForm, type RecordSpec } from "./form-parts";

export const PROFILE_FIELDS: FieldDef[] = [
  { name: "first_name", label: "First name", kind: "text", maxLength: 100 },
  { name: "last_name", label: "Last name", kind: "text", maxLength: 100 },
  { name: "age", label: "Age", kind: "age" },
  { name: "country", label: "Country", kind: "text", maxLength: 100 },
  { name: "province", label: "Province or territory", kind: "select", options: PROVINCES },
  { name: "city", label: "City", kind: "text", maxLength: 100 },
  {
    name: "marital_status", label: "Marital status", kind: "select",
    options: options(["single", "Single"], ["married", "Married"], ["common-law", "Common-law"], ["separated", "Separated"], ["divorced", "Divorced"], ["widowed", "Widowed"]),
  },
  { name: "dependents", label: "Dependents", kind: "int", min: 0, max: 30 },
  {
    name: "risk_tolerance", label: "Risk tolerance", kind: "select",
    options: options(["conservative", "Conservative"], ["moderate", "Moderate"], ["aggressive", "Aggressive"]),
  },
  { name: "goals", label: "What does financial independence mean to you?", kind: "textarea", maxLength: 5000 },
];

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

export const INCOME_FIELDS: FieldDef[] = [
  CAD("Annual salary (before tax)", "annual_salary", { hint: "Per year" }),
  CAD("Monthly take-home pay", "monthly_take_home", { hint: "Per month, after tax and deductions" }),
  CAD("Secondary income", "secondary_income", { hint: "Per month" }),
  CAD("Side hustle income", "side_hustle_income", { hint: "Per month" }),
  CAD("Partner income", "partner_income", { hint: "Per month" }),
  CAD("Other income", "other_income", { hint: "Per month: rental, benefits, dividends..." }),
];

/** Take-home + secondary + side hustle + partner + other (the annual salary is not monthly income). */
export function totalMonthlyIncome(body: Record<string, unknown>): number {
  return ["monthly_take_home", "secondary_income", "side_hustle_income", "partner_income", "other_income"]
    .reduce((sum, k) => sum + (typeof body[k] === "number" ? (body[k] as number) : 0), 0);
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

const pct = (name: string, label: string, hint?: string): FieldDef => ({ name, label, kind: "percent", emptyAsZero: true, hint });
const SPLIT: FieldDef[] = [
  pct("needs_percentage", "Needs", "Housing, food, transport, insurance"),
  pct("wants_percentage", "Wants", "Dining out, travel, entertainment"),
  pct("savings_percentage", "Savings", "Emergency fund and short-term goals"),
  pct("investments_percentage", "Investments", "Long-term investing toward FIRE"),
];
const ACCOUNT_SPLIT: FieldDef[] = [
  pct("tfsa_allocation", "TFSA"), pct("rrsp_allocation", "RRSP"), pct("fhsa_allocation", "FHSA"), pct("non_registered_allocation", "Non-registered"),
];
export const BUDGET_FIELDS = [...SPLIT, ...ACCOUNT_SPLIT];

export function sumOf(values: FormValues, fields: FieldDef[]): number {
  return fields.reduce((s, f) => {
    const n = parseNumberInput(String(values[f.name] ?? ""));
    return s + (n !== null && Number.isFinite(n) ? n : 0);
  }, 0);
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
    { title: "Spending and saving", fields: SPLIT, footer: (v) => <Total total={sumOf(v, SPLIT)} testID="budget-split-total" /> },
    { title: "Where savings and investments go", fields: ACCOUNT_SPLIT, footer: (v) => <Total total={sumOf(v, ACCOUNT_SPLIT)} testID="budget-accounts-total" /> },
  ],
  submitLabel: "Save budget", success: "Budget saved successfully", loadError: "Failed to load budget",
});

export function BudgetForm({ title }: { title: string }) {
  const spec = useMemo(() => BUDGET_SPEC(title), [title]);
  return <RecordForm spec={spec} />;
}

const PLAN_INCOME: FieldDef[] = [
  { name: "income_growth_rate", label: "Expected income growth per year", kind: "rate", min: -100, max: 100, hint: "For example 3 for 3% a year" },
  CAD("Your take-home pay target (yearly)", "income_target_amount", { hint: "Your own pay after tax from the target date; your partner's income stays as saved" }),
  { name: "income_target_date", label: "Reached on", kind: "date" },
];
const PLAN_EXPENSE: FieldDef[] = [
  { name: "expense_change_description", label: "What changes", kind: "text", maxLength: 2000, placeholder: "Daycare ends, new car..." },
  { name: "expense_change_type", label: "Direction of change", kind: "select", required: true, options: options(["increase", "Increase"], ["decrease", "Decrease"]) },
  CAD("Change per month", "expense_change_amount"),
  { name: "expense_change_date", label: "Starting", kind: "date" },
];
const PLAN_SIDE: FieldDef[] = [
  { name: "side_hustle_description", label: "Side hustle", kind: "text", maxLength: 2000, placeholder: "Freelance design, tutoring..." },
  CAD("Expected income per month", "side_hustle_amount"),
  { name: "side_hustle_date", label: "Starting", kind: "date" },
  { name: "side_hustle_time_commitment", label: "Time commitment", kind: "text", maxLength: 100, placeholder: "10 hours a week" },
];
export const FUTURE_PLAN_FIELDS = [...PLAN_INCOME, ...PLAN_EXPENSE, ...PLAN_SIDE];

/** The saved plan as form input: the signed amount shows as a positive amount with its direction. */
export function planToForm(data: unknown): Record<string, unknown> {
  const plan = data as Record<string, unknown> | null;
  if (!plan) return { expense_change_type: "increase" };
  const amount = plan.expense_change_amount as number | null | undefined;
  return { ...plan, expense_change_amount: amount === null || amount === undefined ? null : Math.abs(Number(amount)) };
}

const FUTURE_SPEC = (title: string): RecordSpec => ({
  formTitle: title, cardTitle: "Your plans", queryKey: ["settings", "future-plans"], path: "/api/v1/future-plans", method: "PUT",
  toRecord: planToForm,
  sections: [{ title: "Income", fields: PLAN_INCOME }, { title: "Expenses", fields: PLAN_EXPENSE }, { title: "Side hustle", fields: PLAN_SIDE }],
  submitLabel: "Save future plans", success: "Future plans saved successfully", loadError: "Failed to load future plans",
});

export function FuturePlansForm({ title }: { title: string }) {
  const spec = useMemo(() => FUTURE_SPEC(title), [title]);
  return <RecordForm spec={spec} />;
}

export const PREFERENCE_FIELDS: FieldDef[] = [
  { name: "retirement_age", label: "Target retirement age", kind: "age", required: true },
  { name: "investment_return_rate", label: "Expected investment return per year", kind: "rate", min: -100, max: 100, required: true, hint: "Before inflation. Default 6%: a balanced portfolio after fees, below the 60/40 mix's long-run record (5.6% a year after inflation, US 1871-2025)" },
  { name: "fire_rule_multiplier", label: "FIRE multiplier", kind: "number", min: 1, max: 100, required: true, hint: "25 times yearly expenses is the 4% rule" },
  { name: "max_projection_years", label: "Years to project", kind: "int", min: 1, max: 100, required: true },
  { name: "currency_code", label: "Currency", kind: "select", required: true, options: options(["CAD", "Canadian dollar (CAD)"], ["USD", "US dollar (USD)"]) },
  { name: "locale", label: "Number and date format", kind: "select", required: true, options: options(["en-CA", "English (Canada)"], ["fr-CA", "Français (Canada)"]) },
];

const PREFERENCES_SPEC = (title: string): RecordSpec => ({
  formTitle: title, cardTitle: "Planning assumptions", queryKey: ["settings", "preferences"], path: "/api/v1/preferences", method: "PATCH",
  sections: [{ fields: PREFERENCE_FIELDS }],
  submitLabel: "Save preferences", success: "Preferences saved successfully", loadError: "Failed to load preferences",
});

export function PreferencesForm({ title }: { title: string }) {
  const spec = useMemo(() => PREFERENCES_SPEC(title), [title]);
  return <RecordForm spec={spec} />;
}

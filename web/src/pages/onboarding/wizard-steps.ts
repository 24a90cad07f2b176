/** The onboarding wizard's steps (profile, income, expenses, savings, goals, preferences): their fields, how the
 * saved records fill them, and how a step's values merge into the saved records before it is sent. The profile,
 * income and savings endpoints replace the whole record, so fields the wizard does not ask keep their saved
 * values; the expense list keeps the items the wizard does not own. */
import type { Schemas } from "@firepath/shared/api";
import { CAD, type FieldDef, type Option, provinceOptions } from "@firepath/shared/form-kit";
import type { Locale } from "@firepath/shared/i18n/locales";
import { msg, type MessageId, type Translate } from "@firepath/shared/i18n/messages";
import { plainEnglish } from "@firepath/shared/i18n/plain-english";
import { settingsFields } from "@firepath/shared/settings-fields";

export type StepKey = "profile" | "income" | "expenses" | "savings" | "goals" | "preferences";

export interface WizardStep {
  key: StepKey;
  title: string;
  description: string;
  /** The guided flow's "why we ask" note. */
  why: string;
  fields: FieldDef[];
}

/**
 * Expense items the wizard fills, by field name: the item's category in each language (a new line is saved in the
 * reader's; a line saved earlier in either is found again and keeps its name) and whether it is a need.
 */
export const WIZARD_EXPENSES: Record<string, { names: Record<Locale, string>; group: "needs" | "wants" }> = {
  groceries: { names: { "en-CA": "Groceries", "fr-CA": "Épicerie" }, group: "needs" },
  transportation: { names: { "en-CA": "Transportation", "fr-CA": "Transport" }, group: "needs" },
  utilities: { names: { "en-CA": "Utilities", "fr-CA": "Services publics" }, group: "needs" },
  other_spending: { names: { "en-CA": "Other spending", "fr-CA": "Autres dépenses" }, group: "wants" },
};

const savedItem = (saved: SavedRecords, names: Record<Locale, string>) =>
  saved.expenses?.items.find((i) => Object.values(names).includes(i.category));

/** Choices whose labels are message ids. */
const choices = (t: Translate, ...pairs: [string, MessageId][]): Option[] => pairs.map(([value, id]) => ({ value, label: t(id) }));

const goalCategories = (t: Translate): Option[] => choices(t,
  ["retirement", msg("onboarding.steps.retirementFinancialIndependence")], ["emergency-fund", msg("onboarding.steps.emergencyFund")], ["home", msg("onboarding.steps.home")],
  ["debt-payoff", msg("onboarding.steps.debtPayoff")], ["education", msg("onboarding.steps.education")], ["travel", msg("onboarding.steps.travel")], ["other", msg("onboarding.steps.other")],
);

/** The steps, named in one language. */
export const wizardSteps = (t: Translate): WizardStep[] => [
  {
    key: "profile", title: t("onboarding.steps.aboutYou"), description: t("onboarding.steps.yourAgeAndProvince"),
    why: t("onboarding.steps.ageSetsHowMany"),
    fields: [
      { name: "first_name", label: t("onboarding.steps.firstName"), kind: "text", maxLength: 100 },
      { name: "age", label: t("onboarding.steps.age"), kind: "age", required: true },
      { name: "province", label: t("onboarding.steps.provinceOrTerritory"), kind: "select", options: provinceOptions(t), required: true },
      {
        name: "marital_status", label: t("onboarding.steps.household"), kind: "select",
        options: choices(t, ["single", msg("onboarding.steps.single")], ["married", msg("onboarding.steps.married")], ["common-law", msg("onboarding.steps.commonLaw")], ["separated", msg("onboarding.steps.separated")], ["divorced", msg("onboarding.steps.divorced")], ["widowed", msg("onboarding.steps.widowed")]),
      },
      { name: "dependents", label: t("onboarding.steps.dependants"), kind: "int", min: 0, max: 30 },
    ],
  },
  {
    key: "income", title: t("onboarding.steps.income"), description: t("onboarding.steps.whatComesInEach"),
    why: t("onboarding.steps.takeHomePayMinus"),
    fields: [
      CAD(t("onboarding.steps.takeHomePayPer"), "monthly_take_home", { required: true, hint: t("onboarding.steps.afterTaxAndDeductions") }),
      CAD(t("onboarding.steps.salaryPerYearBefore"), "annual_salary", { hint: t("onboarding.steps.usedForTaxEstimates") }),
      CAD(t("onboarding.steps.partnerSIncomePer"), "partner_income"),
      CAD(t("onboarding.steps.sideHustleIncomePer"), "side_hustle_income"),
    ],
  },
  {
    key: "expenses", title: t("onboarding.steps.expenses"), description: t("onboarding.steps.yourMonthlySpendingRough"),
    why: t("onboarding.steps.yourFireNumberIs"),
    fields: [
      CAD(t("onboarding.steps.rentOrMortgagePayment"), "rent_mortgage", { required: true, hint: t("onboarding.steps.perMonth") }),
      CAD(t("onboarding.steps.groceries"), "groceries", { hint: t("onboarding.steps.perMonth") }),
      CAD(t("onboarding.steps.transportation"), "transportation", { hint: t("onboarding.steps.perMonth") }),
      CAD(t("onboarding.steps.utilitiesAndPhone"), "utilities", { hint: t("onboarding.steps.perMonth") }),
      CAD(t("onboarding.steps.everythingElseWants"), "other_spending", { hint: t("onboarding.steps.perMonthDiningOut") }),
    ],
  },
  {
    key: "savings", title: t("onboarding.steps.savings"), description: t("onboarding.steps.whatYouHaveSet"),
    why: t("onboarding.steps.anEmergencyFundOf"),
    fields: [
      CAD(t("onboarding.steps.emergencyFund"), "emergency_fund", { hint: t("onboarding.steps.cashSetAsideFor") }),
      CAD(settingsFields(t).SAVING_LABEL, "monthly_savings", { hint: settingsFields(t).SAVING_HINT }),
      CAD(t("onboarding.steps.debtExcludingMortgage"), "debt_amount", { hint: t("onboarding.steps.creditCardsLoansLines") }),
    ],
  },
  {
    key: "goals", title: t("onboarding.steps.aGoal"), description: t("onboarding.steps.oneGoalYouAre"),
    why: t("onboarding.steps.goalsWithADate"),
    fields: [
      { name: "name", label: t("onboarding.steps.goalName"), kind: "text", maxLength: 200, placeholder: t("onboarding.steps.financialIndependence") },
      { name: "category", label: t("onboarding.steps.goalType"), kind: "select", options: goalCategories(t) },
      CAD(t("onboarding.steps.targetAmount"), "target_amount"),
      { name: "target_date", label: t("onboarding.steps.targetDate"), kind: "date" },
    ],
  },
  {
    key: "preferences", title: t("onboarding.steps.preferences"), description: t("onboarding.steps.theAssumptionsBehindYour"),
    why: t("onboarding.steps.a6ReturnAbout"),
    fields: [
      { name: "retirement_age", label: t("onboarding.steps.targetRetirementAge"), kind: "int", min: 18, max: 100, required: true },
      { name: "investment_return_rate", label: t("onboarding.steps.expectedYearlyReturn"), kind: "rate", min: -100, max: 100, required: true, hint: t("onboarding.steps.beforeInflationDefault6") },
      { name: "fire_rule_multiplier", label: t("onboarding.steps.fireMultiplier"), kind: "int", min: 1, max: 100, required: true, hint: t("onboarding.steps.25MeansThe4") },
    ],
  },
];

/** The steps in English (tests, and code without a language). */
export const STEPS = wizardSteps(plainEnglish);

export interface SavedRecords {
  profile: Schemas["ProfileRead"] | null;
  income: Schemas["IncomeRead"] | null;
  expenses: Schemas["ExpensesRead"] | null;
  savings: Schemas["SavingsSummaryRead"] | null;
  preferences: Schemas["PreferencesRead"] | null;
}

/** The saved values a step starts from. */
export function stepRecord(key: StepKey, saved: SavedRecords): Record<string, unknown> | null {
  switch (key) {
    case "profile":
      return saved.profile;
    case "income":
      return saved.income;
    case "expenses": {
      if (!saved.expenses) return null;
      const out: Record<string, unknown> = { rent_mortgage: saved.expenses.rent_mortgage };
      for (const [name, { names }] of Object.entries(WIZARD_EXPENSES)) {
        const item = savedItem(saved, names);
        if (item) out[name] = item.amount;
      }
      return out;
    }
    case "savings":
      return saved.savings;
    case "goals":
      return { category: "retirement" };
    case "preferences":
      return saved.preferences;
  }
}

const keep = <T extends object>(record: T | null | undefined, drop: string[]): Partial<T> => {
  if (!record) return {};
  const out = { ...record } as Record<string, unknown>;
  for (const k of drop) delete out[k];
  return out as Partial<T>;
};
const ROW_FIELDS = ["id", "user_id", "created_at", "updated_at"];

export const profileBody = (values: Record<string, unknown>, saved: SavedRecords): Schemas["ProfileIn"] =>
  ({ ...keep(saved.profile, ROW_FIELDS), ...values }) as Schemas["ProfileIn"];

export const incomeBody = (values: Record<string, unknown>, saved: SavedRecords): Schemas["IncomeIn"] =>
  ({ ...keep(saved.income, ROW_FIELDS), ...values }) as Schemas["IncomeIn"];

export const savingsBody = (values: Record<string, unknown>, saved: SavedRecords): Schemas["SavingsSummaryIn"] =>
  ({ ...keep(saved.savings, ROW_FIELDS), ...values }) as Schemas["SavingsSummaryIn"];

/** Rent plus the wizard's items; saved items of other categories stay, the wizard's own are replaced (a new one is
 * named in `locale`, one saved before keeps its name). */
export function expensesBody(values: Record<string, unknown>, saved: SavedRecords, locale: Locale = "en-CA"): Schemas["ExpensesIn"] {
  const owned = new Set(Object.values(WIZARD_EXPENSES).flatMap((e) => Object.values(e.names)));
  const items: Schemas["ExpenseItemIn"][] = (saved.expenses?.items ?? [])
    .filter((i) => !owned.has(i.category))
    .map((i) => ({ category: i.category, subcategory: i.subcategory ?? null, amount: i.amount, needs_wants_category: i.needs_wants_category, is_bad_habit: i.is_bad_habit }));
  for (const [name, { names, group }] of Object.entries(WIZARD_EXPENSES)) {
    const amount = values[name];
    const category = savedItem(saved, names)?.category ?? names[locale];
    if (typeof amount === "number" && amount > 0) items.push({ category, amount, needs_wants_category: group, is_bad_habit: false });
  }
  return { rent_mortgage: (values.rent_mortgage as number | null) ?? 0, items };
}

/** The goal to add, or null when the step was left blank. */
export function goalBody(values: Record<string, unknown>): Schemas["GoalIn"] | null {
  const name = typeof values.name === "string" ? values.name.trim() : "";
  if (!name) return null;
  return {
    name,
    category: ((values.category as string | null) ?? "other") as Schemas["GoalIn"]["category"],
    target_amount: (values.target_amount as number | null) ?? 0,
    current_amount: 0,
    target_date: (values.target_date as string | null) ?? null,
    priority: "high",
  };
}

export const preferencesBody = (values: Record<string, unknown>): Schemas["PreferencesIn"] => ({
  retirement_age: values.retirement_age as number,
  investment_return_rate: values.investment_return_rate as number,
  fire_rule_multiplier: values.fire_rule_multiplier as number,
});

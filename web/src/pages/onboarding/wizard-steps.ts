/** The onboarding wizard's steps (profile, income, expenses, savings, goals, preferences): their fields, how the
 * saved records fill them, and how a step's values merge into the saved records before it is sent. The profile,
 * income and savings endpoints replace the whole record, so fields the wizard does not ask keep their saved
 * values; the expense list keeps the items the wizard does not own. */
import type { Schemas } from "@firepath/shared/api";
import { CAD, type FieldDef, options, PROVINCES } from "@firepath/shared/form-kit";
import { SAVING_HINT, SAVING_LABEL } from "@firepath/shared/settings-fields";

export type StepKey = "profile" | "income" | "expenses" | "savings" | "goals" | "preferences";

export interface WizardStep {
  key: StepKey;
  title: string;
  description: string;
  /** The guided flow's "why we ask" note. */
  why: string;
  fields: FieldDef[];
}

/** Expense items the wizard fills, by field name: the item's category and whether it is a need. */
export const WIZARD_EXPENSES: Record<string, { category: string; group: "needs" | "wants" }> = {
  groceries: { category: "Groceries", group: "needs" },
  transportation: { category: "Transportation", group: "needs" },
  utilities: { category: "Utilities", group: "needs" },
  other_spending: { category: "Other spending", group: "wants" },
};

export const GOAL_CATEGORIES = options(
  ["retirement", "Retirement / financial independence"], ["emergency-fund", "Emergency fund"], ["home", "Home"],
  ["debt-payoff", "Debt payoff"], ["education", "Education"], ["travel", "Travel"], ["other", "Other"],
);

export const STEPS: WizardStep[] = [
  {
    key: "profile", title: "About you", description: "Your age and province set your tax rates and your time horizon.",
    why: "Age sets how many years you have to save; your province sets your tax brackets and benefits.",
    fields: [
      { name: "first_name", label: "First name", kind: "text", maxLength: 100 },
      { name: "age", label: "Age", kind: "age", required: true },
      { name: "province", label: "Province or territory", kind: "select", options: PROVINCES, required: true },
      {
        name: "marital_status", label: "Household", kind: "select",
        options: options(["single", "Single"], ["married", "Married"], ["common-law", "Common-law"], ["separated", "Separated"], ["divorced", "Divorced"], ["widowed", "Widowed"]),
      },
      { name: "dependents", label: "Dependants", kind: "int", min: 0, max: 30 },
    ],
  },
  {
    key: "income", title: "Income", description: "What comes in each month after tax, and your salary before tax.",
    why: "Take-home pay minus spending is what you can save: the engine of every FIRE plan.",
    fields: [
      CAD("Take-home pay per month", "monthly_take_home", { required: true, hint: "After tax and deductions" }),
      CAD("Salary per year (before tax)", "annual_salary", { hint: "Used for tax estimates and RRSP room" }),
      CAD("Partner's income per month", "partner_income"),
      CAD("Side hustle income per month", "side_hustle_income"),
    ],
  },
  {
    key: "expenses", title: "Expenses", description: "Your monthly spending. Rough numbers are fine; you can refine them later.",
    why: "Your FIRE number is 25 times your yearly spending (the 4% rule), so spending matters twice.",
    fields: [
      CAD("Rent or mortgage payment", "rent_mortgage", { required: true, hint: "Per month" }),
      CAD("Groceries", "groceries", { hint: "Per month" }),
      CAD("Transportation", "transportation", { hint: "Per month" }),
      CAD("Utilities and phone", "utilities", { hint: "Per month" }),
      CAD("Everything else (wants)", "other_spending", { hint: "Per month: dining out, shopping, trips" }),
    ],
  },
  {
    key: "savings", title: "Savings", description: "What you have set aside, what you save and invest each month, and what you owe.",
    why: "An emergency fund of 3 to 6 months of expenses keeps your plan on track when something goes wrong.",
    fields: [
      CAD("Emergency fund", "emergency_fund", { hint: "Cash set aside for emergencies" }),
      CAD(SAVING_LABEL, "monthly_savings", { hint: SAVING_HINT }),
      CAD("Debt (excluding mortgage)", "debt_amount", { hint: "Credit cards, loans, lines of credit" }),
    ],
  },
  {
    key: "goals", title: "A goal", description: "One goal you are saving for. Leave it blank to skip; you can add more later.",
    why: "Goals with a date and an amount turn into a monthly saving target you can track.",
    fields: [
      { name: "name", label: "Goal name", kind: "text", maxLength: 200, placeholder: "Financial independence" },
      { name: "category", label: "Goal type", kind: "select", options: GOAL_CATEGORIES },
      CAD("Target amount", "target_amount"),
      { name: "target_date", label: "Target date", kind: "date" },
    ],
  },
  {
    key: "preferences", title: "Preferences", description: "The assumptions behind your plan. The defaults suit most people.",
    why: "A 6% return (about 4% after inflation) and the 25x rule of thumb are the starting assumptions; a lower return is more cautious.",
    fields: [
      { name: "retirement_age", label: "Target retirement age", kind: "int", min: 18, max: 100, required: true },
      { name: "investment_return_rate", label: "Expected yearly return", kind: "rate", min: -100, max: 100, required: true, hint: "Before inflation. Default 6%: a balanced portfolio after fees, below the 60/40 mix's long-run record" },
      { name: "fire_rule_multiplier", label: "FIRE multiplier", kind: "int", min: 1, max: 100, required: true, hint: "25 means the 4% withdrawal rule" },
    ],
  },
];

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
      for (const [name, { category }] of Object.entries(WIZARD_EXPENSES)) {
        const item = saved.expenses.items.find((i) => i.category === category);
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

/** Rent plus the wizard's items; saved items of other categories stay, the wizard's own are replaced. */
export function expensesBody(values: Record<string, unknown>, saved: SavedRecords): Schemas["ExpensesIn"] {
  const owned = new Set(Object.values(WIZARD_EXPENSES).map((e) => e.category));
  const items: Schemas["ExpenseItemIn"][] = (saved.expenses?.items ?? [])
    .filter((i) => !owned.has(i.category))
    .map((i) => ({ category: i.category, subcategory: i.subcategory ?? null, amount: i.amount, needs_wants_category: i.needs_wants_category, is_bad_habit: i.is_bad_habit }));
  for (const [name, { category, group }] of Object.entries(WIZARD_EXPENSES)) {
    const amount = values[name];
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

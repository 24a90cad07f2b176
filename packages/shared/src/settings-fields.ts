/** The fields of the settings forms that the web and the Expo app show alike (labels, kinds, bounds, hints, the
 * same choices): profile, income, budget, future plans, preferences, accounts, properties, goals, credit and the
 * household's members, with the small sums and conversions that go with them. `width` is the web's grid layout; the app lays fields out in
 * one column and ignores it. */
import type { Schemas } from "./api/client";
import { CAD, type FieldDef, type FormValues, options, PROVINCES, typedNumber } from "./form-kit";
import { parseNumberInput } from "./validation";

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
  { name: "goals", label: "What does financial independence mean to you?", kind: "textarea", maxLength: 5000, width: "full" },
];

export const INCOME_FIELDS: FieldDef[] = [
  CAD("Annual salary (before tax)", "annual_salary", { hint: "Per year" }),
  CAD("Monthly take-home pay", "monthly_take_home", { hint: "Per month, after tax and deductions" }),
  CAD("Secondary income", "secondary_income", { hint: "Per month" }),
  CAD("Side hustle income", "side_hustle_income", { hint: "Per month" }),
  CAD("Partner income", "partner_income", { hint: "Per month" }),
  CAD("Other income", "other_income", { hint: "Per month: rental, benefits, dividends..." }),
];

/** Spec section 9: take-home + secondary + side hustle + partner + other (annual salary excluded). */
export function totalMonthlyIncome(body: Record<string, unknown>): number {
  return ["monthly_take_home", "secondary_income", "side_hustle_income", "partner_income", "other_income"]
    .reduce((sum, k) => sum + (typeof body[k] === "number" ? (body[k] as number) : 0), 0);
}

const pct = (name: string, label: string, hint?: string): FieldDef => ({ name, label, kind: "percent", emptyAsZero: true, hint });
/** Needs, wants, savings and investments: percentages of take-home pay that add up to 100. */
export const BUDGET_SPLIT_FIELDS: FieldDef[] = [
  pct("needs_percentage", "Needs", "Housing, food, transport, insurance"),
  pct("wants_percentage", "Wants", "Dining out, travel, entertainment"),
  pct("savings_percentage", "Savings", "Emergency fund and short-term goals"),
  pct("investments_percentage", "Investments", "Long-term investing toward FIRE"),
];
/** Where savings and investments go: TFSA, RRSP, FHSA, non-registered, adding up to 100. */
export const BUDGET_ACCOUNT_FIELDS: FieldDef[] = [
  pct("tfsa_allocation", "TFSA"), pct("rrsp_allocation", "RRSP"), pct("fhsa_allocation", "FHSA"), pct("non_registered_allocation", "Non-registered"),
];
export const BUDGET_FIELDS = [...BUDGET_SPLIT_FIELDS, ...BUDGET_ACCOUNT_FIELDS];

export function sumOf(values: FormValues, fields: FieldDef[]): number {
  return fields.reduce((s, f) => {
    const n = parseNumberInput(String(values[f.name] ?? ""));
    return s + (n !== null && Number.isFinite(n) ? n : 0);
  }, 0);
}

export const FUTURE_INCOME_FIELDS: FieldDef[] = [
  { name: "income_growth_rate", label: "Expected income growth per year", kind: "rate", min: -100, max: 100, hint: "For example 3 for 3% a year" },
  CAD("Your take-home pay target (yearly)", "income_target_amount", { hint: "Your own pay after tax from the target date; your partner's income stays as saved" }),
  { name: "income_target_date", label: "Reached on", kind: "date" },
];
export const FUTURE_EXPENSE_FIELDS: FieldDef[] = [
  { name: "expense_change_description", label: "What changes", kind: "text", maxLength: 2000, placeholder: "Daycare ends, new car..." },
  { name: "expense_change_type", label: "Direction of change", kind: "select", required: true, options: options(["increase", "Increase"], ["decrease", "Decrease"]) },
  CAD("Change per month", "expense_change_amount"),
  { name: "expense_change_date", label: "Starting", kind: "date" },
];
export const FUTURE_SIDE_FIELDS: FieldDef[] = [
  { name: "side_hustle_description", label: "Side hustle", kind: "text", maxLength: 2000, placeholder: "Freelance design, tutoring..." },
  CAD("Expected income per month", "side_hustle_amount"),
  { name: "side_hustle_date", label: "Starting", kind: "date" },
  { name: "side_hustle_time_commitment", label: "Time commitment", kind: "text", maxLength: 100, placeholder: "10 hours a week" },
];
export const FUTURE_PLAN_FIELDS = [...FUTURE_INCOME_FIELDS, ...FUTURE_EXPENSE_FIELDS, ...FUTURE_SIDE_FIELDS];

/** The saved plan as form input: the signed amount shows as a positive amount with its direction. */
export function planToForm(data: unknown): Record<string, unknown> {
  const plan = data as Record<string, unknown> | null | undefined;
  if (!plan) return { expense_change_type: "increase" };
  const amount = plan.expense_change_amount as number | string | null | undefined;
  return { ...plan, expense_change_amount: amount === null || amount === undefined ? null : Math.abs(Number(amount)) };
}

export const PREFERENCE_FIELDS: FieldDef[] = [
  { name: "retirement_age", label: "Target retirement age", kind: "age", required: true },
  { name: "investment_return_rate", label: "Expected investment return per year", kind: "rate", min: -100, max: 100, required: true, hint: "Before inflation. Default 6%: a balanced portfolio after fees, below the 60/40 mix's long-run record (5.6% a year after inflation, US 1871-2025)" },
  { name: "fire_rule_multiplier", label: "FIRE multiplier", kind: "number", min: 1, max: 100, required: true, hint: "25 times yearly expenses is the 4% rule" },
  { name: "max_projection_years", label: "Years to project", kind: "int", min: 1, max: 100, required: true },
  { name: "currency_code", label: "Currency", kind: "select", required: true, options: options(["CAD", "Canadian dollar (CAD)"], ["USD", "US dollar (USD)"]) },
  { name: "locale", label: "Number and date format", kind: "select", required: true, options: options(["en-CA", "English (Canada)"], ["fr-CA", "Français (Canada)"]) },
];

export const ACCOUNT_TYPES = options(
  ["tfsa", "TFSA"], ["rrsp", "RRSP"], ["fhsa", "FHSA"], ["non-registered", "Non-registered"], ["chequing", "Chequing"],
  ["savings", "Savings"], ["resp", "RESP"], ["lira", "LIRA"], ["pension", "Pension"], ["other", "Other"],
);

export const ACCOUNT_OWNERS = options(["self", "Mine"], ["partner", "My partner's"], ["joint", "Joint"]);

export const ACCOUNT_FIELDS: FieldDef[] = [
  { name: "account_name", label: "Account name", kind: "text", required: true, maxLength: 200 },
  { name: "account_type", label: "Account type", kind: "select", required: true, options: ACCOUNT_TYPES },
  { name: "balance", label: "Balance", kind: "signed-money", emptyAsZero: true, hint: "Negative when overdrawn" },
  { name: "owner", label: "Whose account", kind: "select", required: true, options: ACCOUNT_OWNERS,
    hint: "Registered accounts (TFSA, RRSP, FHSA) belong to one person; the plan taxes each person's withdrawals" },
  { name: "institution", label: "Institution", kind: "text", maxLength: 200 },
  { name: "account_number", label: "Account number (last digits)", kind: "text", maxLength: 64 },
  { name: "purpose", label: "Purpose", kind: "text", maxLength: 2000 },
];

export const PROPERTY_TYPES = options(
  ["house", "House"], ["condo", "Condo"], ["townhouse", "Townhouse"], ["cottage", "Cottage"], ["rental", "Rental property"], ["land", "Land"], ["other", "Other"],
);

export const PROPERTY_FIELDS: FieldDef[] = [
  { name: "type", label: "Property type", kind: "select", required: true, options: PROPERTY_TYPES },
  { name: "description", label: "Description", kind: "text", maxLength: 2000, placeholder: "Principal residence, Ottawa" },
  CAD("Market value", "market_value", { emptyAsZero: true }),
  CAD("Purchase price", "purchase_price", { emptyAsZero: true }),
  CAD("Mortgage balance", "mortgage_balance", { emptyAsZero: true }),
  { name: "mortgage_rate", label: "Mortgage rate", kind: "rate", min: 0, max: 100, hint: "Yearly, e.g. 4.79. Blank: your plan assumes 5%" },
  CAD("Mortgage payment", "mortgage_payment", { hint: "A month. Blank: your plan assumes your housing cost" }),
];

export const GOAL_CATEGORIES = options(
  ["emergency-fund", "Emergency fund"], ["retirement", "Retirement"], ["home", "Home"], ["debt-payoff", "Debt payoff"],
  ["education", "Education"], ["travel", "Travel"], ["other", "Other"],
);

export const GOAL_FIELDS: FieldDef[] = [
  { name: "name", label: "Goal name", kind: "text", required: true, maxLength: 200, placeholder: "Six months of expenses" },
  { name: "category", label: "Category", kind: "select", required: true, options: GOAL_CATEGORIES },
  CAD("Target amount", "target_amount", { emptyAsZero: true }),
  CAD("Saved so far", "current_amount", { emptyAsZero: true }),
  { name: "target_date", label: "Target date", kind: "date" },
  { name: "priority", label: "Priority", kind: "select", required: true, options: options(["high", "High"], ["medium", "Medium"], ["low", "Low"]) },
  { name: "notes", label: "Notes", kind: "textarea", maxLength: 5000, width: "full" },
];

const rate = (name: string, label: string): FieldDef => ({ name, label, kind: "rate", min: 0, max: 100, hint: "Yearly, e.g. 20.99" });

export const CARD_FIELDS: FieldDef[] = [
  { name: "name", label: "Card name", kind: "text", required: true, maxLength: 200, placeholder: "Cash back Visa" },
  { name: "issuer", label: "Issuer", kind: "text", maxLength: 200 },
  { name: "card_network", label: "Network", kind: "select", options: options(["visa", "Visa"], ["mastercard", "Mastercard"], ["amex", "American Express"], ["other", "Other"]) },
  { name: "card_type", label: "Card type", kind: "select", required: true, options: options(["credit", "Credit"], ["charge", "Charge"]) },
  CAD("Credit limit", "credit_limit", { emptyAsZero: true }),
  CAD("Balance owed", "balance", { emptyAsZero: true }),
  rate("interest_rate", "Interest rate"),
  CAD("Annual fee", "annual_fee", { emptyAsZero: true }),
  { name: "payment_due_day", label: "Payment due day", kind: "int", min: 1, max: 31, hint: "Day of the month" },
];

export const LINE_FIELDS: FieldDef[] = [
  { name: "name", label: "Name", kind: "text", required: true, maxLength: 200, placeholder: "Home equity line" },
  { name: "lender", label: "Lender", kind: "text", maxLength: 200 },
  CAD("Credit limit", "credit_limit", { emptyAsZero: true }),
  CAD("Balance owed", "balance", { emptyAsZero: true }),
  rate("interest_rate", "Interest rate"),
  { name: "secured", label: "Secured (for example against your home)", kind: "checkbox" },
];

export const SCORE_FIELDS: FieldDef[] = [
  { name: "credit_score", label: "Credit score", kind: "credit-score", hint: "Canadian scores run from 300 to 900" },
  CAD("Total line of credit available", "line_of_credit_amount", { emptyAsZero: true }),
  { name: "credit_card_types", label: "Card types you hold", kind: "multi", options: options(["credit", "Credit cards"], ["charge", "Charge cards"]) },
  { name: "credit_account_linked", label: "Credit bureau account linked", kind: "checkbox" },
];

type MemberIn = Schemas["MemberIn"];
type Role = MemberIn["role"];

/** The API's defaults: what an empty field means, and what a new partner starts with. */
export const MEMBER_DEFAULTS = { cpp_start_age: 65, oas_start_age: 65, oas_residence_years: 40, pension_start_age: 65, pension_indexation: 1 };

export interface HouseholdGroup {
  key: string;
  title: string;
  fields: FieldDef[];
}

export function memberGroups(role: Role): HouseholdGroup[] {
  const you = role === "self";
  return [
    {
      key: "about", title: "About",
      fields: [
        { name: "name", label: "Name", kind: "text", maxLength: 100, hint: you ? "How the plan names you" : "How the plan names your partner" },
        {
          name: "birth_date", label: "Birth date", kind: "date",
          hint: you ? "Leave blank to use the age on your profile" : "Leave blank and the plan assumes your age",
        },
      ],
    },
    {
      key: "work", title: "Work",
      fields: [
        CAD("Employment income per year", "employment_income", {
          hint: you ? "Gross, before tax. Leave blank to use your salary from the Income page"
            : "Gross, before tax. Leave blank to work it out from partner income on the Income page",
        }),
        { name: "retirement_age", label: "Retirement age", kind: "age", hint: "When work income stops. Leave blank to use the retirement age in Preferences" },
      ],
    },
    {
      key: "benefits", title: "CPP & OAS",
      fields: [
        { name: "cpp_start_age", label: "CPP start age", kind: "number", min: 60, max: 70, placeholder: "65", hint: "60 to 70, default 65. Months as decimals: 62.5 is 62 and a half" },
        CAD("CPP at 65 per month", "cpp_at_65", {
          hint: you ? "From your My Service Canada statement; leave blank to estimate from your pay"
            : "From their My Service Canada statement; leave blank to estimate from their pay",
        }),
        { name: "oas_start_age", label: "OAS start age", kind: "number", min: 65, max: 70, placeholder: "65", hint: "65 to 70, default 65. Each month of delay adds 0.6%" },
        { name: "oas_residence_years", label: "Years in Canada after 18", kind: "int", min: 0, max: 70, placeholder: "40", hint: "Years lived in Canada after 18: 40 gives full OAS (the default)" },
      ],
    },
    {
      key: "pension", title: "Workplace pension",
      fields: [
        CAD("Defined-benefit pension per year", "pension", { hint: "In today's dollars; leave blank if there is none" }),
        { name: "pension_start_age", label: "Pension start age", kind: "number", min: 40, max: 75, placeholder: "65", hint: "40 to 75, default 65" },
        { name: "pension_indexation", label: "Share of inflation the pension rises by", kind: "rate", min: 0, max: 100, placeholder: "100", hint: "100% is fully indexed (the default); 0 is a fixed amount" },
      ],
    },
    {
      key: "planning", title: "Planning",
      fields: [
        {
          name: "planned_death_age", label: "Plan for a death at age", kind: "age",
          hint: "Optional, to see how the plan holds for a survivor. Leave blank to plan to the horizon in Preferences",
        },
      ],
    },
  ];
}

export const HOUSEHOLD_GROUPS: Record<Role, HouseholdGroup[]> = { self: memberGroups("self"), partner: memberGroups("partner") };
export const HOUSEHOLD_FIELDS: Record<Role, FieldDef[]> = { self: HOUSEHOLD_GROUPS.self.flatMap((g) => g.fields), partner: HOUSEHOLD_GROUPS.partner.flatMap((g) => g.fields) };

/** One member's form values as the API's MemberIn: empty fields with an API default are sent as that default. */
export function memberBody(role: Role, values: Record<string, unknown>): MemberIn {
  const body: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(MEMBER_DEFAULTS)) if (body[name] === null || body[name] === undefined) body[name] = value;
  return { ...body, role } as MemberIn;
}

/** The one monthly saving question, asked in the same words by the onboarding wizard and the Savings settings. */
export const SAVING_LABEL = "Saved and invested per month";
export const SAVING_HINT = "Everything you put aside each month: emergency fund, savings, TFSA, RRSP, FHSA, non-registered";

/** The three groups of savings (tabs on the web): emergency fund, short-term savings, investments. */
export type SavingsGroup = "emergency" | "short-term" | "investments";

export const INVESTMENT_TYPES = options(
  ["tfsa", "TFSA"], ["rrsp", "RRSP"], ["fhsa", "FHSA"], ["non-registered", "Non-registered"], ["resp", "RESP"], ["pension", "Workplace pension"],
);
const DESTINATIONS = options(["high-interest-savings", "High-interest savings"], ["gic", "GICs"], ["tfsa", "TFSA"], ["fhsa", "FHSA"], ["chequing", "Chequing"]);

/** The one monthly saving figure, asked as the wizard asks it. */
export const SAVINGS_MONTHLY_FIELDS: FieldDef[] = [CAD(SAVING_LABEL, "monthly_savings", { hint: SAVING_HINT, width: "full" })];
export const SAVINGS_SUMMARY_BY_GROUP: Record<SavingsGroup, FieldDef[]> = {
  emergency: [CAD("Emergency fund balance", "emergency_fund", { hint: "Aim for 3 to 6 months of expenses" })],
  "short-term": [
    CAD("Short-term savings balance", "short_term_savings"),
    { name: "savings_destinations", label: "Where your savings go", kind: "multi", options: DESTINATIONS },
  ],
  investments: [
    { name: "investment_types", label: "Accounts you invest in", kind: "multi", options: INVESTMENT_TYPES },
  ],
};
export const SAVINGS_DEBT_FIELDS: FieldDef[] = [CAD("Other debts", "debt_amount", { hint: "Debts not listed as credit cards or lines of credit (car loan, student loan...)", width: "full" })];
export const SAVINGS_SUMMARY_FIELDS: FieldDef[] = [
  ...SAVINGS_MONTHLY_FIELDS, ...SAVINGS_SUMMARY_BY_GROUP.emergency, ...SAVINGS_SUMMARY_BY_GROUP["short-term"], ...SAVINGS_SUMMARY_BY_GROUP.investments,
  ...SAVINGS_DEBT_FIELDS,
];

/** What the monthly items add up to (amounts not yet a number count as nothing). */
export function itemsTotal(rows: { values: Record<string, unknown> }[]): number {
  const cents = rows.reduce((sum, r) => {
    const n = typeof r.values.amount === "string" ? typedNumber(r.values.amount) : null;
    return sum + (n !== null && n > 0 ? Math.round(n * 100) : 0);
  }, 0);
  return cents / 100;
}

export const SAVING_ITEM_FIELDS: FieldDef[] = [
  { name: "goal", label: "What it is for", kind: "text", maxLength: 200 },
  CAD("Amount per month", "amount", { required: true }),
];
export const INVESTMENT_ITEM_FIELDS: FieldDef[] = [
  { name: "investment_type", label: "Investment account", kind: "select", required: true, options: INVESTMENT_TYPES },
  { name: "goal", label: "What it is for", kind: "text", maxLength: 200 },
  CAD("Amount per month", "amount", { required: true }),
];

/** Which group (tab) a saved item belongs to. */
export function savingsGroupOf(item: { category: string; subcategory?: string | null }): SavingsGroup {
  if (item.category === "investment") return "investments";
  return item.subcategory === "short-term" ? "short-term" : "emergency";
}

/** The fields of the settings forms that the web and the Expo app show alike (labels, kinds, bounds, hints, the
 * same choices): profile, income, budget, future plans, preferences, accounts, properties, goals, credit and the
 * household's members, with the small sums and conversions that go with them. `width` is the web's grid layout; the app lays fields out in
 * one column and ignores it. `settingsFields(t)` names them in one language; the constants below are the English
 * ones (the Expo app's, until its strings move to the catalogue). */
import type { Schemas } from "./api/client";
import { CAD, type FieldDef, type FormValues, type Option, provinceOptions, typedNumber } from "./form-kit";
import type { Locale } from "./i18n/locales";
import { msg, type MessageId, type Translate } from "./i18n/messages";
import { plainEnglish } from "./i18n/plain-english";
import { parseAmount } from "./i18n/parse-amount";

type MemberIn = Schemas["MemberIn"];
type Role = MemberIn["role"];

export interface HouseholdGroup {
  key: string;
  title: string;
  fields: FieldDef[];
}

/** The three groups of savings (tabs on the web): emergency fund, short-term savings, investments. */
export type SavingsGroup = "emergency" | "short-term" | "investments";

/** The API's defaults: what an empty field means, and what a new partner starts with. */
export const MEMBER_DEFAULTS = { cpp_start_age: 65, oas_start_age: 65, oas_residence_years: 40, pension_start_age: 65, pension_indexation: 1 };

/** Every settings field list, named in one language. */
export function settingsFields(t: Translate = plainEnglish) {
  const opts = (...pairs: [string, MessageId][]): Option[] => pairs.map(([value, id]) => ({ value, label: t(id) }));
  const perMonth = t("fields.hint.perMonth");

  const maritalStatus = opts(
    ["single", msg("fields.marital.single")], ["married", msg("fields.marital.married")], ["common-law", msg("fields.marital.commonLaw")],
    ["separated", msg("fields.marital.separated")], ["divorced", msg("fields.marital.divorced")], ["widowed", msg("fields.marital.widowed")],
  );

  const PROFILE_FIELDS: FieldDef[] = [
    { name: "first_name", label: t("fields.profile.firstName"), kind: "text", maxLength: 100 },
    { name: "last_name", label: t("fields.profile.lastName"), kind: "text", maxLength: 100 },
    { name: "age", label: t("fields.age"), kind: "age" },
    { name: "country", label: t("fields.profile.country"), kind: "text", maxLength: 100 },
    { name: "province", label: t("fields.province"), kind: "select", options: provinceOptions(t) },
    { name: "city", label: t("fields.profile.city"), kind: "text", maxLength: 100 },
    { name: "marital_status", label: t("fields.profile.maritalStatus"), kind: "select", options: maritalStatus },
    { name: "dependents", label: t("fields.profile.dependents"), kind: "int", min: 0, max: 30 },
    {
      name: "risk_tolerance", label: t("fields.profile.riskTolerance"), kind: "select",
      options: opts(["conservative", msg("fields.risk.conservative")], ["moderate", msg("fields.risk.moderate")], ["aggressive", msg("fields.risk.aggressive")]),
    },
    { name: "goals", label: t("fields.profile.fiMeaning"), kind: "textarea", maxLength: 5000, width: "full" },
  ];

  const INCOME_FIELDS: FieldDef[] = [
    CAD(t("fields.income.annualSalary"), "annual_salary", { hint: t("fields.hint.perYear") }),
    CAD(t("fields.income.monthlyTakeHome"), "monthly_take_home", { hint: t("fields.income.monthlyTakeHomeHint") }),
    CAD(t("fields.income.secondary"), "secondary_income", { hint: perMonth }),
    CAD(t("fields.income.sideHustle"), "side_hustle_income", { hint: perMonth }),
    CAD(t("fields.income.partner"), "partner_income", { hint: perMonth }),
    CAD(t("fields.income.other"), "other_income", { hint: t("fields.income.otherHint") }),
  ];

  const pct = (name: string, label: string, hint?: string): FieldDef => ({ name, label, kind: "percent", emptyAsZero: true, hint });
  /** Needs, wants, savings and investments: percentages of take-home pay that add up to 100. */
  const BUDGET_SPLIT_FIELDS: FieldDef[] = [
    pct("needs_percentage", t("fields.budget.needs"), t("fields.budget.needsHint")),
    pct("wants_percentage", t("fields.budget.wants"), t("fields.budget.wantsHint")),
    pct("savings_percentage", t("fields.budget.savings"), t("fields.budget.savingsHint")),
    pct("investments_percentage", t("fields.budget.investments"), t("fields.budget.investmentsHint")),
  ];
  /** Where savings and investments go: TFSA, RRSP, FHSA, non-registered, adding up to 100. */
  const BUDGET_ACCOUNT_FIELDS: FieldDef[] = [
    pct("tfsa_allocation", t("fields.account.tfsa")), pct("rrsp_allocation", t("fields.account.rrsp")),
    pct("fhsa_allocation", t("fields.account.fhsa")), pct("non_registered_allocation", t("fields.account.nonRegistered")),
  ];

  /** The income growth (one figure), then the dated plans, as many as the person adds. */
  const FUTURE_GROWTH_FIELDS: FieldDef[] = [
    { name: "income_growth_rate", label: t("fields.future.incomeGrowth"), kind: "rate", min: -100, max: 100, hint: t("fields.future.incomeGrowthHint") },
  ];
  const FUTURE_ITEM_KINDS = opts(
    ["spending", msg("fields.future.kind.spending")], ["income", msg("fields.future.kind.income")],
    ["income_target", msg("fields.future.kind.incomeTarget")], ["one_off", msg("fields.future.kind.oneOff")],
    ["pause_saving", msg("fields.future.kind.pauseSaving")],
  );
  const FUTURE_ITEM_FIELDS: FieldDef[] = [
    { name: "kind", label: t("fields.future.kind"), kind: "select", required: true, options: FUTURE_ITEM_KINDS },
    { name: "description", label: t("fields.future.description"), kind: "text", required: true, maxLength: 200, placeholder: t("fields.future.descriptionPlaceholder") },
    { name: "amount", label: t("fields.future.amount"), kind: "signed-money", emptyAsZero: true, hint: t("fields.future.amountHint") },
    { name: "start_date", label: t("fields.future.startDate"), kind: "date", required: true },
    { name: "end_date", label: t("fields.future.endDate"), kind: "date", hint: t("fields.future.endDateHint") },
    { name: "person", label: t("fields.future.person"), kind: "select", required: true, options: opts(["self", msg("fields.owner.self")], ["partner", msg("fields.owner.partner")]), hint: t("fields.future.personHint") },
    { name: "notes", label: t("fields.future.notes"), kind: "textarea", maxLength: 2000, width: "full" },
  ];

  const PREFERENCE_FIELDS: FieldDef[] = [
    { name: "retirement_age", label: t("fields.prefs.retirementAge"), kind: "age", required: true },
    { name: "investment_return_rate", label: t("fields.prefs.returnRate"), kind: "rate", min: -100, max: 100, required: true, hint: t("fields.prefs.returnRateHint") },
    { name: "fire_rule_multiplier", label: t("fields.prefs.multiplier"), kind: "number", min: 1, max: 100, required: true, hint: t("fields.prefs.multiplierHint") },
    { name: "max_projection_years", label: t("fields.prefs.projectionYears"), kind: "int", min: 1, max: 100, required: true },
    { name: "currency_code", label: t("fields.prefs.currency"), kind: "select", required: true, options: opts(["CAD", msg("fields.prefs.cad")], ["USD", msg("fields.prefs.usd")]) },
    // Each language is named in itself, as language menus do.
    { name: "locale", label: t("fields.prefs.language"), kind: "select", required: true, options: opts(["en-CA", msg("fields.prefs.english")], ["fr-CA", msg("fields.prefs.french")]) },
  ];

  const ACCOUNT_TYPES = opts(
    ["tfsa", msg("fields.account.tfsa")], ["rrsp", msg("fields.account.rrsp")], ["fhsa", msg("fields.account.fhsa")], ["non-registered", msg("fields.account.nonRegistered")],
    ["chequing", msg("fields.account.chequing")], ["savings", msg("fields.account.savings")], ["resp", msg("fields.account.resp")], ["lira", msg("fields.account.lira")],
    ["pension", msg("fields.account.pension")], ["other", msg("fields.other")],
  );
  const ACCOUNT_OWNERS = opts(["self", msg("fields.owner.self")], ["partner", msg("fields.owner.partner")], ["joint", msg("fields.owner.joint")]);
  const ACCOUNT_FIELDS: FieldDef[] = [
    { name: "account_name", label: t("fields.account.name"), kind: "text", required: true, maxLength: 200 },
    { name: "account_type", label: t("fields.account.type"), kind: "select", required: true, options: ACCOUNT_TYPES },
    { name: "balance", label: t("fields.account.balance"), kind: "signed-money", emptyAsZero: true, hint: t("fields.account.balanceHint") },
    { name: "owner", label: t("fields.account.owner"), kind: "select", required: true, options: ACCOUNT_OWNERS, hint: t("fields.account.ownerHint") },
    { name: "institution", label: t("fields.account.institution"), kind: "text", maxLength: 200 },
    { name: "account_number", label: t("fields.account.number"), kind: "text", maxLength: 64 },
    { name: "purpose", label: t("fields.account.purpose"), kind: "text", maxLength: 2000 },
  ];

  const PROPERTY_TYPES = opts(
    ["house", msg("fields.property.house")], ["condo", msg("fields.property.condo")], ["townhouse", msg("fields.property.townhouse")], ["cottage", msg("fields.property.cottage")],
    ["rental", msg("fields.property.rental")], ["land", msg("fields.property.land")], ["other", msg("fields.other")],
  );
  const PROPERTY_FIELDS: FieldDef[] = [
    { name: "type", label: t("fields.property.type"), kind: "select", required: true, options: PROPERTY_TYPES },
    { name: "description", label: t("fields.property.description"), kind: "text", maxLength: 2000, placeholder: t("fields.property.descriptionPlaceholder") },
    CAD(t("fields.property.marketValue"), "market_value", { emptyAsZero: true }),
    CAD(t("fields.property.purchasePrice"), "purchase_price", { emptyAsZero: true }),
    CAD(t("fields.property.mortgageBalance"), "mortgage_balance", { emptyAsZero: true }),
    { name: "mortgage_rate", label: t("fields.property.mortgageRate"), kind: "rate", min: 0, max: 100, hint: t("fields.property.mortgageRateHint") },
    CAD(t("fields.property.mortgagePayment"), "mortgage_payment", { hint: t("fields.property.mortgagePaymentHint") }),
    CAD(t("fields.property.rentalIncome"), "monthly_rental_income", { hint: t("fields.property.rentalIncomeHint") }),
  ];

  const GOAL_CATEGORIES = opts(
    ["emergency-fund", msg("fields.goal.emergencyFund")], ["retirement", msg("fields.goal.retirement")], ["home", msg("fields.goal.home")], ["debt-payoff", msg("fields.goal.debtPayoff")],
    ["education", msg("fields.goal.education")], ["travel", msg("fields.goal.travel")], ["other", msg("fields.other")],
  );
  const GOAL_FIELDS: FieldDef[] = [
    { name: "name", label: t("fields.goal.name"), kind: "text", required: true, maxLength: 200, placeholder: t("fields.goal.namePlaceholder") },
    { name: "category", label: t("fields.goal.category"), kind: "select", required: true, options: GOAL_CATEGORIES },
    CAD(t("fields.goal.target"), "target_amount", { emptyAsZero: true }),
    CAD(t("fields.goal.saved"), "current_amount", { emptyAsZero: true }),
    { name: "target_date", label: t("fields.goal.targetDate"), kind: "date" },
    {
      name: "priority", label: t("fields.goal.priority"), kind: "select", required: true,
      options: opts(["high", msg("fields.goal.high")], ["medium", msg("fields.goal.medium")], ["low", msg("fields.goal.low")]),
    },
    { name: "notes", label: t("fields.goal.notes"), kind: "textarea", maxLength: 5000, width: "full" },
  ];

  const rate = (name: string): FieldDef => ({ name, label: t("fields.credit.interestRate"), kind: "rate", min: 0, max: 100, hint: t("fields.credit.interestRateHint") });
  const CARD_FIELDS: FieldDef[] = [
    { name: "name", label: t("fields.credit.cardName"), kind: "text", required: true, maxLength: 200, placeholder: t("fields.credit.cardNamePlaceholder") },
    { name: "issuer", label: t("fields.credit.issuer"), kind: "text", maxLength: 200 },
    {
      name: "card_network", label: t("fields.credit.network"), kind: "select",
      options: [{ value: "visa", label: "Visa" }, { value: "mastercard", label: "Mastercard" }, { value: "amex", label: "American Express" }, { value: "other", label: t("fields.other") }],
    },
    { name: "card_type", label: t("fields.credit.cardType"), kind: "select", required: true, options: opts(["credit", msg("fields.credit.credit")], ["charge", msg("fields.credit.charge")]) },
    CAD(t("fields.credit.limit"), "credit_limit", { emptyAsZero: true }),
    CAD(t("fields.credit.balance"), "balance", { emptyAsZero: true }),
    rate("interest_rate"),
    CAD(t("fields.credit.annualFee"), "annual_fee", { emptyAsZero: true }),
    { name: "payment_due_day", label: t("fields.credit.dueDay"), kind: "int", min: 1, max: 31, hint: t("fields.credit.dueDayHint") },
  ];
  const LINE_FIELDS: FieldDef[] = [
    { name: "name", label: t("fields.credit.lineName"), kind: "text", required: true, maxLength: 200, placeholder: t("fields.credit.lineNamePlaceholder") },
    { name: "lender", label: t("fields.credit.lender"), kind: "text", maxLength: 200 },
    CAD(t("fields.credit.limit"), "credit_limit", { emptyAsZero: true }),
    CAD(t("fields.credit.balance"), "balance", { emptyAsZero: true }),
    rate("interest_rate"),
    { name: "secured", label: t("fields.credit.secured"), kind: "checkbox" },
  ];
  const SCORE_FIELDS: FieldDef[] = [
    { name: "credit_score", label: t("fields.credit.score"), kind: "credit-score", hint: t("fields.credit.scoreHint") },
    CAD(t("fields.credit.lineTotal"), "line_of_credit_amount", { emptyAsZero: true }),
    { name: "credit_card_types", label: t("fields.credit.cardTypes"), kind: "multi", options: opts(["credit", msg("fields.credit.creditCards")], ["charge", msg("fields.credit.chargeCards")]) },
    { name: "credit_account_linked", label: t("fields.credit.bureauLinked"), kind: "checkbox" },
  ];

  const memberGroups = (role: Role): HouseholdGroup[] => {
    const you = role === "self";
    return [
      {
        key: "about", title: t("fields.member.about"),
        fields: [
          { name: "name", label: t("fields.member.name"), kind: "text", maxLength: 100, hint: t(you ? "fields.member.nameHintSelf" : "fields.member.nameHintPartner") },
          { name: "birth_date", label: t("fields.member.birthDate"), kind: "date", hint: t(you ? "fields.member.birthDateHintSelf" : "fields.member.birthDateHintPartner") },
        ],
      },
      {
        key: "work", title: t("fields.member.work"),
        fields: [
          CAD(t("fields.member.employmentIncome"), "employment_income", { hint: t(you ? "fields.member.employmentIncomeHintSelf" : "fields.member.employmentIncomeHintPartner") }),
          { name: "retirement_age", label: t("fields.member.retirementAge"), kind: "age", hint: t("fields.member.retirementAgeHint") },
        ],
      },
      {
        key: "benefits", title: t("fields.member.benefits"),
        fields: [
          { name: "cpp_start_age", label: t("fields.member.cppStart"), kind: "number", min: 60, max: 70, placeholder: "65", hint: t("fields.member.cppStartHint") },
          CAD(t("fields.member.cppAt65"), "cpp_at_65", { hint: t(you ? "fields.member.cppAt65HintSelf" : "fields.member.cppAt65HintPartner") }),
          { name: "oas_start_age", label: t("fields.member.oasStart"), kind: "number", min: 65, max: 70, placeholder: "65", hint: t("fields.member.oasStartHint") },
          { name: "oas_residence_years", label: t("fields.member.oasYears"), kind: "int", min: 0, max: 70, placeholder: "40", hint: t("fields.member.oasYearsHint") },
        ],
      },
      {
        key: "pension", title: t("fields.member.pensionGroup"),
        fields: [
          CAD(t("fields.member.pension"), "pension", { hint: t("fields.member.pensionHint") }),
          { name: "pension_start_age", label: t("fields.member.pensionStart"), kind: "number", min: 40, max: 75, placeholder: "65", hint: t("fields.member.pensionStartHint") },
          { name: "pension_indexation", label: t("fields.member.indexation"), kind: "rate", min: 0, max: 100, placeholder: "100", hint: t("fields.member.indexationHint") },
        ],
      },
      {
        key: "planning", title: t("fields.member.planning"),
        fields: [{ name: "planned_death_age", label: t("fields.member.deathAge"), kind: "age", hint: t("fields.member.deathAgeHint") }],
      },
    ];
  };
  const HOUSEHOLD_GROUPS: Record<Role, HouseholdGroup[]> = { self: memberGroups("self"), partner: memberGroups("partner") };

  /** The one monthly saving question, asked in the same words by the onboarding wizard and the Savings settings. */
  const SAVING_LABEL = t("fields.savings.monthly");
  const SAVING_HINT = t("fields.savings.monthlyHint");
  const INVESTMENT_TYPES = opts(
    ["tfsa", msg("fields.account.tfsa")], ["rrsp", msg("fields.account.rrsp")], ["fhsa", msg("fields.account.fhsa")], ["non-registered", msg("fields.account.nonRegistered")],
    ["resp", msg("fields.account.resp")], ["pension", msg("fields.account.workplacePension")],
  );
  const DESTINATIONS = opts(
    ["high-interest-savings", msg("fields.savings.highInterest")], ["gic", msg("fields.savings.gic")], ["tfsa", msg("fields.account.tfsa")],
    ["fhsa", msg("fields.account.fhsa")], ["chequing", msg("fields.account.chequing")],
  );
  const SAVINGS_MONTHLY_FIELDS: FieldDef[] = [CAD(SAVING_LABEL, "monthly_savings", { hint: SAVING_HINT, width: "full" })];
  const SAVINGS_SUMMARY_BY_GROUP: Record<SavingsGroup, FieldDef[]> = {
    emergency: [CAD(t("fields.savings.emergency"), "emergency_fund", { hint: t("fields.savings.emergencyHint") })],
    "short-term": [
      CAD(t("fields.savings.shortTerm"), "short_term_savings"),
      { name: "savings_destinations", label: t("fields.savings.destinations"), kind: "multi", options: DESTINATIONS },
    ],
    investments: [{ name: "investment_types", label: t("fields.savings.investmentTypes"), kind: "multi", options: INVESTMENT_TYPES }],
  };
  const SAVINGS_DEBT_FIELDS: FieldDef[] = [CAD(t("fields.savings.otherDebts"), "debt_amount", { hint: t("fields.savings.otherDebtsHint"), width: "full" })];
  const purpose: FieldDef = { name: "goal", label: t("fields.savings.purpose"), kind: "text", maxLength: 200 };
  const itemAmount = CAD(t("fields.savings.itemAmount"), "amount", { required: true });

  return {
    PROFILE_FIELDS, INCOME_FIELDS, BUDGET_SPLIT_FIELDS, BUDGET_ACCOUNT_FIELDS, BUDGET_FIELDS: [...BUDGET_SPLIT_FIELDS, ...BUDGET_ACCOUNT_FIELDS],
    FUTURE_GROWTH_FIELDS, FUTURE_ITEM_KINDS, FUTURE_ITEM_FIELDS,
    PREFERENCE_FIELDS, ACCOUNT_TYPES, ACCOUNT_OWNERS, ACCOUNT_FIELDS, PROPERTY_TYPES, PROPERTY_FIELDS, GOAL_CATEGORIES, GOAL_FIELDS,
    CARD_FIELDS, LINE_FIELDS, SCORE_FIELDS, MARITAL_STATUSES: maritalStatus, HOUSEHOLD_GROUPS,
    HOUSEHOLD_FIELDS: { self: HOUSEHOLD_GROUPS.self.flatMap((g) => g.fields), partner: HOUSEHOLD_GROUPS.partner.flatMap((g) => g.fields) } as Record<Role, FieldDef[]>,
    SAVING_LABEL, SAVING_HINT, INVESTMENT_TYPES, SAVINGS_MONTHLY_FIELDS, SAVINGS_SUMMARY_BY_GROUP, SAVINGS_DEBT_FIELDS,
    SAVINGS_SUMMARY_FIELDS: [
      ...SAVINGS_MONTHLY_FIELDS, ...SAVINGS_SUMMARY_BY_GROUP.emergency, ...SAVINGS_SUMMARY_BY_GROUP["short-term"], ...SAVINGS_SUMMARY_BY_GROUP.investments,
      ...SAVINGS_DEBT_FIELDS,
    ],
    SAVING_ITEM_FIELDS: [purpose, itemAmount] as FieldDef[],
    INVESTMENT_ITEM_FIELDS: [
      { name: "investment_type", label: t("fields.savings.investmentAccount"), kind: "select", required: true, options: INVESTMENT_TYPES },
      purpose, itemAmount,
    ] as FieldDef[],
  };
}
export type SettingsFields = ReturnType<typeof settingsFields>;

/** The English field lists. */
export const {
  PROFILE_FIELDS, INCOME_FIELDS, BUDGET_SPLIT_FIELDS, BUDGET_ACCOUNT_FIELDS, BUDGET_FIELDS, FUTURE_GROWTH_FIELDS, FUTURE_ITEM_KINDS,
  FUTURE_ITEM_FIELDS, PREFERENCE_FIELDS, ACCOUNT_TYPES, ACCOUNT_OWNERS, ACCOUNT_FIELDS, PROPERTY_TYPES, PROPERTY_FIELDS,
  GOAL_CATEGORIES, GOAL_FIELDS, CARD_FIELDS, LINE_FIELDS, SCORE_FIELDS, HOUSEHOLD_GROUPS, HOUSEHOLD_FIELDS, SAVING_LABEL, SAVING_HINT,
  INVESTMENT_TYPES, SAVINGS_MONTHLY_FIELDS, SAVINGS_SUMMARY_BY_GROUP, SAVINGS_DEBT_FIELDS, SAVINGS_SUMMARY_FIELDS, SAVING_ITEM_FIELDS,
  INVESTMENT_ITEM_FIELDS,
} = settingsFields();

/** Spec section 9: take-home + secondary + side hustle + partner + other (annual salary excluded). */
export function totalMonthlyIncome(body: Record<string, unknown>): number {
  return ["monthly_take_home", "secondary_income", "side_hustle_income", "partner_income", "other_income"]
    .reduce((sum, k) => sum + (typeof body[k] === "number" ? (body[k] as number) : 0), 0);
}

/** What percentage fields add up to (text not yet a clear number counts as nothing). */
export function sumOf(values: FormValues, fields: FieldDef[], locale: Locale = "en-CA"): number {
  return fields.reduce((s, f) => {
    const r = parseAmount(String(values[f.name] ?? ""), locale);
    return s + (r.kind === "number" ? r.value : 0);
  }, 0);
}

/** One member's form values as the API's MemberIn: empty fields with an API default are sent as that default. */
export function memberBody(role: Role, values: Record<string, unknown>): MemberIn {
  const body: Record<string, unknown> = { ...values };
  for (const [name, value] of Object.entries(MEMBER_DEFAULTS)) if (body[name] === null || body[name] === undefined) body[name] = value;
  return { ...body, role } as MemberIn;
}

/** What the monthly items add up to (amounts not yet a number count as nothing). */
export function itemsTotal(rows: { values: Record<string, unknown> }[], locale: Locale = "en-CA"): number {
  const cents = rows.reduce((sum, r) => {
    const n = typeof r.values.amount === "string" ? typedNumber(r.values.amount, locale) : null;
    return sum + (n !== null && n > 0 ? Math.round(n * 100) : 0);
  }, 0);
  return cents / 100;
}

/** Which group (tab) a saved item belongs to. */
export function savingsGroupOf(item: { category: string; subcategory?: string | null }): SavingsGroup {
  if (item.category === "investment") return "investments";
  return item.subcategory === "short-term" ? "short-term" : "emergency";
}

/** The settings forms of the web's /settings, with the same titles; settings-form-screen.tsx gives each its form. */
export interface SettingsFormEntry {
  slug: string;
  title: string;
  summary: string;
}

export const SETTINGS_FORMS: SettingsFormEntry[] = [
  { slug: "profile", title: "Personal Profile", summary: "Name, age, province and retirement age." },
  { slug: "household", title: "Household", summary: "You and a partner: birth dates, pay, retirement, CPP, OAS and pensions." },
  { slug: "income", title: "Income Sources", summary: "Take-home pay, side income and partner income." },
  { slug: "expenses", title: "Monthly Expenses", summary: "Needs and wants, with rent or mortgage." },
  { slug: "budgeting", title: "Budget Planning", summary: "How your income is split between needs, wants and savings." },
  { slug: "savings", title: "Savings & Investments", summary: "Emergency fund, short-term savings and investments." },
  { slug: "accounts", title: "Bank Accounts", summary: "TFSA, RRSP, FHSA, non-registered and bank accounts." },
  { slug: "properties", title: "Properties", summary: "Homes and other real estate, with mortgages." },
  { slug: "goals", title: "Financial Goals", summary: "Targets with amounts and dates." },
  { slug: "future-plans", title: "Future Plans", summary: "Big changes ahead: children, moves, sabbaticals." },
  { slug: "credit", title: "Credit Management", summary: "Credit cards, lines of credit and your credit score." },
  { slug: "preferences", title: "Preferences", summary: "Currency, return assumptions, FIRE multiplier and accessibility." },
];

/** The /settings sections of spec section 2: path, title and summary, for the settings index and the placeholder of
 * a section not built yet. src/app/settings-pages.tsx gives each its page module. */

const sections: [string, string, string][] = [
  ["/settings/profile", "Personal Profile", "Name, age, province and retirement age."],
  ["/settings/household", "Household", "You and a partner: birth dates, pay, retirement, CPP, OAS and pensions."],
  ["/settings/income", "Income Sources", "Take-home pay, side income and partner income."],
  ["/settings/expenses", "Monthly Expenses", "Needs and wants, with rent or mortgage."],
  ["/settings/budgeting", "Budget Planning", "How your income is split between needs, wants and savings."],
  ["/settings/savings", "Savings & Investments", "Emergency fund, short-term savings and investments."],
  ["/settings/accounts", "Bank Accounts", "TFSA, RRSP, FHSA, non-registered and bank accounts."],
  ["/settings/properties", "Properties", "Homes and other real estate, with mortgages."],
  ["/settings/goals", "Financial Goals", "Targets with amounts and dates."],
  ["/settings/future-plans", "Future Plans", "Big changes ahead: children, moves, sabbaticals."],
  ["/settings/credit", "Credit Management", "Credit cards, lines of credit and your credit score."],
  ["/settings/preferences", "Preferences", "Currency, return assumptions, FIRE multiplier and accessibility."],
  ["/settings/about", "About", "About FIRE Path."],
  ["/settings/legal", "Legal", "Legal notices."],
  ["/settings/terms", "Terms", "Terms of use."],
  ["/settings/privacy", "Privacy", "How your data is handled."],
];

export const SETTINGS_SECTIONS = sections.map(([path, title, summary]) => ({ path, title, summary }));

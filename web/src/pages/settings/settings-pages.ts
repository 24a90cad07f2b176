/** The /settings routes of spec section 2. Sections not built yet load a placeholder; the settings work replaces
 * each `load` with its page module. */

export interface SettingsPage {
  path: string;
  title: string;
  summary: string;
  load: () => Promise<{ default: React.ComponentType }>;
}

const placeholder = () => import("@/pages/settings/settings-section-placeholder");

// Each settings page is its own lazy chunk.
const loaders: Record<string, SettingsPage["load"]> = {
  "/settings/profile": () => import("@/pages/settings/profile-settings-page"),
  "/settings/household": () => import("@/pages/settings/household-settings-page"),
  "/settings/income": () => import("@/pages/settings/income-settings-page"),
  "/settings/expenses": () => import("@/pages/settings/expenses-settings-page"),
  "/settings/budgeting": () => import("@/pages/settings/budgeting-settings-page"),
  "/settings/savings": () => import("@/pages/settings/savings-settings-page"),
  "/settings/accounts": () => import("@/pages/settings/accounts-settings-page"),
  "/settings/properties": () => import("@/pages/settings/properties-settings-page"),
  "/settings/goals": () => import("@/pages/settings/goals-settings-page"),
  "/settings/future-plans": () => import("@/pages/settings/future-plans-settings-page"),
  "/settings/credit": () => import("@/pages/settings/credit-settings-page"),
  "/settings/preferences": () => import("@/pages/settings/preferences-settings-page"),
  "/settings/about": () => import("@/pages/settings/settings-about-page"),
  "/settings/legal": () => import("@/pages/settings/settings-legal-page"),
  "/settings/terms": () => import("@/pages/settings/settings-terms-page"),
  "/settings/privacy": () => import("@/pages/settings/settings-privacy-page"),
};

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

export const SETTINGS_PAGES: SettingsPage[] = [
  { path: "/settings", title: "Settings", summary: "", load: () => import("@/pages/settings/settings-page") },
  ...sections.map(([path, title, summary]) => ({ path, title, summary, load: loaders[path] ?? placeholder })),
];

/** The /settings sections of spec section 2: path, title and summary (message ids), for the settings index and the
 * placeholder of a section not built yet. src/app/settings-pages.tsx gives each its page module. */
import { msg, type MessageId } from "@firepath/shared/i18n/messages";

const sections: [string, MessageId, MessageId][] = [
  ["/settings/profile", msg("settings.section.profile.title"), msg("settings.section.profile.summary")],
  ["/settings/household", msg("settings.section.household.title"), msg("settings.section.household.summary")],
  ["/settings/income", msg("settings.section.income.title"), msg("settings.section.income.summary")],
  ["/settings/expenses", msg("settings.section.expenses.title"), msg("settings.section.expenses.summary")],
  ["/settings/budgeting", msg("settings.section.budgeting.title"), msg("settings.section.budgeting.summary")],
  ["/settings/savings", msg("settings.section.savings.title"), msg("settings.section.savings.summary")],
  ["/settings/accounts", msg("settings.section.accounts.title"), msg("settings.section.accounts.summary")],
  ["/settings/properties", msg("settings.section.properties.title"), msg("settings.section.properties.summary")],
  ["/settings/goals", msg("settings.section.goals.title"), msg("settings.section.goals.summary")],
  ["/settings/future-plans", msg("settings.section.futurePlans.title"), msg("settings.section.futurePlans.summary")],
  ["/settings/credit", msg("settings.section.credit.title"), msg("settings.section.credit.summary")],
  ["/settings/preferences", msg("settings.section.preferences.title"), msg("settings.section.preferences.summary")],
  ["/settings/about", msg("settings.section.about.title"), msg("settings.section.about.summary")],
  ["/settings/legal", msg("settings.section.legal.title"), msg("settings.section.legal.summary")],
  ["/settings/terms", msg("settings.section.terms.title"), msg("settings.section.terms.summary")],
  ["/settings/privacy", msg("settings.section.privacy.title"), msg("settings.section.privacy.summary")],
];

export const SETTINGS_SECTIONS = sections.map(([path, title, summary]) => ({ path, title, summary }));

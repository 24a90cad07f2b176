/** The settings forms of the web's /settings, with the same titles and summaries (the web's catalogue ids, shown
 * with `t(form.title)`); settings-form-screen.tsx gives each its form. */
import { type MessageId, msg } from "@firepath/shared/i18n/messages";

export interface SettingsFormEntry {
  slug: string;
  title: MessageId;
  summary: MessageId;
}

export const SETTINGS_FORMS: SettingsFormEntry[] = [
  { slug: "profile", title: msg("settings.section.profile.title"), summary: msg("settings.section.profile.summary") },
  { slug: "household", title: msg("settings.section.household.title"), summary: msg("settings.section.household.summary") },
  { slug: "income", title: msg("settings.section.income.title"), summary: msg("settings.section.income.summary") },
  { slug: "expenses", title: msg("settings.section.expenses.title"), summary: msg("settings.section.expenses.summary") },
  { slug: "budgeting", title: msg("settings.section.budgeting.title"), summary: msg("settings.section.budgeting.summary") },
  { slug: "savings", title: msg("settings.section.savings.title"), summary: msg("settings.section.savings.summary") },
  { slug: "accounts", title: msg("settings.section.accounts.title"), summary: msg("settings.section.accounts.summary") },
  { slug: "properties", title: msg("settings.section.properties.title"), summary: msg("settings.section.properties.summary") },
  { slug: "goals", title: msg("settings.section.goals.title"), summary: msg("settings.section.goals.summary") },
  { slug: "future-plans", title: msg("settings.section.futurePlans.title"), summary: msg("settings.section.futurePlans.summary") },
  { slug: "credit", title: msg("settings.section.credit.title"), summary: msg("settings.section.credit.summary") },
  { slug: "preferences", title: msg("settings.section.preferences.title"), summary: msg("settings.section.preferences.summary") },
];

/** The knowledge base's categories named in the reader's language. The API sends each help topic's and article's
 * category as its English identifier (knowledge/content.py, the same in both languages, so filters and links never
 * change); the client names it. An identifier not listed here (a category added before its message) shows as sent. */
import { msg, type MessageId, type Translate } from "@firepath/shared/i18n/messages";

const NAMES: Record<string, MessageId> = {
  // Help Center topics
  "Getting Started": msg("components.help.category.gettingStarted"),
  "FIRE Basics": msg("components.help.category.fireBasics"),
  Budgeting: msg("components.help.category.budgeting"),
  Savings: msg("components.help.category.savings"),
  Investing: msg("components.help.category.investing"),
  Settings: msg("components.help.category.settings"),
  "Dashboard & Analysis": msg("components.help.category.dashboardAnalysis"),
  Calculators: msg("components.help.category.calculators"),
  "Tax & Accounts": msg("components.help.category.taxAccounts"),
  "AI Coach": msg("components.help.category.aiCoach"),
  Community: msg("components.help.category.community"),
  "Privacy & Account": msg("components.help.category.privacyAccount"),
  Accessibility: msg("components.help.category.accessibility"),
};

const ARTICLE_NAMES: Record<string, MessageId> = {
  "FIRE Fundamentals": msg("resources.category.fireFundamentals"),
  "Saving & Budgeting": msg("resources.category.savingBudgeting"),
  "Registered Accounts": msg("resources.category.registeredAccounts"),
  Investing: msg("resources.category.investing"),
  "Retirement Income": msg("resources.category.retirementIncome"),
  Tax: msg("resources.category.tax"),
  Housing: msg("resources.category.housing"),
  "Debt & Credit": msg("resources.category.debtCredit"),
};

/** A help topic's category in the reader's language. */
export function helpCategoryName(category: string, t: Translate): string {
  const id = NAMES[category];
  return id ? t(id) : category;
}

/** An article's category in the reader's language. */
export function articleCategoryName(category: string, t: Translate): string {
  const id = ARTICLE_NAMES[category];
  return id ? t(id) : category;
}

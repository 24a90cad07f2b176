/** The protected planning screens of spec section 2: path, title and summary (message ids). src/app/planning-pages.ts
 * gives each its page module; the "coming next" page, which the screens not built yet load, reads its title and
 * summary here. */
import { msg, type MessageId } from "@firepath/shared/i18n/messages";

export interface PlanningScreen {
  path: string;
  title: MessageId;
  summary: MessageId;
}

const entries: [string, MessageId, MessageId][] = [
  ["/fire-dashboard", msg("planning.fireDashboard.title"), msg("planning.fireDashboard.summary")],
  ["/analysis", msg("planning.analysis.title"), msg("planning.analysis.summary")],
  ["/progress", msg("planning.progress.title"), msg("planning.progress.summary")],
  ["/fire-report", msg("planning.fireReport.title"), msg("planning.fireReport.summary")],
  ["/ai-chatbot", msg("planning.aiChatbot.title"), msg("planning.aiChatbot.summary")],
  ["/ai-chat", msg("planning.aiChat.title"), msg("planning.aiChat.summary")],
  ["/fi-coach", msg("planning.fiCoach.title"), msg("planning.fiCoach.summary")],
  ["/calculators", msg("planning.calculators.title"), msg("planning.calculators.summary")],
  ["/educational-resources", msg("planning.educationalResources.title"), msg("planning.educationalResources.summary")],
  ["/resources", msg("planning.resources.title"), msg("planning.resources.summary")],
  ["/financial-strategies", msg("planning.financialStrategies.title"), msg("planning.financialStrategies.summary")],
  ["/strategies", msg("planning.strategies.title"), msg("planning.strategies.summary")],
  ["/tax-advice", msg("planning.taxAdvice.title"), msg("planning.taxAdvice.summary")],
  ["/tax", msg("planning.tax.title"), msg("planning.tax.summary")],
  ["/analytics", msg("planning.analytics.title"), msg("planning.analytics.summary")],
  ["/community", msg("planning.community.title"), msg("planning.community.summary")],
];

export const PLANNING_SCREENS: PlanningScreen[] = entries.map(([path, title, summary]) => ({ path, title, summary }));

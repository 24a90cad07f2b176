/** The protected planning routes of spec section 2 (their titles and summaries are in
 * src/pages/planning/planning-screens.ts). Each entry's `load` is the page module; pages not built yet (issue 9) load
 * the "coming next" page. This table loads every feature's page, so it lives in src/app, outside src/pages. */
import { msg } from "@firepath/shared/i18n/messages";
import { PLANNING_SCREENS, type PlanningScreen } from "@/pages/planning/planning-screens";

export interface PlanningPage extends PlanningScreen {
  load: () => Promise<{ default: React.ComponentType }>;
}

const comingNext = () => import("@/pages/planning/coming-next-page");

/** Pages built so far, by path; the others load the "coming next" page. */
const calculators = () => import("@/pages/calculators/calculators-page");
const taxAdvice = () => import("@/pages/tax/tax-page");
const strategies = () => import("@/pages/strategies/strategies-page");
const resources = () => import("@/pages/resources/resources-page");
const article = () => import("@/pages/resources/article-page");
const coach = () => import("@/pages/coach/coach-page");
const report = () => import("@/pages/report/report-page");
const built: Record<string, PlanningPage["load"]> = {
  "/fire-report": report,
  "/fire-dashboard": () => import("@/pages/dashboard/fire-dashboard-page"),
  "/analysis": () => import("@/pages/analysis/analysis-page"),
  "/progress": () => import("@/pages/progress/progress-page"),
  "/fi-coach": coach,
  "/ai-chatbot": coach,
  "/ai-chat": coach,
  "/calculators": calculators,
  "/tax-advice": taxAdvice,
  "/tax": taxAdvice,
  "/financial-strategies": strategies,
  "/strategies": strategies,
  "/educational-resources": resources,
  "/resources": resources,
  "/community": () => import("@/pages/community/community-page"),
  "/analytics": () => import("@/pages/analytics/analytics-page"),
};

export const PLANNING_PAGES: PlanningPage[] = [
  ...PLANNING_SCREENS.map((screen) => ({ ...screen, load: built[screen.path] ?? comingNext })),
  // One education article (and its related reading) under either resources path.
  { path: "/resources/:articleId", title: msg("planning.article.title"), summary: msg("planning.article.summary"), load: article },
  { path: "/educational-resources/:articleId", title: msg("planning.article.title"), summary: msg("planning.article.summary"), load: article },
];

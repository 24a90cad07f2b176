/** The protected planning routes of spec section 2. Each entry's `load` is the page module; pages not built yet
 * (issue 9) load the "coming next" page, which reads its title and summary from here. */

export interface PlanningPage {
  path: string;
  title: string;
  summary: string;
  load: () => Promise<{ default: React.ComponentType }>;
}

const comingNext = () => import("@/pages/planning/coming-next-page");

const entries: [string, string, string][] = [
  ["/fire-dashboard", "FIRE Dashboard", "Your FIRE number, years to financial independence, savings rate and net worth at a glance."],
  ["/analysis", "Analysis", "An overview of your finances, FIRE projections and optimisation ideas for your savings and taxes."],
  ["/progress", "Progress", "Track your net worth and goals month by month against your plan."],
  ["/fire-report", "FIRE Report", "A printable report of your plan: assumptions, projections and the steps that matter most."],
  ["/ai-chatbot", "AI Chatbot", "Ask questions about FIRE in Canada and about your own numbers."],
  ["/ai-chat", "AI Chat", "Ask questions about FIRE in Canada and about your own numbers."],
  ["/fi-coach", "FI Coach", "A coach that reads your saved data, runs the calculators and proposes changes for you to approve."],
  ["/calculators", "Calculators", "FIRE, mortgage and investment calculators with Canadian defaults."],
  ["/educational-resources", "Educational Resources", "Articles on TFSA, RRSP, FHSA, withdrawal rates and the FIRE variants."],
  ["/resources", "Resources", "Articles on TFSA, RRSP, FHSA, withdrawal rates and the FIRE variants."],
  ["/financial-strategies", "Financial Strategies", "FIRE methods, investment approaches and tax strategies compared."],
  ["/strategies", "Strategies", "FIRE methods, investment approaches and tax strategies compared."],
  ["/tax-advice", "Tax Advice", "Federal and provincial tax estimates, RRSP versus TFSA, and contribution room."],
  ["/tax", "Tax", "Federal and provincial tax estimates, RRSP versus TFSA, and contribution room."],
  ["/analytics", "Analytics", "Charts of your spending, savings and net worth over time."],
  ["/community", "Community", "Discuss FIRE with other Canadians: posts, comments and reactions."],
];

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
  ...entries.map(([path, title, summary]) => ({ path, title, summary, load: built[path] ?? comingNext })),
  // One education article (and its related reading) under either resources path.
  { path: "/resources/:articleId", title: "Article", summary: "An education article.", load: article },
  { path: "/educational-resources/:articleId", title: "Article", summary: "An education article.", load: article },
];

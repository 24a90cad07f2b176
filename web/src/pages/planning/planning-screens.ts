/** The protected planning screens of spec section 2: path, title and summary. src/app/planning-pages.ts gives each
 * its page module; the "coming next" page, which the screens not built yet load, reads its title and summary here. */

export interface PlanningScreen {
  path: string;
  title: string;
  summary: string;
}

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

export const PLANNING_SCREENS: PlanningScreen[] = entries.map(([path, title, summary]) => ({ path, title, summary }));

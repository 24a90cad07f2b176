/** The French (Canada) catalogue: every namespace file of ./fr-CA merged. Typed as a whole catalogue, so a message
 * missing here does not compile; the web loads this module on demand (a dynamic import). */
import type { EN_CA_APP } from "./en-CA";
import type { Catalogue } from "./messages";
import admin from "./fr-CA/admin.json";
import analytics from "./fr-CA/analytics.json";
import auth from "./fr-CA/auth.json";
import calculators from "./fr-CA/calculators.json";
import canada from "./fr-CA/canada.json";
import coach from "./fr-CA/coach.json";
import community from "./fr-CA/community.json";
import components from "./fr-CA/components.json";
import dashboard from "./fr-CA/dashboard.json";
import fields from "./fr-CA/fields.json";
import landing from "./fr-CA/landing.json";
import nav from "./fr-CA/nav.json";
import onboarding from "./fr-CA/onboarding.json";
import planning from "./fr-CA/planning.json";
import progress from "./fr-CA/progress.json";
import publicMessages from "./fr-CA/public.json";
import report from "./fr-CA/report.json";
import resources from "./fr-CA/resources.json";
import settings from "./fr-CA/settings.json";
import shell from "./fr-CA/shell.json";
import strategies from "./fr-CA/strategies.json";
import tax from "./fr-CA/tax.json";
import validation from "./fr-CA/validation.json";
// The Expo app's own messages, typed from the English ones so none is missing.
import app from "./fr-CA/app.json";
// The analysis page's messages (./fr-CA/analysis.json) are not here: that page loads them when it is shown in French
// (web/src/pages/analysis/analysis-i18n.tsx), so the French catalogue stays the size it was.

export const FR_CA: Catalogue = { ...admin, ...analytics, ...auth, ...calculators, ...canada, ...coach, ...community, ...components, ...dashboard, ...fields, ...landing, ...nav, ...onboarding, ...planning, ...progress, ...publicMessages, ...report, ...resources, ...settings, ...shell, ...strategies, ...tax, ...validation };

export const FR_CA_APP: Record<keyof typeof EN_CA_APP, string> = app;

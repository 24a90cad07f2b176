/** The English catalogue: every namespace file of ./en-CA merged. Its keys are the message ids (`MessageId`); the
 * web bundles it, since most visits are in English and every message falls back to it. */
import admin from "./en-CA/admin.json";
import analytics from "./en-CA/analytics.json";
import auth from "./en-CA/auth.json";
import calculators from "./en-CA/calculators.json";
import canada from "./en-CA/canada.json";
import coach from "./en-CA/coach.json";
import community from "./en-CA/community.json";
import components from "./en-CA/components.json";
import dashboard from "./en-CA/dashboard.json";
import fields from "./en-CA/fields.json";
import landing from "./en-CA/landing.json";
import nav from "./en-CA/nav.json";
import onboarding from "./en-CA/onboarding.json";
import planning from "./en-CA/planning.json";
import progress from "./en-CA/progress.json";
import publicMessages from "./en-CA/public.json";
import report from "./en-CA/report.json";
import resources from "./en-CA/resources.json";
import settings from "./en-CA/settings.json";
import shell from "./en-CA/shell.json";
import strategies from "./en-CA/strategies.json";
import tax from "./en-CA/tax.json";
import validation from "./en-CA/validation.json";
// The Expo app's own messages: not in EN_CA (the web's bundle does not carry them); the app merges both.
import app from "./en-CA/app.json";
// The analysis page's messages (./en-CA/analysis.json) are not in EN_CA either: with them the web's first load would
// pass its budget, so that page's own chunk imports the file (web/src/pages/analysis/analysis-i18n.tsx).

export const EN_CA = { ...admin, ...analytics, ...auth, ...calculators, ...canada, ...coach, ...community, ...components, ...dashboard, ...fields, ...landing, ...nav, ...onboarding, ...planning, ...progress, ...publicMessages, ...report, ...resources, ...settings, ...shell, ...strategies, ...tax, ...validation };

export const EN_CA_APP = app;

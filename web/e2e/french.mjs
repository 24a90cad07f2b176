#!/usr/bin/env node
// End-to-end run of FIRE Path in Canadian French (issue 22) in Debian's chromium against a running `firepath serve`
// that asks new accounts to confirm their e-mail (tests/web/test_e2e_french.py starts one). The browser's language is
// fr-CA, so the first visit follows it: nothing is switched by hand.
//   E2E_BASE_URL   the server (required)
//   E2E_DATA_DIR   the server's DATA_DIR, to read the confirmation e-mail from its outbox (required)
//   E2E_OUT_DIR    where screenshots, the PDF and report.json go (default .artifacts/e2e-french/<timestamp>)
//   CHROMIUM       browser binary (default /usr/bin/chromium)
// A new user signs up in French and confirms through the link of a French e-mail; goes through the wizard typing
// amounts as a French Canadian does ("5 800,50"); the dashboard shows the FI date and FIRE number of GET
// /api/v1/plan/summary formatted in fr-CA ("août 2041", "1 050 000 $"); the Preferences form refuses an ambiguous
// "12,500" with the French message, saves "12,5" as the fraction 0.125 and shows "12,5" again after a reload; help
// search finds the contribution-room topic from "CELI plafond" and from an English query, and shows it in French; the
// FIRE report and its PDF are in French. Texts are the fr-CA catalogue's (packages/shared/src/i18n/fr-CA), read here.
// axe-core (no serious or critical violation) and screenshots at 1280 and 390 px (light and dark) on every screen.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, outDir, report, step, check, axe, capture, watch, failed: onFailure, finish } =
  harness("french", { required: ["E2E_DATA_DIR"], report: { figures: {} }, settleLoading: true });
const dataDir = env.E2E_DATA_DIR;

// --- the catalogues: every French text this run looks for is the one the client ships -------------------------------
const I18N = join(import.meta.dirname, "..", "..", "packages", "shared", "src", "i18n");
const catalogue = (locale) => Object.assign({}, ...readdirSync(join(I18N, locale)).filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(I18N, locale, f), "utf8"))));
const FR = catalogue("fr-CA");
const EN = catalogue("en-CA");
/** The French of message `id` (with `{name}` placeholders filled): it must exist and differ from the English. */
function fr(id, values = {}) {
  check(typeof FR[id] === "string", `fr-CA catalogue has ${id}`);
  return FR[id].replace(/\{(\w+)\}/g, (_, k) => String(values[k] ?? `{${k}}`));
}
const french = (id, values) => {
  const text = fr(id, values);
  check(text !== EN[id], `${id} is translated ("${text}")`);
  return text;
};

// --- fr-CA formatting, as the browser's Intl writes it (the client formats with it) ----------------------------------
const nbsp = (s) => s.replace(/[\u00a0\u202f]/g, " ");
const dollars = (n) => new Intl.NumberFormat("fr-CA", { style: "currency", currency: "CAD", minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(n);
const month = (iso) => new Intl.DateTimeFormat("fr-CA", { month: "long", year: "numeric" }).format(new Date(`${iso.slice(0, 10)}T00:00:00`));
const FRENCH_MONTHS = /^(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}$/;
const FRENCH_DOLLARS = /^\d{1,3}( \d{3})* \$$/;

// --- the outbox: the confirmation e-mail, decoded -------------------------------------------------------------------
function newestMail(after) {
  const outbox = join(dataDir, "outbox");
  if (!existsSync(outbox)) return null;
  const files = readdirSync(outbox).map((f) => join(outbox, f)).filter((f) => statSync(f).mtimeMs >= after)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files[0] ? readFileSync(files[0], "utf8") : null;
}

/** The e-mail's headers (unfolded) and its text part, decoded from quoted-printable or base64. */
function readMail(raw) {
  const [head] = raw.split(/\r?\n\r?\n/);
  const headers = Object.fromEntries(head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/).map((l) => {
    const i = l.indexOf(":");
    return [l.slice(0, i).toLowerCase(), l.slice(i + 1).trim()];
  }));
  const part = raw.split(/\r?\n--/).find((p) => /Content-Type: text\/plain/i.test(p)) ?? raw;
  const body = part.split(/\r?\n\r?\n/).slice(1).join("\n\n");
  const cte = /Content-Transfer-Encoding: *([\w-]+)/i.exec(part)?.[1]?.toLowerCase();
  const text = cte === "base64" ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
    : cte === "quoted-printable" ? Buffer.from(body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(parseInt(h, 16))), "latin1").toString("utf8")
      : body;
  return { headers, text };
}

/** GET an API path with the page's session (the access token the auth client keeps), as the client asks: in French. */
async function apiGet(page, path) {
  return page.evaluate(async (p) => {
    const stored = JSON.parse(localStorage.getItem("fire-path-auth") ?? "null");
    const token = stored?.access_token ?? stored?.currentSession?.access_token;
    const response = await fetch(p, { headers: { Authorization: `Bearer ${token}`, "Accept-Language": "fr-CA" } });
    return { status: response.status, language: response.headers.get("content-language"), body: await response.json() };
  }, path);
}

/** The current state at both widths in the current theme, with axe-core (for states a URL cannot reach). */
async function shoot(page, name) {
  for (const [vpName, vp] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(vp);
    await page.waitForTimeout(150);
    const file = join(outDir, `${name}-${vpName}.png`);
    await page.screenshot({ path: file, fullPage: true });
    report.screenshots.push(file);
    await axe(page, `${name} ${vpName}`);
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** The whole page is French: `<html lang>` and the header's switch, which names English in English. */
async function pageIsFrench(page, where) {
  const lang = await page.evaluate(() => document.documentElement.lang);
  check(lang === "fr-CA", `${where}: <html lang> is fr-CA (got "${lang}")`);
}

/** A field's label, exactly, with or without the required mark (" *", hidden from screen readers). */
const labelled = (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`);

async function fillStep(page, key, values) {
  const card = page.getByTestId(`wizard-step-${key}`);
  await card.waitFor();
  for (const [id, value] of Object.entries(values)) {
    const field = card.getByLabel(labelled(fr(id)));
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
  return card;
}

async function continueFrom(page, card, next) {
  await card.getByRole("button", { name: french(next === null ? "onboarding.wizard.finish" : "onboarding.wizard.saveAndContinue") }).click();
  if (next) await page.getByTestId(`wizard-step-${next}`).waitFor();
}

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "fr-CA", acceptDownloads: true });
  page = await context.newPage();
  watch(page);
  const email = `francais-${Date.now()}@example.com`;
  const password = "mot-de-passe-fr-1";
  let summary;

  await step("first visit in a French browser: the landing and sign-up pages are in French", async () => {
    await page.goto(`${base}/`);
    await page.getByRole("link", { name: french("landing.landing.startYourFreePlan") }).first().waitFor();
    await pageIsFrench(page, "/");
    const h1 = await page.getByRole("heading", { level: 1 }).innerText();
    check(h1.replace(/\s+/g, " ") === fr("landing.headline").replace(/<\/?em>/g, ""), `the landing's heading is French: "${h1}"`);
    check((await page.getByTestId("language-switch").innerText()).trim() === "English", "the switch offers English");
    await capture(page, "landing", "/", { text: fr("landing.landing.startYourFreePlan") });
    await capture(page, "signup", "/signup", (p) => p.getByRole("heading", { name: french("auth.signup.createYourAccount") }));
  });

  await step("sign-up in French: the confirmation e-mail is French and its link opens the wizard", async () => {
    const before = Date.now() - 1000;
    await page.goto(`${base}/`);
    // The A/B assignments are kept in localStorage: pin this visitor's onboarding flow and dashboard layout.
    await page.evaluate(() => {
      localStorage.setItem("fire-path-ab-onboarding-flow", "standard");
      localStorage.setItem("fire-path-ab-dashboard-layout", "original");
    });
    await page.goto(`${base}/signup`);
    await page.getByLabel(french("auth.field.email"), { exact: true }).fill(email);
    // A password too short is refused in French, by its field.
    await page.getByLabel(french("auth.field.password"), { exact: true }).fill("court");
    await page.getByLabel(french("auth.field.confirmPassword"), { exact: true }).fill("court");
    await page.getByRole("button", { name: french("auth.signup.createAccount") }).click();
    await page.getByText(french("validation.passwordLength", { min: 8 })).waitFor();
    await page.getByLabel(french("auth.field.password"), { exact: true }).fill(password);
    await page.getByLabel(french("auth.field.confirmPassword"), { exact: true }).fill(password);
    await page.getByRole("button", { name: french("auth.signup.createAccount") }).click();
    await page.getByRole("heading", { name: french("auth.signup.checkYourEmail") }).first().waitFor();
    await page.getByText(french("auth.signup.weSentAConfirmation", { email })).waitFor();
    await shoot(page, "signup-check-email");
    let raw = null;
    for (let i = 0; i < 100 && !raw; i++) {
      raw = newestMail(before);
      if (!raw) await page.waitForTimeout(200);
    }
    check(raw, "a confirmation e-mail was written to the outbox");
    writeFileSync(join(outDir, "confirmation.eml"), raw);
    const mail = readMail(raw);
    check(mail.headers["content-language"] === "fr-CA", `the e-mail's Content-Language is fr-CA (${mail.headers["content-language"]})`);
    check(mail.headers.subject === "Confirmez votre compte FIRE Path", `the subject is French: ${mail.headers.subject}`);
    check(mail.text.includes("Confirmez votre adresse courriel"), `the text is French: ${mail.text.slice(0, 120)}`);
    const link = /https?:\/\/[^\s"<>]+/.exec(mail.text)?.[0];
    check(link, "the e-mail holds a link");
    await page.goto(link);
    // The auth client reads the session from the link's redirect and clears the fragment (an empty "#" may stay).
    await page.waitForURL((url) => url.pathname === "/onboarding/wizard", { timeout: 20000 });
    await page.getByTestId("wizard-step-profile").waitFor({ timeout: 20000 });
    const prefs = await apiGet(page, "/api/v1/preferences");
    check(prefs.body.locale === "fr-CA", `signing up in French saved the account's language (${prefs.body.locale})`);
  });

  await step("wizard in French with amounts typed the French way (5 800,50), finished", async () => {
    const wizard = page.getByTestId("onboarding-wizard");
    await wizard.waitFor();
    await page.getByTestId("wizard-step-count").getByText(french("onboarding.wizard.stepOf", { step: 1, total: 6 })).waitFor();
    await page.getByRole("heading", { name: french("onboarding.steps.aboutYou") }).waitFor();
    await pageIsFrench(page, "/onboarding/wizard");
    await capture(page, "wizard", "/onboarding/wizard", (p) => p.getByTestId("wizard-step-profile"));
    // An amount that could mean two things is refused in French before anything is sent.
    let card = await fillStep(page, "profile", { "onboarding.steps.firstName": "Émilie", "onboarding.steps.age": "32",
      "onboarding.steps.provinceOrTerritory": "QC", "onboarding.steps.household": "single" });
    check((await card.getByLabel(labelled(fr("onboarding.steps.provinceOrTerritory"))).locator("option:checked").innerText()) === "Québec",
      "the province is named in French");
    await continueFrom(page, card, "income");
    card = await fillStep(page, "income", { "onboarding.steps.takeHomePayPer": "5 800,50", "onboarding.steps.salaryPerYearBefore": "1,234" });
    await card.getByRole("button", { name: french("onboarding.wizard.saveAndContinue") }).click();
    await card.getByText(french("validation.separators", { field: fr("onboarding.steps.salaryPerYearBefore") })).waitFor();
    card = await fillStep(page, "income", { "onboarding.steps.salaryPerYearBefore": "92 000" });
    await continueFrom(page, card, "expenses");
    card = await fillStep(page, "expenses", { "onboarding.steps.rentOrMortgagePayment": "1 650", "onboarding.steps.groceries": "612,40",
      "onboarding.steps.transportation": "250", "onboarding.steps.utilitiesAndPhone": "187,60", "onboarding.steps.everythingElseWants": "700" });
    await continueFrom(page, card, "savings");
    card = await fillStep(page, "savings", { "onboarding.steps.emergencyFund": "15 000", "fields.savings.monthly": "2 000",
      "onboarding.steps.debtExcludingMortgage": "0" });
    await continueFrom(page, card, "goals");
    card = await fillStep(page, "goals", { "onboarding.steps.goalName": fr("onboarding.steps.financialIndependence"),
      "onboarding.steps.goalType": "retirement", "onboarding.steps.targetAmount": "1 050 000", "onboarding.steps.targetDate": "2045-01-01" });
    await continueFrom(page, card, "preferences");
    card = page.getByTestId("wizard-step-preferences");
    card = await fillStep(page, "preferences", { "onboarding.steps.targetRetirementAge": "55", "onboarding.steps.expectedYearlyReturn": "5,5" });
    await continueFrom(page, card, null);
    await page.waitForURL(`${base}/fire-dashboard`);
    const income = (await apiGet(page, "/api/v1/income")).body;
    check(Number(income.monthly_take_home) === 5800.5 && Number(income.annual_salary) === 92000, `income ${JSON.stringify(income)}`);
    const expenses = (await apiGet(page, "/api/v1/expenses")).body;
    const byCategory = Object.fromEntries(expenses.items.map((i) => [i.category, Number(i.amount)]));
    // a French reader's new lines are named in French
    check(Number(expenses.rent_mortgage) === 1650 && byCategory["Épicerie"] === 612.4 && byCategory["Services publics"] === 187.6,
      `expenses ${JSON.stringify(expenses)}`);
    const savings = (await apiGet(page, "/api/v1/savings/summary")).body;
    check(Number(savings.emergency_fund) === 15000 && Number(savings.monthly_savings) === 2000, `savings ${JSON.stringify(savings)}`);
    const prefs = (await apiGet(page, "/api/v1/preferences")).body;
    check(prefs.retirement_age === 55 && Number(prefs.investment_return_rate) === 0.055, `preferences ${JSON.stringify(prefs)}`);
  });

  await step("dashboard in French: the FI date and FIRE number are the plan summary's, in fr-CA", async () => {
    const answer = await apiGet(page, "/api/v1/plan/summary");
    summary = answer.body;
    check(answer.language === "fr-CA", `the summary is said in French (Content-Language ${answer.language})`);
    check(summary.fi_date && summary.fire_number, `the new household reaches FI (${summary.headline})`);
    report.figures.api = { fi_date: summary.fi_date, fire_number: summary.fire_number, headline: summary.headline };
    await page.goto(`${base}/fire-dashboard`);
    await page.getByRole("heading", { name: french("dashboard.fireDashboard.fireDashboard"), level: 1 }).waitFor();
    await pageIsFrench(page, "/fire-dashboard");
    const fi = (await page.getByTestId("fi-date").innerText()).trim();
    check(fi === month(summary.fi_date) && FRENCH_MONTHS.test(fi), `FI date "${fi}" = API ${summary.fi_date} in fr-CA ("${month(summary.fi_date)}")`);
    const fire = (await page.getByTestId("fire-number").innerText()).trim();
    check(fire === dollars(summary.fire_number) && FRENCH_DOLLARS.test(nbsp(fire)), `FIRE number "${fire}" = API ${summary.fire_number} in fr-CA`);
    const thumb = await page.getByTestId("rule-of-thumb").innerText();
    check(thumb.includes(dollars(summary.rule_of_thumb)) && thumb.includes("règle empirique"), `rule of thumb in French: ${thumb}`);
    check((await page.getByTestId("plan-headline").innerText()) === summary.headline, "the plan's headline, the API's French one");
    check(/indépendan/i.test(summary.headline), `the API's headline is French: ${summary.headline}`);
    const card = await page.getByTestId("fire-number-card").innerText();
    check(card.includes(fr("dashboard.fireDashboard.fireNumber")), "the card is titled in French");
    report.figures.dashboard = { fi_date: fi, fire_number: fire };
    await capture(page, "dashboard", "/fire-dashboard", (p) => p.getByTestId("dashboard-plan-chart").locator("svg.recharts-surface"));
  });

  await step("settings save with 12,5: refused when ambiguous, saved as 0.125, shown as 12,5 after a reload", async () => {
    const label = fr("fields.prefs.returnRate");
    await page.goto(`${base}/settings/preferences`);
    await page.getByRole("heading", { name: french("settings.preferences.planningAssumptions") }).waitFor();
    const field = page.getByLabel(labelled(label));
    check((await field.inputValue()) === "5,5", `the wizard's 5.5% shows with a decimal comma (got "${await field.inputValue()}")`);
    await field.fill("12,500");
    await page.getByRole("button", { name: french("settings.preferences.savePreferences") }).click();
    const message = french("validation.separators", { field: label });
    await page.getByText(message).waitFor();
    check((await field.getAttribute("aria-invalid")) === "true", "the ambiguous rate is marked invalid");
    check(await field.evaluate((el) => el === document.activeElement), "focus moves to it");
    await shoot(page, "settings-preferences-ambiguous");
    check(Number((await apiGet(page, "/api/v1/preferences")).body.investment_return_rate) === 0.055, "nothing was saved");
    await field.fill("12,5");
    await page.getByRole("button", { name: french("settings.preferences.savePreferences") }).click();
    await page.locator("[data-sonner-toast]").getByText(french("settings.preferences.preferencesSavedSuccessfully"), { exact: true }).first().waitFor({ timeout: 15000 });
    const saved = (await apiGet(page, "/api/v1/preferences")).body;
    check(Number(saved.investment_return_rate) === 0.125, `the API holds the fraction 0.125 (got ${saved.investment_return_rate})`);
    check(saved.locale === "fr-CA", "the form kept the language");
    await page.reload();
    const again = page.getByLabel(labelled(label));
    await again.waitFor();
    check((await again.inputValue()) === "12,5", `after a reload the field shows 12,5 (got "${await again.inputValue()}")`);
    await capture(page, "settings-preferences", "/settings/preferences", (p) => p.getByLabel(labelled(label)));
  });

  // The topic the queries should find, as its French file names it.
  const topicFile = readFileSync(join(import.meta.dirname, "..", "..", "knowledge", "content", "fr", "help", "registered-account-room.md"), "utf8");
  const topicTitle = /^title: (.+)$/m.exec(topicFile)[1].trim();
  const openHelp = async (p) => {
    await p.getByRole("button", { name: french("components.helpButton.openHelpCenter") }).click();
    const panel = p.getByRole("dialog", { name: french("components.helpPanel.helpCenter") });
    await panel.waitFor();
    return panel;
  };
  /** Opens the Help Center and searches `query`; waits for the panel to show this query's answer (the previous
   * query's results stay on screen while the next loads). */
  const search = async (p, query) => {
    const panel = await openHelp(p);
    const answered = p.waitForResponse((r) => r.url().includes("/api/v1/help/search") && new URL(r.url()).searchParams.get("q") === query,
      { timeout: 30000 });
    await panel.getByPlaceholder(french("components.helpPanel.searchHelpTopics2")).fill(query);
    const answer = await (await answered).json();
    const first = (answer.results ?? answer)[0]?.title;
    check(first, `"${query}" finds something`);
    const results = panel.getByTestId("help-search-results");
    await results.locator(":scope > li").first().getByText(first, { exact: true }).waitFor({ timeout: 20000 });
    return { panel, results };
  };

  await step("help search in French: \"CELI plafond\" finds the contribution-room topic, an English query too", async () => {
    await page.goto(`${base}/fire-dashboard`);
    const { panel, results } = await search(page, "CELI plafond");
    // Ranking is the knowledge base's business (evals/retrieval): here the topic is among the results the panel
    // shows, and what comes first is about the CELI, in French.
    const titles = await results.locator(":scope > li > :first-child > span:first-child").allTextContents();
    const at = titles.indexOf(topicTitle);
    check(at >= 0 && at < 10, `"CELI plafond" finds « ${topicTitle} » in the first ten (at ${at}): ${titles.slice(0, 10).join(" | ")}`);
    check(/CELI/.test(titles[0]) && !/TFSA/.test(titles[0]), `the first result is about the CELI, titled in French: ${titles[0]}`);
    report.figures.help = { "CELI plafond": titles.slice(0, 10) };
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    const english = await search(page, "TFSA contribution limit");
    const shown = await english.results.locator(":scope > li > :first-child > span:first-child").allTextContents();
    check(shown.slice(0, 3).includes(topicTitle), `"TFSA contribution limit" finds it too, titled in French: ${shown.slice(0, 3).join(" | ")}`);
    report.figures.help["TFSA contribution limit"] = shown.slice(0, 10);
    await english.results.getByRole("button", { name: topicTitle }).first().click();
    await english.panel.getByRole("button", { name: french("components.helpPanel.backToTopics") }).waitFor();
    check((await english.panel.locator("#help-topic-title").innerText()) === topicTitle, "the topic opens with its French title");
    const text = await english.panel.locator("article").innerText();
    check(text.includes("Le plafond annuel est de"), "the topic's text is the French one");
    check(text.includes(french("components.help.category.taxAccounts")), "its category is named in French");
    await page.keyboard.press("Escape");
    await capture(page, "help-search", "/fire-dashboard", { text: fr("dashboard.fireDashboard.fireDashboard") }, async (p) => {
      await search(p, "CELI plafond");
    });
    await capture(page, "help-topic", "/fire-dashboard", { text: fr("dashboard.fireDashboard.fireDashboard") }, async (p) => {
      const { panel, results } = await search(p, "CELI plafond");
      await results.getByRole("button", { name: topicTitle }).first().click();
      await panel.locator("#help-topic-title").waitFor();
    });
  });

  await step("the FIRE report in French, and its PDF", async () => {
    summary = (await apiGet(page, "/api/v1/plan/summary")).body; // after the 12,5 % return
    check(summary.fi_date, "the plan still reaches FI");
    await page.goto(`${base}/fire-report`);
    await page.getByRole("heading", { name: french("report.report.fireReport"), level: 1 }).waitFor();
    await pageIsFrench(page, "/fire-report");
    const fi = (await page.getByTestId("report-fi-date").innerText()).trim();
    const fire = (await page.getByTestId("report-fire-number").innerText()).trim();
    check(fi === month(summary.fi_date) && FRENCH_MONTHS.test(fi), `report FI date "${fi}" = API ${summary.fi_date}`);
    check(fire === dollars(summary.fire_number), `report FIRE number "${fire}" = API ${dollars(summary.fire_number)}`);
    check((await page.getByTestId("report-headline").innerText()).trim() === summary.headline, "the report's headline is the API's French one");
    await page.getByRole("heading", { name: french("report.report.assumptions") }).waitFor();
    const chart = page.getByTestId("report-chart");
    await chart.locator("svg").first().waitFor({ timeout: 20000 });
    await chart.getByText(french("report.reportChart.fi", { date: fi })).waitFor();
    const legend = await chart.locator(".recharts-legend-wrapper").innerText();
    check(legend.includes(french("report.model.netWorth")) && legend.includes(french("report.model.investable")), `the chart's key is French: ${legend}`);
    const tick = chart.locator(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value");
    await tick.nth(1).waitFor();
    const ticks = await tick.allTextContents();
    check(ticks.length > 1 && ticks.every((v) => /^[\d,]+(\s\S+)?\s\$$/.test(nbsp(v))), `the chart's axis is in fr-CA ("1,2 M $"): ${ticks}`);
    // What the plan lacks is said once, in French (the summary's list), not again in English.
    if (summary.missing.length) {
      const lacking = await page.getByTestId("report-missing").locator("li").allTextContents();
      check(JSON.stringify(lacking) === JSON.stringify(summary.missing), `the missing list is the summary's: ${JSON.stringify(lacking)}`);
    }
    report.figures.report = { fi_date: fi, fire_number: fire };
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 60000 }),
      page.getByRole("button", { name: french("report.report.downloadPdf") }).click()]);
    const file = join(outDir, "fire-report.pdf");
    await download.saveAs(file);
    const pdf = readFileSync(file).toString("latin1");
    check(pdf.startsWith("%PDF-"), "a PDF");
    check(/\/Lang \(fr-CA\)/.test(pdf), "the PDF says it is in fr-CA (/Lang)");
    for (const words of [fr("report.pdf.title"), fr("report.pdf.independentIn", { fiDate: fi }), nbsp(fire), fr("report.pdf.keyFigures")]) {
      check(pdf.includes(words), `the PDF holds "${words}"`);
    }
    report.pdf = { file, bytes: statSync(file).size };
    await capture(page, "report", "/fire-report", (p) => p.getByTestId("report-chart").locator("svg"));
  });
} catch (error) {
  failed = true;
  await onFailure(error, { page });
} finally {
  await browser.close();
}
finish(failed, [`figures: ${JSON.stringify(report.figures)}`]);

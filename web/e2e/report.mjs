#!/usr/bin/env node
// End-to-end run of the FIRE report (/fire-report) and the FIRE calculator filled from the plan, in Debian's chromium
// against a running `firepath serve` with the demo household seeded (tests/web/test_e2e_report.py does both).
//   E2E_BASE_URL   the server (required)
//   E2E_EMAIL, E2E_PASSWORD   the seeded demo account (required)
//   E2E_OUT_DIR    where screenshots and report.json go (default .artifacts/e2e-report/<timestamp>)
//   CHROMIUM       browser binary (default /usr/bin/chromium)
// Checks that there is one answer to "when can I retire?": the report shows the FI date, FIRE number, success rate,
// target, next actions and assumptions of GET /api/v1/plan/summary and /plan/household; its PDF holds the same FI
// date and FIRE number; the FIRE calculator filled from the plan shows the plan's FI date and FIRE number beside its
// own answer. axe-core (no serious or critical violation) and screenshots light/dark at 1280 and 390 px.
import { readFileSync } from "node:fs";
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, report, step, check, capture, watch, failed: onFailure, finish } =
  harness("report", { required: ["E2E_EMAIL", "E2E_PASSWORD"], report: { figures: {} }, settleLoading: true });
const { E2E_EMAIL: email, E2E_PASSWORD: password } = env;

const dollars = (n) => new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", minimumFractionDigits: 0, maximumFractionDigits: 0 }).format(n);
const month = (iso) => new Intl.DateTimeFormat("en-CA", { month: "long", year: "numeric" }).format(new Date(`${iso}T00:00:00`));
const text = async (locator) => (await locator.innerText()).trim();

/** The API's own answer, fetched with a password grant (the same account the browser signs in with). */
async function apiPlan() {
  const token = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }),
  }).then((r) => r.json());
  check(token.access_token, `password grant: ${JSON.stringify(token)}`);
  const headers = { authorization: `Bearer ${token.access_token}` };
  const [summary, household] = await Promise.all(["/api/v1/plan/summary", "/api/v1/plan/household"].map(async (path) => {
    const r = await fetch(base + path, { headers });
    check(r.ok, `GET ${path}: ${r.status}`);
    return r.json();
  }));
  return { summary, household };
}

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA", acceptDownloads: true });
  page = await context.newPage();
  watch(page);
  const { summary, household } = await apiPlan();
  check(summary.fi_date && summary.fire_number, `the demo household reaches FI (${summary.headline})`);
  const fiDate = month(summary.fi_date);
  const fireNumber = dollars(summary.fire_number);
  report.figures.api = { fi_date: summary.fi_date, fire_number: summary.fire_number, headline: summary.headline };
  console.log(`API: ${summary.headline} FIRE number ${fireNumber}`);

  await step("sign in as the demo household", async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 20000 });
  });

  await step("report: the FI date and FIRE number are the plan summary's", async () => {
    await page.goto(`${base}/fire-report`);
    const shownDate = await text(page.getByTestId("report-fi-date"));
    const shownNumber = await text(page.getByTestId("report-fire-number"));
    check(shownDate === fiDate, `FI date on the report ${shownDate} = API ${fiDate}`);
    check(shownNumber === fireNumber, `FIRE number on the report ${shownNumber} = API ${fireNumber}`);
    report.figures.report = { fi_date: shownDate, fire_number: shownNumber };
    check((await text(page.getByTestId("report-headline"))) === summary.headline, "the headline is the API's");
    if (summary.target) check((await text(page.getByTestId("report-target"))) === summary.target.sentence, "the target sentence is the API's");
    const rule = await text(page.locator("section").filter({ has: page.getByTestId("report-fire-number") }));
    check(rule.includes(`rule of thumb would say ${dollars(summary.rule_of_thumb)}`), "the 25x figure is labelled a rule of thumb");
    const success = await text(page.getByTestId("report-success"));
    check(success.includes(summary.success_question), "the success rate comes with its question");
    const today = await text(page.getByTestId("report-today"));
    check(today.includes(dollars(summary.net_worth_today)), `net worth today ${dollars(summary.net_worth_today)}`);
    const figures = await text(page.getByTestId("report-key-figures"));
    check(figures.includes(dollars(summary.lifetime_tax)) && figures.includes(dollars(summary.estate)), "lifetime tax and estate shown");
    check((await page.getByTestId("report-next-actions").getByRole("link").count()) === summary.next_actions.length, "every next action is a link");
    await page.getByTestId("report-chart").locator("svg").first().waitFor();
    await page.getByTestId("report-chart").getByText(`FI ${fiDate}`).waitFor();
    check((await page.getByTestId("report-years").locator("tbody tr").count()) === household.years.length, "one table row per plan year");
    const assumptions = await text(page.getByTestId("report-assumptions"));
    for (const note of household.assumptions) check(assumptions.includes(note), `assumption shown: ${note.slice(0, 40)}…`);
    for (const m of summary.missing) check(assumptions.includes(m), `missing item shown: ${m}`);
  });

  await step("report PDF holds the same FI date and FIRE number", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download PDF" }).click()]);
    const pdf = readFileSync(await download.path()).toString("latin1");
    check(pdf.startsWith("%PDF-"), "a PDF");
    check(pdf.includes(fiDate) && pdf.includes(fireNumber), `PDF has ${fiDate} and ${fireNumber}`);
  });

  await step("FIRE calculator filled from the plan shows the plan's FI date", async () => {
    await page.goto(`${base}/calculators?tab=fire`);
    await page.getByText("Filled in from your plan").waitFor({ timeout: 15000 });
    const plan = page.getByTestId("fire-plan");
    check((await text(plan.getByRole("heading"))) === `Your plan: independent in ${fiDate} (taxes, CPP and OAS counted)`, "the plan's FI date, said to be the plan's");
    check((await text(plan.getByTestId("fire-plan-number"))) === fireNumber, "the plan's FIRE number");
    check((await text(plan)).includes("the one that counts"), "says the plan's figure is the one that counts");
    await page.getByText("Time to FI (this calculator)").waitFor();
    const spending = Number((await page.getByRole("textbox", { name: /^Yearly spending/ }).inputValue()).replace(/[^\d.]/g, ""));
    const invested = Number((await page.getByRole("textbox", { name: /^Invested today/ }).inputValue()).replace(/[^\d.]/g, ""));
    check(spending === Math.round(summary.spending), `spending is the plan's (${spending})`);
    check(invested === Math.round(summary.investable_today), `invested today is the plan's investable savings (${invested})`);
    report.figures.calculator = { plan_fi_date: fiDate, spending, invested };
  });

  await step("screenshots and axe: the report and the calculator from the plan", async () => {
    await capture(page, "report", "/fire-report", (p) => p.getByTestId("report-chart").locator("svg"));
    await capture(page, "calculator-from-plan", "/calculators?tab=fire", (p) => p.getByTestId("fire-plan"));
  });
} catch (error) {
  failed = true;
  await onFailure(error, { page });
} finally {
  await browser.close();
}
finish(failed, [`figures: ${JSON.stringify(report.figures)}`]);

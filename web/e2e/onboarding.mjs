#!/usr/bin/env node
// End-to-end run of onboarding (/onboarding, /onboarding/wizard in both A/B flows, /onboarding/voice) and the
// FIRE report (/fire-report) in Debian's chromium (playwright-core) against a running `firepath serve`.
//   E2E_BASE_URL        the server (required)
//   E2E_DEMO_EMAIL      a seeded demo account (`firepath seed-demo`) and its password, for the report (required)
//   E2E_DEMO_PASSWORD
//   E2E_OUT_DIR         where screenshots, the downloaded PDF and report.json go
//   E2E_CONTACT_EMAIL   the address the server is configured with (FIREPATH_CONTACT_EMAIL): Contact and Careers show it
//   E2E_SPEECH_WAV      optional: a WAV of spoken onboarding answers fed to chromium's fake microphone, to record
//                       through MediaRecorder and the transcription endpoint
//   CHROMIUM            browser binary (default /usr/bin/chromium)
// The harness (steps, axe-core, screenshots, the browser) is web/e2e/lib.mjs.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, outDir, report, step, check, axe, capture, watch, failed: onFailure, finish } =
  harness("onboarding", { required: ["E2E_DEMO_EMAIL", "E2E_DEMO_PASSWORD", "E2E_CONTACT_EMAIL"] });
const { E2E_DEMO_EMAIL: demoEmail, E2E_DEMO_PASSWORD: demoPassword, E2E_CONTACT_EMAIL: contactEmail } = env;

/** GET an API path with the page's session (the access token the auth client keeps in localStorage). */
async function apiGet(page, path) {
  return page.evaluate(async (p) => {
    const stored = JSON.parse(localStorage.getItem("fire-path-auth") ?? "null");
    const token = stored?.access_token ?? stored?.currentSession?.access_token;
    const response = await fetch(p, { headers: { Authorization: `Bearer ${token}` } });
    return { status: response.status, body: await response.json() };
  }, path);
}

async function signUp(page, email, password, flow) {
  await page.goto(`${base}/`);
  // The A/B assignment is kept in localStorage; pin this visitor's onboarding flow.
  await page.evaluate((f) => localStorage.setItem("fire-path-ab-onboarding-flow", f), flow);
  await page.goto(`${base}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(`${base}/onboarding/wizard`);
}

async function signOut(page) {
  if (!page.url().startsWith(base)) await page.goto(`${base}/`);
  await page.evaluate(() => localStorage.removeItem("fire-path-auth"));
  await page.goto(`${base}/`);
}

async function fillStep(page, key, values) {
  const card = page.getByTestId(`wizard-step-${key}`);
  await card.waitFor();
  for (const [label, value] of Object.entries(values)) {
    const field = card.getByLabel(label);
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
  return card;
}

async function continueFrom(page, card, next) {
  await card.getByRole("button", { name: next === null ? "Finish" : "Save and continue" }).click();
  if (next) await page.getByTestId(`wizard-step-${next}`).waitFor();
}

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA", acceptDownloads: true });
  page = await context.newPage();
  watch(page);
  const password = "onboarding-pass-1";
  const first = `wizard-${Date.now()}@example.com`;

  await step("contact and careers pages show the configured address: screenshots and axe", async () => {
    for (const [path, heading] of [["/contact", "Contact us"], ["/careers", "Careers"]]) {
      await page.goto(base + path);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      const links = page.getByTestId("contact-email");
      await links.first().waitFor();
      for (const link of await links.all()) {
        check((await link.innerText()).trim() === contactEmail, `${path} shows ${await link.innerText()}, expected ${contactEmail}`);
        check((await link.getAttribute("href")).startsWith(`mailto:${contactEmail}`), `${path} mails ${await link.getAttribute("href")}`);
      }
      const text = await page.locator("article").innerText();
      check(!/example\b|@firepath\.example/.test(text), `${path} shows no placeholder address`);
    }
    await capture(page, "contact", "/contact", { text: contactEmail });
    await capture(page, "careers", "/careers", { text: contactEmail });
  });

  await step("choice page offers the wizard and voice setup", async () => {
    await page.goto(`${base}/onboarding`);
    await capture(page, "onboarding-choice", "/onboarding/choice", { text: "Talk it through" });
    await page.getByRole("link", { name: "Start the setup wizard" }).click();
    await page.waitForURL(`${base}/onboarding/wizard`);
    await page.getByTestId("onboarding-signed-out").waitFor();
  });

  await step("sign up lands on the wizard (standard flow): screenshots and axe", async () => {
    await signUp(page, first, password, "standard");
    check((await page.getByTestId("onboarding-wizard").getAttribute("data-flow")) === "standard", "standard flow pinned");
    await page.getByTestId("wizard-step-count").getByText("Step 1 of 6").waitFor();
    await capture(page, "onboarding-wizard-standard", "/onboarding/wizard", { text: "About you" });
    await capture(page, "onboarding-voice", "/onboarding/voice", { text: "Tell us about your situation" });
  });

  await step("wizard checks required fields and focuses the first error", async () => {
    await page.goto(`${base}/onboarding/wizard`);
    const card = page.getByTestId("wizard-step-profile");
    await card.waitFor();
    await card.getByRole("button", { name: "Save and continue" }).click();
    await card.getByText("Age is required").waitFor();
    check(await page.evaluate(() => document.activeElement?.id === "wizard-profile-age"), "focus moves to Age");
    check((await card.getByLabel("Age").getAttribute("aria-invalid")) === "true", "Age is aria-invalid");
  });

  await step("a new user goes through all six steps and lands on the dashboard", async () => {
    let card = await fillStep(page, "profile", { "First name": "Alex", Age: "32", "Province or territory": "BC", Household: "single" });
    await continueFrom(page, card, "income");
    card = await fillStep(page, "income", { "Take-home pay per month": "6,000", "Salary per year (before tax)": "95000" });
    await continueFrom(page, card, "expenses");
    card = await fillStep(page, "expenses", {
      "Rent or mortgage payment": "1800", Groceries: "600", Transportation: "250", "Utilities and phone": "200", "Everything else (wants)": "700",
    });
    await continueFrom(page, card, "savings");
    card = await fillStep(page, "savings", {
      "Emergency fund": "15000", "Saved and invested per month": "2000", "Debt (excluding mortgage)": "0",
    });
    // The monthly saving is asked once: one "per month" amount on the step, no separate contributions question.
    const monthly = await card.locator("label").filter({ hasText: /per month|contribution/i }).allTextContents();
    check(monthly.length === 1, `one monthly saving question on the savings step: ${JSON.stringify(monthly)}`);
    await continueFrom(page, card, "goals");
    card = await fillStep(page, "goals", { "Goal name": "Financial independence", "Goal type": "retirement", "Target amount": "1065000", "Target date": "2045-01-01" });
    await continueFrom(page, card, "preferences");
    card = page.getByTestId("wizard-step-preferences");
    check((await card.getByLabel("FIRE multiplier").inputValue()) === "25", "preferences start from the saved defaults (25x)");
    card = await fillStep(page, "preferences", { "Target retirement age": "50", "Expected yearly return": "6" });
    await continueFrom(page, card, null);
    await page.waitForURL(`${base}/fire-dashboard`);
  });

  await step("the wizard's values are saved (read back through the API)", async () => {
    const profile = (await apiGet(page, "/api/v1/profile")).body;
    check(profile.first_name === "Alex" && profile.age === 32 && profile.province === "BC" && profile.marital_status === "single", `profile ${JSON.stringify(profile)}`);
    const income = (await apiGet(page, "/api/v1/income")).body;
    check(Number(income.monthly_take_home) === 6000 && Number(income.annual_salary) === 95000, `income ${JSON.stringify(income)}`);
    const expenses = (await apiGet(page, "/api/v1/expenses")).body;
    check(Number(expenses.rent_mortgage) === 1800, `rent ${expenses.rent_mortgage}`);
    const byCategory = Object.fromEntries(expenses.items.map((i) => [i.category, i]));
    check(Number(byCategory.Groceries?.amount) === 600 && byCategory.Groceries.needs_wants_category === "needs", "groceries are a 600 need");
    check(Number(byCategory["Other spending"]?.amount) === 700 && byCategory["Other spending"].needs_wants_category === "wants", "other spending is a 700 want");
    const savings = (await apiGet(page, "/api/v1/savings/summary")).body;
    check(Number(savings.emergency_fund) === 15000 && Number(savings.monthly_savings) === 2000 && !("monthly_investment_contributions" in savings),
      `savings ${JSON.stringify(savings)}`);
    const goals = (await apiGet(page, "/api/v1/goals")).body;
    check(goals.some((g) => g.name === "Financial independence" && Number(g.target_amount) === 1065000 && g.target_date === "2045-01-01"), `goals ${JSON.stringify(goals)}`);
    const prefs = (await apiGet(page, "/api/v1/preferences")).body;
    check(prefs.retirement_age === 50 && Number(prefs.investment_return_rate) === 0.06, `preferences ${JSON.stringify(prefs)}`);
    const snapshot = (await apiGet(page, "/api/v1/snapshot")).body;
    // 25 x 12 x (1,800 + 600 + 250 + 200 + 700)
    check(Number(snapshot.fire_number) === 1065000, `FIRE number ${snapshot.fire_number}`);
  });

  await step("the new user's dashboard: net worth counts the emergency fund, the plan says what to do next", async () => {
    const summary = (await apiGet(page, "/api/v1/plan/summary")).body;
    // The wizard's $15,000 emergency fund and no debt: the net worth is $15,000, not $0 (issue "One plan").
    check(Number(summary.net_worth_today) === 15000, `plan summary net worth ${summary.net_worth_today}`);
    const snapshot = (await apiGet(page, "/api/v1/snapshot")).body;
    check(Number(snapshot.net_worth.net_worth) === 15000 && Number(snapshot.net_worth.assets) === 15000, `snapshot net worth ${JSON.stringify(snapshot.net_worth)}`);
    await capture(page, "fire-dashboard-new-user", "/fire-dashboard", "[data-testid=net-worth-value]");
    await page.setViewportSize(VIEWPORTS.desktop);
    const shown = await page.getByTestId("net-worth-value").innerText();
    check(shown.replace(/\s/g, "") === "$15,000", `net worth on screen "${shown}"`);
    const actions = page.getByTestId("next-actions");
    const titles = await actions.locator("li").allInnerTexts();
    check(titles.length > 0, "the plan lists at least one next action for a new user");
    console.log(`\n    next actions: ${titles.map((t) => t.split("\n")[0]).join(" | ")}`);
  });

  await step("the Savings page shows the wizard's one monthly figure, asked once", async () => {
    await page.goto(`${base}/settings/savings`);
    const figure = page.getByLabel("Saved and invested per month");
    await figure.waitFor();
    const shown = await figure.inputValue();
    check(Number(shown.replace(/[^0-9.]/g, "")) === 2000, `the Savings page shows the wizard's 2000 (got "${shown}")`);
    // No second monthly question on any tab: only the item lists' own per-item amounts.
    for (const tab of ["Emergency fund", "Short-term", "Investments"]) {
      await page.getByRole("tab", { name: tab }).click();
      const panel = page.getByRole("tabpanel");
      const asked = await panel.locator("label").filter({ hasText: /per month|contributions/i }).allTextContents();
      check(asked.length === 0, `${tab} tab asks no second monthly figure: ${JSON.stringify(asked)}`);
    }
    // Listing a monthly investment shows its total beside the one figure, with a way to use it.
    await page.getByRole("tab", { name: "Investments" }).click();
    await page.getByRole("button", { name: /Add investment/i }).click();
    const row = page.getByRole("tabpanel").getByLabel("Amount per month").last();
    await row.fill("1500");
    const total = page.getByTestId("items-total");
    check((await total.innerText()).includes("$1,500"), `items total ${await total.innerText()}`);
    await total.getByRole("button", { name: /Use \$1,500/ }).click();
    check(Number((await figure.inputValue()).replace(/[^0-9.]/g, "")) === 1500, "the figure takes the items' total");
    await capture(page, "settings-savings", "/settings/savings", { text: "Saved and invested per month" });
  });

  await step("going back shows the saved values; the guided flow lists the steps and says why", async () => {
    await signOut(page);
    await signUp(page, `guided-${Date.now()}@example.com`, password, "guided");
    const wizard = page.getByTestId("onboarding-wizard");
    check((await wizard.getAttribute("data-flow")) === "guided", "guided flow pinned");
    const nav = page.getByRole("navigation", { name: "Setup steps" });
    await nav.waitFor();
    check((await nav.locator("[aria-current=step]").textContent()).includes("About you"), "the current step is marked");
    await page.getByTestId("wizard-why").waitFor();
    await capture(page, "onboarding-wizard-guided", "/onboarding/wizard", { text: "Why we ask" });
    const card = await fillStep(page, "profile", { Age: "41", "Province or territory": "NS" });
    await continueFrom(page, card, "income");
    check((await nav.locator("[aria-current=step]").textContent()).includes("Income"), "the step list follows");
    await page.getByRole("button", { name: "Back" }).click();
    const again = page.getByTestId("wizard-step-profile");
    await again.waitFor();
    const age = await again.getByLabel("Age").inputValue();
    check(age === "41", `the saved age fills the form again (got "${age}")`);
    const profile = (await apiGet(page, "/api/v1/profile")).body;
    check(profile.age === 41 && profile.province === "NS", `profile ${JSON.stringify(profile)}`);
  });

  await step("voice setup without a microphone falls back to typing; fields are confirmed, edited and saved", async () => {
    await page.goto(`${base}/onboarding/voice`);
    await page.getByRole("button", { name: "Start recording" }).click();
    await page.getByTestId("voice-typed-only").waitFor();
    check(await page.evaluate(() => document.activeElement?.id === "voice-typed"), "focus moves to the typed answer");
    await page.getByLabel("Your answer").fill(
      "I am thirty five years old and live in Ontario. My take home pay is five thousand two hundred dollars a month and my rent is two thousand dollars.",
    );
    await page.getByRole("button", { name: "Send answer" }).click();
    const review = page.getByTestId("voice-review");
    await review.waitFor({ timeout: 30000 });
    await page.getByTestId("voice-status").getByText("We understood").waitFor();
    const value = (name) => review.getByTestId(`voice-field-${name}`).locator("input, select").first().inputValue();
    check((await value("age")) === "35", `age ${await value("age")}`);
    check((await value("province")) === "ON", `province ${await value("province")}`);
    check(Number(await value("monthly_take_home")) === 5200, `take-home ${await value("monthly_take_home")}`);
    check(Number(await value("rent_mortgage")) === 2000, `rent ${await value("rent_mortgage")}`);
    check((await page.getByTestId("voice-missing").count()) === 1, "the questions still open are listed");
    // Nothing is saved before confirmation: the profile still holds the wizard's age.
    check((await apiGet(page, "/api/v1/profile")).body.age === 41, "nothing saved before confirming");
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.screenshot({ path: join(outDir, "onboarding-voice-review-mobile.png"), fullPage: true });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.screenshot({ path: join(outDir, "onboarding-voice-review-desktop.png"), fullPage: true });
    await axe(page, "voice review");
    await review.getByLabel("Rent or mortgage per month").fill("2100");
    await review.getByRole("button", { name: "Save these details" }).click();
    await page.getByTestId("voice-saved").waitFor({ timeout: 30000 });
    const profile = (await apiGet(page, "/api/v1/profile")).body;
    check(profile.age === 35 && profile.province === "ON", `profile ${JSON.stringify(profile)}`);
    const income = (await apiGet(page, "/api/v1/income")).body;
    check(Number(income.monthly_take_home) === 5200, `income ${JSON.stringify(income)}`);
    const expenses = (await apiGet(page, "/api/v1/expenses")).body;
    check(Number(expenses.rent_mortgage) === 2100, `the edited rent is saved: ${expenses.rent_mortgage}`);
    // Saved through the coach's writers: one line per record, each with Undo.
    const saved = page.getByTestId("voice-saved");
    const rentLine = saved.getByRole("listitem").filter({ hasText: "rent or mortgage" });
    check((await rentLine.textContent()).includes("$2,100"), `the rent change is listed: ${await rentLine.textContent()}`);
    await page.screenshot({ path: join(outDir, "onboarding-voice-saved-desktop.png"), fullPage: true });
    await axe(page, "voice saved");
    await rentLine.getByRole("button", { name: /^Undo/ }).click();
    await rentLine.getByText("Undone").waitFor();
    const after = (await apiGet(page, "/api/v1/expenses")).body;
    check(Number(after.rent_mortgage) !== 2100, `undo put the rent back: ${after.rent_mortgage}`);
    check((await apiGet(page, "/api/v1/profile")).body.age === 35, "undoing the rent leaves the profile saved");
  });

  if (process.env.E2E_REPORT !== "0") await step("a seeded demo user sees the FIRE report and downloads it as a PDF", async () => {
    await signOut(page);
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(demoEmail);
    await page.getByLabel("Password", { exact: true }).fill(demoPassword);
    await page.getByRole("button", { name: "Sign In" }).click();
    // A demo account seeded less than 5 minutes ago counts as new and starts in the wizard.
    await page.waitForURL(/\/(fire-dashboard|onboarding\/wizard)$/);
    await page.goto(`${base}/fire-report`);
    const fire = page.getByTestId("report-fire-number");
    await fire.waitFor({ timeout: 30000 });
    const summary = (await apiGet(page, "/api/v1/plan/summary")).body;  // the one FIRE number every screen shows
    const expected = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 0 }).format(Number(summary.fire_number));
    const shown = (await fire.textContent()).trim();
    check(shown === expected, `report FIRE number ${shown} equals the API's ${expected}`);
    await page.getByRole("heading", { name: "Assumptions" }).waitFor();
    check((await page.getByTestId("report-assumptions").locator("dt, li").count()) >= 10, "assumptions are listed");
    await page.getByTestId("report-chart").locator("svg").first().waitFor({ timeout: 20000 });
    const [download] = await Promise.all([page.waitForEvent("download", { timeout: 60000 }), page.getByRole("button", { name: "Download PDF" }).click()]);
    const file = join(outDir, "fire-report.pdf");
    await download.saveAs(file);
    const bytes = readFileSync(file);
    check(bytes.subarray(0, 5).toString("latin1") === "%PDF-", "the download is a PDF");
    check(statSync(file).size > 5000, `the PDF is not trivial (${statSync(file).size} bytes)`);
    check(bytes.toString("latin1").includes(expected), `the PDF holds the FIRE number ${expected}`);
    report.pdf = { file, bytes: statSync(file).size, fireNumber: expected };
    await page.emulateMedia({ media: "print" });
    check(await page.getByRole("button", { name: "Download PDF" }).isHidden(), "the print stylesheet hides the buttons");
    await page.screenshot({ path: join(outDir, "fire-report-print.png"), fullPage: true });
    await page.emulateMedia({ media: "screen" });
    await capture(page, "fire-report", "/fire-report", { text: "Assumptions" });
  });

  if (process.env.E2E_SPEECH_WAV) await step("voice setup records through the fake microphone and transcribes it", async () => {
    const speech = await launch(["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-audio-capture=${process.env.E2E_SPEECH_WAV}%noloop`]);
    try {
      const ctx = await speech.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
      await ctx.grantPermissions(["microphone"], { origin: base });
      const p = await ctx.newPage();
      await signUp(p, `voice-${Date.now()}@example.com`, password, "standard");
      await p.goto(`${base}/onboarding/voice`);
      await p.getByRole("button", { name: "Start recording" }).click();
      await p.getByRole("button", { name: "Stop recording" }).waitFor();
      await p.waitForTimeout(Number(process.env.E2E_SPEECH_SECONDS ?? 12) * 1000);
      await p.getByRole("button", { name: "Stop recording" }).click();
      const review = p.getByTestId("voice-review");
      await review.waitFor({ timeout: 60000 });
      const value = (name) => review.getByTestId(`voice-field-${name}`).locator("input, select").first().inputValue();
      check((await value("age")) === "35", `age heard ${await value("age")}`);
      check((await value("province")) === "ON", `province heard ${await value("province")}`);
      check(Number(await value("monthly_take_home")) === 5200, `take-home heard ${await value("monthly_take_home")}`);
    } finally {
      await speech.close();
    }
  });
} catch (error) {
  failed = true;
  await onFailure(error, { page });
} finally {
  await browser.close();
}
finish(failed);

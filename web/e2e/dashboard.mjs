#!/usr/bin/env node
// End-to-end run of the planning screens (/fire-dashboard, /analysis, /progress) in Debian's chromium against a
// running `firepath serve` whose database holds the seeded demo user (tests/web/test_e2e_dashboard.py seeds it).
//   E2E_BASE_URL        the server (required)
//   E2E_EMAIL, E2E_PASSWORD  the demo account (required)
//   E2E_OUT_DIR         where screenshots and report.json go (default .artifacts/e2e-dashboard/<timestamp>)
//   CHROMIUM            browser binary (default /usr/bin/chromium)
// Checks: the dashboard's FIRE number and saving needed for FI equal the API's in both dashboard-layout variants;
// moving a what-if slider changes the FI date; the projection, Monte Carlo, backtest, withdrawal-rule and
// allocation panels fill from the API; progress shows completion, net-worth history and activity. axe-core (no
// serious or critical violation) and screenshots light/dark at 1280 and 390 px on every page.
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, report, step, check, axe, capture, watch, failed: onFailure, finish } =
  harness("dashboard", { required: ["E2E_EMAIL", "E2E_PASSWORD"], settleLoading: true });
const { E2E_EMAIL: email, E2E_PASSWORD: password } = env;

/** The API's own answer, fetched with a password grant (the same account the browser signs in with). */
async function apiSnapshot() {
  const token = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }),
  }).then((r) => r.json());
  check(token.access_token, `password grant: ${JSON.stringify(token)}`);
  const headers = { authorization: `Bearer ${token.access_token}` };
  const [snapshot, plan, needed] = await Promise.all(["/api/v1/snapshot", "/api/v1/plan", "/api/v1/plan/savings-needed"]
    .map((p) => fetch(base + p, { headers }).then((r) => r.json())));
  return { snapshot, plan, needed };
}

const digits = (s) => s.replace(/[^0-9]/g, "");

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
  page = await context.newPage();
  watch(page);
  const { snapshot, plan, needed } = await apiSnapshot();
  console.log(`API: fire_number ${snapshot.fire_number}, fi_date ${plan.plan.fire.fi_date}`);

  await step("the demo user signs in", async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    // An account seeded less than 5 minutes ago counts as new and is sent to the wizard (spec section 3).
    await page.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/);
  });

  for (const layout of ["original", "enhanced"]) {
    await step(`dashboard (${layout} layout): FIRE number equals the API's, every card filled`, async () => {
      await page.evaluate((v) => localStorage.setItem("fire-path-ab-dashboard-layout", v), layout);
      await page.goto(`${base}/fire-dashboard`);
      const root = page.getByTestId("fire-dashboard");
      await root.waitFor();
      check((await root.getAttribute("data-layout")) === layout, `data-layout is ${layout}`);
      const shown = await page.getByTestId("fire-number").innerText();
      check(digits(shown) === String(Math.round(snapshot.fire_number)), `FIRE number on screen ${shown} = API ${snapshot.fire_number}`);
      await page.getByTestId("fire-progress").waitFor();
      const fi = await page.getByTestId("fi-date-value").innerText();
      check(fi.length > 0 && !fi.includes("—"), `FI date shown: ${fi}`);
      const rate = await page.getByTestId("savings-rate-value").innerText();
      check(rate === `${(snapshot.savings_rate * 100).toFixed(1).replace(/\.0$/, "")}%`, `savings rate ${rate} vs API ${snapshot.savings_rate}`);
      check(/months/.test(await page.getByTestId("emergency-fund-value").innerText()), "emergency fund in months");
      check(digits(await page.getByTestId("net-worth-value").innerText()) === String(Math.round(snapshot.net_worth.net_worth)), "net worth equals the API's");
      check(digits(await page.getByTestId("cash-flow-value").innerText()) === String(Math.round(snapshot.monthly_surplus)), "cash flow equals the API's surplus");
      check((await page.getByTestId("next-actions").getByRole("link").count()) > 0, "next best actions listed");
      const saving = page.getByTestId("savings-needed-value");
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="savings-needed-value"]')?.textContent ?? ""));
      check(digits(await saving.innerText()) === String(Math.round(needed.monthly_savings_needed)),
        `saving needed for FI by ${needed.target_age} equals the API's ${needed.monthly_savings_needed}`);
      if (!plan.plan.fire.fi_date && !needed.on_track) {
        const more = `Saving $${Math.round(needed.savings_difference).toLocaleString("en-CA")} more a month reaches your FIRE number`;
        await page.getByTestId("next-actions").getByText(more).waitFor({ timeout: 10000 });
      }
    });
  }

  await step("analysis: moving the monthly-savings slider changes the FI date", async () => {
    await page.goto(`${base}/analysis?tab=optimization`);
    const fi = page.getByTestId("whatif-fi-date");
    await fi.waitFor({ timeout: 20000 });
    const before = await fi.innerText();
    const thumb = page.getByRole("slider", { name: "Monthly savings" });
    await thumb.focus();
    for (let i = 0; i < 3; i++) await thumb.press("PageUp");
    const valueText = await thumb.getAttribute("aria-valuetext");
    await page.waitForFunction((b) => {
      const el = document.querySelector('[data-testid="whatif-fi-date"]');
      const busy = document.querySelector('[data-testid="whatif-result"]')?.getAttribute("aria-busy");
      return el && busy === "false" && el.textContent !== b;
    }, before, { timeout: 15000 });
    const after = await fi.innerText();
    console.log(`\n    FI date ${before} → ${after} at ${valueText}`);
    check(after !== before && /\d{4}/.test(after), `FI date changed from "${before}" to "${after}"`);
    // Reset brings the plan's date back.
    await page.getByRole("button", { name: "Reset to my plan" }).click();
    await page.waitForFunction((b) => document.querySelector('[data-testid="whatif-fi-date"]')?.textContent === b, before, { timeout: 15000 });
  });

  await step("analysis: levers, withdrawal rules and RRSP/TFSA/FHSA advice come from the calculators", async () => {
    await page.getByTestId("allocation-list").waitFor({ timeout: 20000 });
    const accounts = await page.getByTestId("allocation-list").locator("li").allInnerTexts();
    check(accounts.some((t) => /RRSP|TFSA/.test(t)), `allocation lists registered accounts: ${accounts.join(" | ")}`);
    check(!accounts.some((t) => /FHSA/.test(t)), "no FHSA unless saving for a first home");
    await page.getByLabel(/I am saving for a first home/).check();
    await page.waitForFunction(() => /FHSA/.test(document.querySelector('[data-testid="allocation-list"]')?.textContent ?? ""), null, { timeout: 15000 });
    await page.getByLabel(/I am saving for a first home/).uncheck();
    await page.waitForFunction(() => !document.querySelector('[data-testid="withdrawal-rules"] .animate-pulse'), null, { timeout: 20000 });
    const rules = await page.getByTestId("withdrawal-rules").locator("tbody tr").allInnerTexts();
    check(rules.length === 4 && rules.every((r) => /%/.test(r)), `4 rules with a success rate: ${rules.join(" | ")}`);
    await page.waitForFunction(() => !document.querySelector('[data-testid="levers"] .animate-pulse'), null, { timeout: 20000 });
    check(/sooner|later|Reaches FI|No change|Still not/.test(await page.getByTestId("levers").innerText()), "levers ranked");
  });

  await step("analysis: projection (nominal and today's dollars), Monte Carlo fan chart and backtest", async () => {
    await page.getByRole("tab", { name: "FIRE projections" }).click();
    await page.getByTestId("projection-chart").locator("svg.recharts-surface").first().waitFor();
    const nominal = await page.getByTestId("projection-chart").locator(".recharts-line path").first().getAttribute("d");
    await page.getByRole("button", { name: "Today's dollars" }).click();
    check((await page.getByRole("button", { name: "Today's dollars" }).getAttribute("aria-pressed")) === "true", "toggle pressed");
    await page.waitForFunction((d) => document.querySelector('[data-testid="projection-chart"] .recharts-line path')?.getAttribute("d") !== d, nominal);
    const success = await page.getByTestId("mc-success").innerText({ timeout: 20000 });
    check(/^\d+(\.\d)?%$/.test(success), `Monte Carlo success rate ${success}`);
    check((await page.getByTestId("monte-carlo-chart").locator(".recharts-area").count()) === 2, "two percentile bands");
    const bt = await page.getByTestId("backtest-success").innerText({ timeout: 20000 });
    check(/%$/.test(bt), `backtest success ${bt}`);
    check((await page.getByTestId("backtest-chart").locator(".recharts-bar-rectangle").count()) > 50, "a bar per start year");
  });

  await step("progress: completion by section, net-worth history chart and the activity log", async () => {
    await page.goto(`${base}/progress`);
    await page.getByTestId("net-worth-chart").locator("svg.recharts-surface").first().waitFor({ timeout: 20000 });
    await page.getByTestId("completion-by-section").locator("li").first().waitFor();
    await page.getByTestId("activity-log").locator("li").first().waitFor();
    const sections = await page.getByTestId("completion-by-section").locator("li").count();
    check(sections === 11, `11 completion sections, got ${sections}`);
    const activity = await page.getByTestId("activity-log").locator("li").count();
    check(activity > 0, "activity entries listed");
    const table = page.getByTestId("net-worth-history").locator("table tbody tr");
    check((await table.count()) > 1, "net-worth table alternative has rows");
  });

  await step("screenshots light/dark at 1280 and 390 px with axe-core", async () => {
    await page.evaluate(() => localStorage.setItem("fire-path-ab-dashboard-layout", "original"));
    await capture(page, "fire-dashboard-original", "/fire-dashboard", '[data-testid="fire-progress"]');
    await page.evaluate(() => localStorage.setItem("fire-path-ab-dashboard-layout", "enhanced"));
    await capture(page, "fire-dashboard-enhanced", "/fire-dashboard", '[data-testid="fire-progress"]');
    await capture(page, "analysis-overview", "/analysis?tab=overview", '[data-testid="benchmarks"]');
    await capture(page, "analysis-projections", "/analysis?tab=fire-projections", '[data-testid="mc-success"]',
      (p) => p.getByTestId("backtest-success").waitFor({ timeout: 20000 }));
    await capture(page, "analysis-optimization", "/analysis?tab=optimization", '[data-testid="whatif-fi-date"]',
      (p) => p.getByTestId("allocation-list").waitFor({ timeout: 20000 }));
    await capture(page, "progress", "/progress", '[data-testid="net-worth-chart"]');
  });

  await step("a new account with no data sees the empty states that point to setup", async () => {
    const fresh = `empty-${Date.now()}@example.com`;
    const signup = await fetch(`${base}/auth/v1/signup`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: fresh, password }),
    });
    check(signup.ok, `sign-up ${signup.status}`);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
    const empty = await context.newPage();
    await empty.goto(`${base}/login`);
    await empty.getByLabel("Email").fill(fresh);
    await empty.getByLabel("Password", { exact: true }).fill(password);
    await empty.getByRole("button", { name: "Sign In" }).click();
    await empty.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/);
    await empty.goto(`${base}/fire-dashboard`);
    await empty.getByTestId("dashboard-empty").waitFor();
    check((await empty.getByRole("link", { name: "Start the setup wizard" }).count()) === 1, "wizard link");
    await axe(empty, "fire-dashboard empty");
    await empty.goto(`${base}/analysis`);
    await empty.getByTestId("analysis-empty").waitFor();
    await empty.goto(`${base}/progress`);
    await empty.getByTestId("net-worth-empty").waitFor();
    await empty.getByText("Nothing yet", { exact: false }).waitFor();
    await axe(empty, "progress empty");
    await context.close();
  });
} catch (error) {
  failed = true;
  await onFailure(error, { page });
} finally {
  await browser.close();
}
finish(failed);

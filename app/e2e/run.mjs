#!/usr/bin/env node
// End-to-end run of the Expo app's web export (`expo export --platform web`) in Debian's chromium, served from its
// own origin against a running `firepath serve` (tests/app/test_app_e2e.py starts both and seeds the demo user).
//   E2E_BASE_URL              where the exported app is served (required)
//   E2E_API_URL               the FIRE Path server (required; it allows the app's origin by FIREPATH_CORS_ORIGINS)
//   E2E_EMAIL, E2E_PASSWORD   the demo account (required)
//   E2E_OUT_DIR               where screenshots and report.json go (default .artifacts/e2e-app/<timestamp>)
// A new device: the app asks for the server's address like a self-hoster's phone would, then the person signs in,
// sees the plan (its FI date and FIRE number are GET /api/v1/plan/summary's), asks the coach a question and
// approves a change it proposes (the change is then in the API), saves a settings form (read back from the API),
// and searches help. Screenshots light and dark at 1280 and 390 px, axe-core with no serious or critical violation.
import { join } from "node:path";
import { harness, launch, VIEWPORTS } from "../../web/e2e/lib.mjs";

const { env, base, report, step, check, axe, watch, failed: onFailure, finish } = harness("app", {
  required: ["E2E_API_URL", "E2E_EMAIL", "E2E_PASSWORD"],
});
const { E2E_API_URL: apiUrl, E2E_EMAIL: email, E2E_PASSWORD: password } = env;

async function apiSession() {
  const token = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }),
  }).then((r) => r.json());
  check(token.access_token, `password grant: ${JSON.stringify(token)}`);
  const headers = { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" };
  return (path, init = {}) => fetch(apiUrl + path, { ...init, headers: { ...headers, ...(init.headers ?? {}) } }).then(async (r) => {
    check(r.ok, `${init.method ?? "GET"} ${path}: ${r.status}`);
    return r.status === 204 ? null : r.json();
  });
}

/** For each colour scheme and width: open `path`, wait for `ready`, screenshot, axe. */
async function capture(page, shot, path, ready) {
  for (const colorScheme of ["light", "dark"]) {
    for (const [vpName, vp] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(vp);
      await page.emulateMedia({ colorScheme });
      await page.goto(base + path);
      if (ready) await ready(page);
      await page.waitForLoadState("networkidle");
      const file = join(report.outDir, `${shot}-${colorScheme}-${vpName}.png`);
      await page.screenshot({ path: file, fullPage: true });
      report.screenshots.push(file);
      await axe(page, `${shot} ${colorScheme} ${vpName}`);
    }
  }
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.emulateMedia({ colorScheme: "light" });
}

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.mobile, locale: "en-CA" });
  page = await context.newPage();
  watch(page);
  const api = await apiSession();
  const summary = await api("/api/v1/plan/summary");
  console.log(`API: fi_date ${summary.fi_date}, fire_number ${summary.fire_number}`);
  check(summary.fi_date, "the demo household reaches FI within its plan");

  await step("a new device asks which server to use, then signs in", async () => {
    await page.goto(base + "/");
    await page.getByRole("button", { name: "Sign in" }).waitFor({ timeout: 30000 });
    await page.getByText("Use another server").click();
    await page.getByLabel("Server address").fill(apiUrl);
    await page.getByRole("button", { name: "Check and save" }).click();
    await page.getByText(`Server: ${apiUrl}`).waitFor({ timeout: 15000 });
    await capture(page, "sign-in", "/sign-in", (p) => p.getByRole("button", { name: "Sign in" }).waitFor());
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("plan-headline").waitFor({ timeout: 30000 });
  });

  await step("the plan shows the plan summary's FI date and FIRE number", async () => {
    const month = await page.evaluate((d) => new Intl.DateTimeFormat("en-CA", { month: "long", year: "numeric" })
      .format(new Date(`${d.slice(0, 10)}T00:00:00`)), summary.fi_date);
    check((await page.getByTestId("plan-headline").textContent()) === month, `FI date shown is ${month}`);
    const fire = await page.getByTestId("fire-number-card").textContent();
    const dollars = Math.round(Number(summary.fire_number)).toLocaleString("en-CA");
    check(fire.includes(`$${dollars}`), `FIRE number $${dollars} in "${fire}"`);
    await page.getByRole("button", { name: "Show figures" }).click();
    await page.getByTestId("net-worth-table").waitFor();
    await capture(page, "plan", "/", (p) => p.getByTestId("plan-headline").waitFor({ timeout: 30000 }));
  });
  await step("the coach answers with the plan's FIRE number, and a change it proposes is saved only on approval", async () => {
    await page.goto(base + "/coach");
    const box = page.getByLabel("Message the coach");
    await box.waitFor({ timeout: 30000 });
    await box.fill("What is my FIRE number?");
    await page.getByRole("button", { name: "Send" }).click();
    const card = page.getByTestId("tool-card").last();
    await card.waitFor({ timeout: 60000 });
    const dollars = Math.round(Number(summary.fire_number)).toLocaleString("en-CA");
    await page.getByText(`$${dollars}`).first().waitFor({ timeout: 30000 });
    const before = await api("/api/v1/budget");
    const wants = Number(before.wants_percentage) === 25 ? 30 : 25;
    const needs = 80 - wants;
    await box.fill(`Save my budget: ${needs}% needs, ${wants}% wants, 20% savings`);
    await page.getByRole("button", { name: "Send" }).click();
    const approval = page.getByTestId("approval-card").last();
    await approval.waitFor({ timeout: 60000 });
    await approval.getByTestId("diff-wants_percentage").waitFor();
    check(Number((await api("/api/v1/budget")).wants_percentage) === Number(before.wants_percentage), "nothing saved before approval");
    await axe(page, "coach approval request");
    await page.screenshot({ path: join(report.outDir, "coach-approval-mobile.png"), fullPage: true });
    await approval.getByRole("button", { name: "Approve" }).click();
    await approval.getByText("Approved").first().waitFor({ timeout: 60000 });
    let saved = null;
    for (let i = 0; i < 40 && Number(saved) !== wants; i++) {
      saved = (await api("/api/v1/budget")).wants_percentage;
      if (Number(saved) !== wants) await page.waitForTimeout(250);
    }
    check(Number(saved) === wants, `wants_percentage ${saved} after approving ${wants}`);
    await capture(page, "coach", "/coach", (p) => p.getByTestId("approval-card").last().waitFor({ timeout: 30000 }));
  });

  await step("a settings form saves, and the API reads the new value back", async () => {
    const before = await api("/api/v1/income");
    const next = Number(before.other_income ?? 0) + 15;
    await page.goto(base + "/more");
    await page.getByText("Income Sources").click();
    const field = page.getByLabel("Other income", { exact: true });
    await field.waitFor({ timeout: 20000 });
    await field.fill(String(next));
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("save-status").waitFor({ timeout: 20000 });
    const status = await page.getByTestId("save-status").textContent();
    check(!/waiting|not saved|error/i.test(status), `save status: ${status}`);
    const after = await api("/api/v1/income");
    check(Number(after.other_income) === next, `other_income ${after.other_income} after saving ${next}`);
    await capture(page, "settings-income", "/settings/income", (p) => p.getByLabel("Other income", { exact: true }).waitFor({ timeout: 20000 }));
  });

  await step("help search finds an article and opens it with its sources", async () => {
    await page.goto(base + "/help");
    await page.getByTestId("help-search").fill("TFSA contribution room");
    const results = page.getByTestId("help-search-results");
    await results.waitFor({ timeout: 30000 });
    await results.getByRole("button").first().click();
    await page.getByTestId("article-title").waitFor({ timeout: 20000 });
    const title = await page.getByTestId("article-title").textContent();
    check(/TFSA|contribution|room/i.test(title), `opened "${title}"`);
    await capture(page, "help", "/help", (p) => p.getByTestId("help-search").waitFor({ timeout: 20000 }));
  });

  await step("More: every settings form, the tools, privacy mode hides balances", async () => {
    await page.goto(base + "/more");
    for (const title of ["Personal Profile", "Household", "Bank Accounts", "Financial Goals", "Preferences"]) {
      await page.getByText(title, { exact: true }).first().waitFor({ timeout: 20000 });
    }
    await capture(page, "more", "/more", (p) => p.getByText("Your details").waitFor({ timeout: 20000 }));
    await page.getByRole("switch", { name: "Privacy mode" }).click();
    await page.goto(base + "/");
    await page.getByTestId("plan-headline").waitFor({ timeout: 30000 });
    const card = await page.getByTestId("net-worth-card").textContent();
    check(card.includes("•••••") && !/\$\d/.test(card), `net worth hidden: "${card.slice(0, 80)}"`);
    await page.goto(base + "/more");
    await page.getByRole("switch", { name: "Privacy mode" }).click();
  });
} catch (error) {
  failed = true;
  await onFailure(error, { app: page });
} finally {
  await browser.close();
}
finish(failed);

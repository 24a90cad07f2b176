#!/usr/bin/env node
// End-to-end run of the planning screens (/fire-dashboard, /analysis, /progress) in Debian's chromium against a
// running `firepath serve` whose database holds the seeded demo user (tests/web/test_e2e_dashboard.py seeds it).
//   E2E_BASE_URL        the server (required)
//   E2E_EMAIL, E2E_PASSWORD  the demo account (required)
//   E2E_OUT_DIR         where screenshots and report.json go (default .artifacts/e2e-dashboard/<timestamp>)
//   CHROMIUM            browser binary (default /usr/bin/chromium)
// Checks: the dashboard's FI date and FIRE number equal GET /api/v1/plan/summary's in both dashboard-layout variants
// (the date formatted as the app formats dates, the FIRE number to the dollar); Analysis states the same FI date;
// moving the extra-saving what-if slider changes the what-if FI date; the optimiser shows its result; the projection,
// cash flow, Monte Carlo and backtest fill from the household plan; Progress shows the same FIRE number and FI date.
// The dashboard's chart marks FI, retirement, CPP, OAS and the dated future plans, with a key; Analysis's chart is the
// dashboard's, point for point; the cash-flow table has a row a plan year; the lifetime tax and its parts, and the
// drawdown by account, are the household plan's; each risk card asks its question in one sentence; a what-if saved
// as a scenario is compared beside the plan (FI date, success rate, lifetime tax as the API states them, one net-worth
// line each); with no scenario left, the Scenarios tab says how to save one.
// axe-core (no serious or critical violation) and screenshots light/dark at 1280 and 390 px on every page.
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, report, step, check, axe, capture, watch, failed: onFailure, finish } =
  harness("dashboard", { required: ["E2E_EMAIL", "E2E_PASSWORD"], settleLoading: true });
const { E2E_EMAIL: email, E2E_PASSWORD: password } = env;

/** The API's own answers, fetched with a password grant (the same account the browser signs in with). */
async function apiAnswers() {
  const token = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }),
  }).then((r) => r.json());
  check(token.access_token, `password grant: ${JSON.stringify(token)}`);
  const headers = { authorization: `Bearer ${token.access_token}` };
  const [snapshot, summary, risk, household] = await Promise.all(["/api/v1/snapshot", "/api/v1/plan/summary",
    "/api/v1/plan/household/risk", "/api/v1/plan/household"].map((p) => fetch(base + p, { headers }).then((r) => r.json())));
  return { snapshot, summary, risk, household, headers };
}

const digits = (s) => s.replace(/[^0-9]/g, "");
/** An ISO date as the app shows an FI date (formatMonth of @firepath/shared/format), formatted by the browser itself. */
const shownDate = (page, iso) => page.evaluate((d) => new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "long" })
  .format(new Date(`${d}T00:00:00`)), iso);

/** The rows of the figures table behind a chart (the screen reader's view of it), as text. */
const figures = (page, testId) => page.evaluate((t) => [...document.querySelectorAll(`[data-testid="${t}"] details tbody tr`)]
  .map((r) => r.textContent), testId);

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
  page = await context.newPage();
  watch(page);
  const { snapshot, summary, risk, household, headers } = await apiAnswers();
  const api = (path, init = {}) => fetch(base + path, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
  console.log(`API: fire_number ${summary.fire_number}, fi_date ${summary.fi_date}, success ${summary.success_rate}`);
  check(summary.fi_date, "the demo household reaches FI within its plan");

  await step("the demo user signs in", async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    // An account seeded less than 5 minutes ago counts as new and is sent to the wizard (spec section 3).
    await page.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/);
  });

  const fiExpected = await shownDate(page, summary.fi_date);
  let dashboardFi = "";
  let dashboardPoints = [];
  for (const layout of ["original", "enhanced"]) {
    await step(`dashboard (${layout} layout): FI date and FIRE number equal the plan summary's, every card filled`, async () => {
      await page.evaluate((v) => localStorage.setItem("fire-path-ab-dashboard-layout", v), layout);
      await page.goto(`${base}/fire-dashboard`);
      const root = page.getByTestId("fire-dashboard");
      await root.waitFor();
      check((await root.getAttribute("data-layout")) === layout, `data-layout is ${layout}`);
      dashboardFi = await page.getByTestId("fi-date").innerText();
      check(dashboardFi === fiExpected, `FI date on screen "${dashboardFi}" = API ${summary.fi_date} ("${fiExpected}")`);
      const shown = await page.getByTestId("fire-number").innerText();
      check(digits(shown) === String(Math.round(summary.fire_number)), `FIRE number on screen ${shown} = API ${summary.fire_number}`);
      const thumb = await page.getByTestId("rule-of-thumb").innerText();
      check(digits(thumb) === `${Math.round(summary.rule_of_thumb)}25` && /rule of thumb \(25x spending\)/.test(thumb), `rule of thumb beside it: ${thumb}`);
      check((await page.getByTestId("plan-headline").innerText()) === summary.headline, "the plan's headline");
      await page.getByTestId("fire-progress").waitFor();
      check((await page.getByTestId("fire-number-card").innerText()).includes(`${(summary.progress * 100).toFixed(1).replace(/\.0$/, "")}%`),
        `progress ${summary.progress}`);
      check(digits(await page.getByTestId("net-worth-value").innerText()) === String(Math.round(summary.net_worth_today)), "net worth equals the summary's");
      const rate = await page.getByTestId("success-rate-value").innerText();
      check(rate === `${(summary.success_rate * 100).toFixed(1).replace(/\.0$/, "")}%`, `success rate ${rate} vs API ${summary.success_rate}`);
      check((await page.getByTestId("success-question").innerText()) === summary.success_question, "the success rate's question");
      if (summary.target) check((await page.getByTestId("target-sentence").innerText()) === summary.target.sentence, "the target sentence");
      const savingsRate = await page.getByTestId("savings-rate-value").innerText();
      check(savingsRate === `${(snapshot.savings_rate * 100).toFixed(1).replace(/\.0$/, "")}%`, `savings rate ${savingsRate} vs API ${snapshot.savings_rate}`);
      const links = page.getByTestId("next-actions").getByRole("link");
      check((await links.count()) === summary.next_actions.length, `${summary.next_actions.length} next actions`);
      for (const [i, a] of summary.next_actions.entries()) {
        check((await links.nth(i).getAttribute("href")) === a.route, `next action "${a.title}" links to ${a.route}`);
      }
      await page.getByTestId("dashboard-plan-chart").locator("svg.recharts-surface").first().waitFor({ timeout: 20000 });
      const chart = page.getByTestId("dashboard-plan-chart");
      check((await chart.locator(".recharts-reference-line").count()) >= 2, "FI and retirement lines drawn");
      check((await chart.locator(".recharts-reference-line.marker-fi").count()) === 1, "one FI line");
      check((await chart.locator(".recharts-reference-line.marker-retirement").count()) >= 1, "a retirement line");
      const kinds = new Set(summary.milestones.map((m) => m.kind));
      for (const kind of ["cpp", "oas", "plan"]) {
        if (!kinds.has(kind)) continue;
        check((await chart.locator(`.recharts-reference-dot.marker-${kind}`).count()) >= 1, `a ${kind} mark on the net-worth line`);
      }
      const key = await page.getByTestId("marker-key").innerText();
      for (const [kind, words] of [["cpp", "CPP starts"], ["oas", "OAS starts"], ["plan", "Future plan"], ["retirement", "Retirement"]]) {
        if (kinds.has(kind)) check(key.includes(words), `the key names "${words}": ${key}`);
      }
      check((await page.getByTestId("milestones").locator("li").count()) > 1, "milestones listed");
      dashboardPoints = await figures(page, "plan-chart-card");
      check(dashboardPoints.length === summary.years.length, `the chart's figures table has a row a point (${dashboardPoints.length} vs ${summary.years.length})`);
      check(dashboardPoints[0].startsWith(String(summary.years[0])) && digits(dashboardPoints[0]).includes(String(Math.round(summary.net_worth_today))),
        `the chart starts today with today's net worth: ${dashboardPoints[0]}`);
      // No lone card over an empty area: each row of cards fills its grid.
      const holes = await page.evaluate(() => [...document.querySelectorAll('[data-testid="fire-dashboard"] > .grid')].map((g) => {
        const cols = getComputedStyle(g).gridTemplateColumns.split(" ").length;
        const spans = [...g.children].reduce((n, c) => n + (Number(getComputedStyle(c).gridColumnEnd.replace("span ", "")) || 1), 0);
        return spans % cols;
      }));
      check(holes.every((h) => h === 0), `every row of cards is full at 1280 px: ${JSON.stringify(holes)}`);
    });
  }

  await step("analysis: the FI date equals the dashboard's", async () => {
    await page.goto(`${base}/analysis`);
    const fi = await page.getByTestId("analysis-fi-date").innerText({ timeout: 20000 });
    check(fi === dashboardFi, `Analysis "${fi}" = dashboard "${dashboardFi}"`);
    // Each risk card says by when half and 9 in 10 of its markets could stop working.
    await page.goto(`${base}/analysis?tab=fire-projections`);
    for (const card of ["monte-carlo", "backtest"]) {
      const median = await page.getByTestId(`${card}-fi-median`).innerText({ timeout: 30000 });
      check(/^[A-Z][a-z]+ \d{4}$/.test(median), `${card}: half of the runs independent by ${median}`);
    }
  });

  await step("analysis: the plan month by month adds up to its years, and pay stops in the month of retirement", async () => {
    await page.goto(`${base}/analysis?tab=fire-projections`);
    const table = page.getByTestId("monthly-table");
    await table.waitFor({ timeout: 20000 });
    const rows = table.locator("tbody tr");
    check((await rows.count()) === 12, "the next twelve months");
    const heads = await table.locator("thead th").allInnerTexts();
    const column = (name) => heads.indexOf(name);
    const sumOf = async (name) => (await rows.evaluateAll((trs, i) => trs.map((tr) => tr.children[i].textContent), column(name)))
      .reduce((sum, text) => sum + (Number(text.replace(/[^0-9]/g, "")) || 0), 0);
    const spent = await sumOf("Spending");
    check(Math.abs(spent - household.years[0].spending) <= 12, `twelve months' spending ${spent} = the first year's ${household.years[0].spending}`);
    // The year the demo couple stop working: pay in the months before, none from the month they retire.
    const retire = (await page.getByTestId("monthly").getByRole("button").allInnerTexts()).find((t) => /retire/i.test(t));
    check(Boolean(retire), `a shortcut to the retirement year: ${retire}`);
    const year = Number(retire.slice(0, 4));
    await page.getByTestId("monthly-year").selectOption(String(year));
    await page.waitForFunction((y) => document.querySelector('[data-testid="monthly-table"] tbody tr th')?.textContent?.includes(String(y)),
      year, { timeout: 20000 });
    const pay = await rows.evaluateAll((trs, i) => trs.map((tr) => tr.children[i].textContent), column("Pay"));
    const stop = pay.findIndex((v) => v === "–");
    check(stop >= 0 && pay.slice(0, stop).every((v) => v !== "–") && pay.slice(stop).every((v) => v === "–"),
      `pay until a month, then none: ${pay.join(" ")}`);
    const fromApi = await api(`/api/v1/plan/household/months?year=${year}`).then((r) => r.json());
    check(fromApi.months.findIndex((m) => m.employment === 0) === stop, "the month pay stops is the API's");
  });

  await step("analysis: moving the extra-saving slider changes the what-if FI date", async () => {
    await page.goto(`${base}/analysis?tab=optimization`);
    const fi = page.getByTestId("whatif-fi-date");
    await fi.waitFor({ timeout: 20000 });
    const before = await fi.innerText();
    check(before === dashboardFi, `untouched what-if shows the plan's date: "${before}"`);
    const thumb = page.getByRole("slider", { name: "Extra monthly saving" });
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
    check(/sooner than your plan/.test(await page.getByTestId("whatif-result").innerText()), "saving more reaches FI sooner");
    // Reset brings the plan's date back.
    await page.getByRole("button", { name: "Reset to my plan" }).click();
    await page.waitForFunction((b) => document.querySelector('[data-testid="whatif-fi-date"]')?.textContent === b, before, { timeout: 15000 });
  });

  await step("analysis: the optimiser shows its result", async () => {
    const card = page.getByTestId("optimiser");
    const result = await page.getByTestId("optimiser-summary").innerText({ timeout: 20000 });
    check(result.length > 20, `optimiser summary: ${result}`);
    check((await card.getByTestId("optimiser-table").locator("tbody tr").count()) === 6, "best and saved side by side");
    check((await card.locator('[aria-busy="true"]').count()) === 0, "not busy once done");
    await card.getByRole("button", { name: "Less tax" }).click();
    await page.waitForFunction(() => /tax/i.test(document.querySelector('[data-testid="optimiser-summary"]')?.textContent ?? ""), null, { timeout: 20000 });
    console.log(`\n    ${result}\n    ${await page.getByTestId("optimiser-summary").innerText()}`);
  });

  await step("analysis: levers, withdrawal rules and RRSP/TFSA/FHSA advice fill in", async () => {
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
    check(/sooner|later|Reaches FI|Same as|Still not/.test(await page.getByTestId("levers").innerText()), "levers ranked");
  });

  await step("analysis: projection, cash flow, Monte Carlo and backtest from the household plan", async () => {
    await page.getByRole("tab", { name: "FIRE projections" }).click();
    await page.getByTestId("projection-chart").locator("svg.recharts-surface").first().waitFor();
    check((await page.getByTestId("projection-fi-date").innerText()) === dashboardFi, "the projection's FI date is the dashboard's");
    check((await page.getByTestId("projection-chart").locator(".recharts-line").count()) === 2, "net worth and investable lines");
    check((await page.getByTestId("cash-flow-table").locator("tbody tr").count()) === household.years.length, "a cash-flow row a plan year");
    check(/\$/.test(await page.getByTestId("lifetime-tax").innerText()), "lifetime tax shown");
    // Analysis's chart is the dashboard's, point for point.
    const analysisPoints = await figures(page, "projection");
    check(JSON.stringify(analysisPoints) === JSON.stringify(dashboardPoints), "the projection chart's figures are the dashboard chart's");
    // The lifetime tax and its parts, as the household plan states them.
    const h = household.summary;
    for (const [id, value] of [["lifetime-tax-total", h.lifetime_tax], ["lifetime-income-tax", h.lifetime_income_tax],
      ["lifetime-oas-recovery", h.lifetime_oas_recovery], ["estate-tax", h.estate_tax], ["lifetime-payroll", h.lifetime_payroll]]) {
      const shown = await page.getByTestId(id).innerText();
      check(digits(shown) === String(Math.round(value)), `${id} ${shown} = API ${value}`);
    }
    check(digits(await page.getByTestId("lifetime-tax-total").innerText()) === digits(await page.getByTestId("lifetime-tax").innerText()),
      "the lifetime-tax card and the projection agree");
    check((await page.getByTestId("tax-chart").locator(".recharts-bar").count()) >= 2, "tax by year: income tax and payroll bars");
    // The drawdown by account: a band per account held, a row a point in its table.
    const bands = ["rrsp", "tfsa", "fhsa", "non_registered", "cash"].filter((k) => household.balances[k].some((v) => v > 0)).length;
    check((await page.getByTestId("drawdown-chart").locator(".recharts-area").count()) === bands, `${bands} account bands`);
    check((await page.getByTestId("drawdown").locator("details tbody tr").count()) === household.balances.years.length, "drawdown table");
    check(/Runs out|No account runs out/.test(await page.getByTestId("drawdown-emptied").innerText()), "when each account runs out");
    const success = await page.getByTestId("mc-success").innerText({ timeout: 20000 });
    check(success === `${(risk.monte_carlo.success_rate * 100).toFixed(1).replace(/\.0$/, "")}%`, `Monte Carlo success rate ${success} vs API ${risk.monte_carlo.success_rate}`);
    check(success === `${(summary.success_rate * 100).toFixed(1).replace(/\.0$/, "")}%`, "the card's figure is the dashboard's");
    check((await page.getByTestId("monte-carlo-question").innerText()) === risk.monte_carlo.question, "Monte Carlo states its question");
    check((await page.getByTestId("monte-carlo-chart").locator(".recharts-area").count()) === 2, "two percentile bands");
    const bt = await page.getByTestId("backtest-success").innerText({ timeout: 20000 });
    check(/%$/.test(bt), `backtest success ${bt}`);
    check((await page.getByTestId("backtest-question").innerText()) === risk.backtest.question, "the backtest states its question");
    for (const q of [risk.monte_carlo.question, risk.backtest.question]) {
      check(/^[A-Z][^.?!]*\?$/.test(q.replace(/(\d),(\d)/g, "$1$2")), `one sentence, one question: "${q}"`);
    }
  });

  await step("analysis: a what-if saved as a scenario is compared beside the plan", async () => {
    await page.goto(`${base}/analysis?tab=optimization`);
    await page.getByTestId("whatif-fi-date").waitFor({ timeout: 20000 });
    const thumb = page.getByRole("slider", { name: "Extra monthly saving" });
    await thumb.focus();
    for (let i = 0; i < 2; i++) await thumb.press("PageUp");
    await page.waitForFunction(() => document.querySelector('[data-testid="whatif-result"]')?.getAttribute("aria-busy") === "false"
      && !document.querySelector('[data-testid="save-scenario"] button[type="submit"]')?.disabled, null, { timeout: 15000 });
    await page.getByLabel("Keep this what-if as a scenario").fill("Save more (e2e)");
    await page.getByRole("button", { name: "Save as a scenario" }).click();
    await page.getByTestId("scenario-saved").waitFor({ timeout: 15000 });
    await page.getByTestId("scenario-saved").getByRole("link").click();
    await page.getByTestId("scenario-picker").waitFor({ timeout: 20000 });
    const saved = await api("/api/v1/plan/scenarios").then((r) => r.json());
    check(saved.some((s) => s.name === "Save more (e2e)" && s.changes.extra_monthly_saving > 0), "saved with the slider's change");
    const picked = saved.slice(-3);
    for (const s of picked) check(await page.getByRole("checkbox", { name: new RegExp(s.name.replace(/[()]/g, "\\$&")) }).isChecked(), `"${s.name}" picked`);
    await page.getByTestId("comparison-table").waitFor({ timeout: 30000 });
    // A cell as shown; the best on each line also says "(best)" to screen readers.
    const cell = async (id, i) => (await page.getByTestId(`compare-${id}-${i}`).innerText()).replace(/\s*\(best\)$/, "");
    const compared = await api(`/api/v1/plan/scenarios/compare?${picked.map((s) => `ids=${s.id}`).join("&")}`).then((r) => r.json());
    check(compared.results.length === picked.length + 1, "the plan and each pick");
    check((await cell("fi", 0)) === dashboardFi, "'Your plan' has the dashboard's FI date");
    check((await cell("success", 0)) === `${(summary.success_rate * 100).toFixed(1).replace(/\.0$/, "")}%`,
      "'Your plan' has the dashboard's success rate");
    for (const [i, r] of compared.results.entries()) {
      check((await cell("fi", i)) === (r.fi_date ? await shownDate(page, r.fi_date) : "Not within the plan"),
        `${r.name}: FI date as the API states it`);
      check(digits(await cell("tax", i)) === String(Math.round(r.lifetime_tax)), `${r.name}: lifetime tax`);
      check(digits(await cell("estate", i)) === String(Math.round(r.estate)), `${r.name}: estate`);
    }
    const more = compared.results.find((r) => r.name === "Save more (e2e)");
    check(more.months_to_fi < compared.results[0].months_to_fi, "saving more reaches FI sooner in the comparison too");
    check((await page.getByTestId("comparison-chart").locator(".recharts-line").count()) === compared.results.length, "one net-worth line each");
    console.log(`\n    ${compared.results.map((r) => `${r.name}: ${r.fi_date}, ${r.success_rate}`).join(" | ")}`);
  });

  await step("progress: the FIRE number and FI date equal the dashboard's", async () => {
    await page.goto(`${base}/progress`);
    const fire = await page.getByTestId("progress-fire-number").innerText({ timeout: 20000 });
    check(digits(fire) === String(Math.round(summary.fire_number)), `Progress FIRE number ${fire} = API ${summary.fire_number}`);
    check((await page.getByTestId("progress-fi-date").innerText()) === dashboardFi, "Progress FI date is the dashboard's");
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

  await step("the demo user's dashboard and Analysis fit a 390 px phone: nothing scrolls sideways", async () => {
    await page.setViewportSize(VIEWPORTS.mobile);
    try {
      for (const [path, ready] of [["/fire-dashboard", "dashboard-plan-chart"], ["/analysis?tab=fire-projections", "drawdown-chart"],
        ["/analysis?tab=optimization", "whatif-fi-date"], ["/analysis?tab=scenarios", "comparison-chart"]]) {
        await page.goto(base + path);
        await page.getByTestId(ready).waitFor({ timeout: 30000 });
        await page.waitForLoadState("networkidle");
        const wide = await page.evaluate(() => {
          const limit = document.documentElement.clientWidth;
          // A visually hidden (sr-only) text placed outside a scrolling table also widens the page: count it too.
          const all = [...document.querySelectorAll("body *")];
          const width = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth,
            ...all.map((el) => el.getBoundingClientRect().right + window.scrollX));
          if (width <= limit + 0.5) return [];
          // The outermost elements that stick out (not inside a scrolling region of their own).
          // The elements that stick out and are not clipped by a scrolling region of their own (an absolutely
          // positioned one escapes its region unless a positioned ancestor sits inside it).
          const clipped = (el) => {
            let fixedTo = getComputedStyle(el).position === "absolute";
            for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
              const style = getComputedStyle(p);
              if (fixedTo && style.position !== "static") fixedTo = false;
              if (!fixedTo && /(auto|scroll|hidden|clip)/.test(style.overflowX)) return true;
            }
            return false;
          };
          return all.filter((el) => {
            const r = el.getBoundingClientRect();
            return r.right > limit + 0.5 && r.width > 0 && !clipped(el);
          }).slice(-5).map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} [${el.getAttribute("data-testid") ?? ""}] ${Math.round(el.getBoundingClientRect().right)}px`);
        });
        check(wide.length === 0, `${path} is wider than the phone: ${wide.join(" | ")}`);
      }
      // On the phone the comparison is one block per plan (the table is for wider screens), "Your plan" first.
      const blocks = page.getByTestId("comparison-list").locator(":scope > li");
      check((await blocks.count()) >= 2 && (await page.getByTestId("comparison-table").isHidden()), "the comparison stacks on a phone");
      check((await blocks.first().innerText()).includes(dashboardFi), "the first block is your plan, with the dashboard's FI date");
    } finally {
      await page.setViewportSize(VIEWPORTS.desktop);
    }
  });

  await step("screenshots light/dark at 1280 and 390 px with axe-core", async () => {
    await page.evaluate(() => localStorage.setItem("fire-path-ab-dashboard-layout", "original"));
    await capture(page, "fire-dashboard-original", "/fire-dashboard", '[data-testid="fire-progress"]',
      (p) => p.getByTestId("dashboard-plan-chart").locator("svg.recharts-surface").first().waitFor({ timeout: 20000 }));
    await page.evaluate(() => localStorage.setItem("fire-path-ab-dashboard-layout", "enhanced"));
    await capture(page, "fire-dashboard-enhanced", "/fire-dashboard", '[data-testid="fire-progress"]',
      (p) => p.getByTestId("dashboard-plan-chart").locator("svg.recharts-surface").first().waitFor({ timeout: 20000 }));
    await capture(page, "analysis-overview", "/analysis?tab=overview", '[data-testid="benchmarks"]');
    await capture(page, "analysis-projections", "/analysis?tab=fire-projections", '[data-testid="mc-success"]',
      (p) => p.getByTestId("backtest-success").waitFor({ timeout: 20000 }));
    await capture(page, "analysis-monthly", "/analysis?tab=fire-projections", '[data-testid="monthly-table"]',
      (p) => p.getByTestId("monthly").scrollIntoViewIfNeeded());
    await capture(page, "analysis-optimization", "/analysis?tab=optimization", '[data-testid="whatif-fi-date"]',
      async (p) => {
        await p.getByTestId("allocation-list").waitFor({ timeout: 20000 });
        await p.getByTestId("optimiser-summary").waitFor({ timeout: 20000 });
      });
    await capture(page, "analysis-scenarios", "/analysis?tab=scenarios", '[data-testid="comparison-chart"]',
      (p) => p.getByTestId("comparison-chart").locator("svg.recharts-surface").first().waitFor({ timeout: 20000 }));
    await capture(page, "progress", "/progress", '[data-testid="net-worth-chart"]',
      (p) => p.getByTestId("progress-fire-number").waitFor({ timeout: 20000 }));
  });

  await step("with no scenario saved, the Scenarios tab says how to save one", async () => {
    for (const s of await api("/api/v1/plan/scenarios").then((r) => r.json())) {
      check((await api(`/api/v1/plan/scenarios/${s.id}`, { method: "DELETE" })).status === 204, `deleted ${s.name}`);
    }
    await page.goto(`${base}/analysis?tab=scenarios`);
    const empty = page.getByTestId("scenarios-empty");
    await empty.waitFor({ timeout: 20000 });
    check(/Save as a scenario/.test(await empty.innerText()), "names the button that saves one");
    check((await empty.getByRole("link", { name: "Try a what-if" }).getAttribute("href")) === "/analysis?tab=optimization", "links to the what-if");
    await axe(page, "analysis scenarios empty");
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
    check((await empty.getByTestId("next-actions").getByRole("link", { name: /spending/i }).getAttribute("href")) === "/settings/expenses",
      "the plan's next action points to the expenses");
    check((await empty.getByTestId("fi-date").count()) === 0, "no FI date without spending");
    await axe(empty, "fire-dashboard empty");
    await empty.goto(`${base}/analysis`);
    await empty.getByTestId("analysis-empty").waitFor();
    await empty.goto(`${base}/progress`);
    await empty.getByTestId("net-worth-empty").waitFor();
    await empty.getByTestId("fi-progress-empty").waitFor();
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

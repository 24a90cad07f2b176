// The harness every end-to-end script shares: its environment, the report and output folder, named steps and
// checks, axe-core, screenshots in both themes at both widths, the browser, and the way a run ends.
//   E2E_OUT_DIR   where screenshots and report.json go (default .artifacts/<script>/<timestamp>)
//   E2E_ONLY      run only the steps whose name contains this (while developing one step)
//   CHROMIUM      browser binary (default /usr/bin/chromium)
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { chromium } from "playwright-core";

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
export const LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** Debian's chromium (or CHROMIUM), headless, with `extraArgs` after the shared flags. */
export function launch(extraArgs = []) {
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: [...LAUNCH_ARGS, ...extraArgs] });
}

export function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
}

/**
 * One script's run. `required` names the environment variables it cannot do without (it exits 2 naming the
 * missing ones); `report` adds fields to report.json; `settleLoading` makes screenshots wait for loading
 * indicators to go.
 */
export function harness(name, { required = [], report: extra = {}, settleLoading = false } = {}) {
  const missing = ["E2E_BASE_URL", ...required].filter((key) => !process.env[key]);
  if (missing.length) {
    console.error(`${missing.join(", ")} required (the test in tests/web that runs web/e2e/${name}.mjs sets them)`);
    process.exit(2);
  }
  const env = Object.fromEntries(required.map((key) => [key, process.env[key]]));
  const base = process.env.E2E_BASE_URL;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const folder = name === "run" ? "e2e" : `e2e-${name}`; // run.mjs, the first, kept the plain name
  const outDir = resolve(process.env.E2E_OUT_DIR ?? join(import.meta.dirname, "..", "..", ".artifacts", folder, stamp));
  mkdirSync(outDir, { recursive: true });
  const report = { base, outDir, steps: [], axe: {}, screenshots: [], consoleErrors: [], ...extra };

  async function step(title, fn) {
    if (process.env.E2E_ONLY && !title.includes(process.env.E2E_ONLY)) return;
    const started = Date.now();
    process.stdout.write(`- ${title} ... `);
    try {
      await fn();
      report.steps.push({ name: title, ok: true, ms: Date.now() - started });
      console.log(`ok (${Date.now() - started} ms)`);
    } catch (error) {
      report.steps.push({ name: title, ok: false, error: String(error) });
      console.log("FAILED");
      throw error;
    }
  }

  /** axe-core on the page as it stands: no serious or critical violation. */
  async function axe(page, label) {
    await page.evaluate(axeSource);
    const results = await page.evaluate(async () => {
      const r = await window.axe.run(document, { resultTypes: ["violations"] });
      return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
    });
    report.axe[label] = results;
    const bad = results.filter((v) => v.impact === "serious" || v.impact === "critical");
    check(bad.length === 0, `axe on ${label}: ${JSON.stringify(bad, null, 1)}`);
  }

  /** Waits for `ready`: a CSS selector, `{ text }`, a function of the page giving a locator or a promise, or nothing. */
  async function waitReady(page, ready) {
    if (!ready) return;
    if (typeof ready === "string") return page.locator(ready).first().waitFor({ timeout: 20000 });
    if (typeof ready === "object" && "text" in ready) return page.getByText(ready.text, { exact: false }).first().waitFor({ timeout: 20000 });
    const waited = await ready(page);
    if (waited && typeof waited.first === "function") await waited.first().waitFor({ timeout: 20000 });
  }

  /** For each theme and width: load `path`, wait for `ready` (and `prepare`), screenshot, axe. */
  async function capture(page, shot, path, ready, prepare) {
    for (const theme of ["light", "dark"]) {
      for (const [vpName, vp] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(vp);
        await page.evaluate((t) => localStorage.setItem("fire-path-theme", t), theme);
        await page.goto(base + path);
        await waitReady(page, ready);
        if (prepare) await prepare(page);
        await page.waitForLoadState("networkidle");
        if (settleLoading) {
          await page.locator('[role="status"] .sr-only').first().waitFor({ state: "detached", timeout: 20000 }).catch(() => {});
        }
        const cls = await page.evaluate(() => document.documentElement.className);
        check(cls.includes(theme), `${path}: root class has ${theme} (got "${cls}")`);
        const file = join(outDir, `${shot}-${theme}-${vpName}.png`);
        await page.screenshot({ path: file, fullPage: true });
        report.screenshots.push(file);
        await axe(page, `${shot} ${theme} ${vpName}`);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  }

  /** Records the page's console errors, uncaught errors and failed requests in the report. */
  function watch(page, who = "") {
    const prefix = who ? `${who}: ` : "";
    page.on("console", (m) => m.type() === "error" && report.consoleErrors.push(`${prefix}${m.text()}`));
    page.on("pageerror", (e) => report.consoleErrors.push(`${prefix}pageerror: ${e.message}`));
    page.on("response", (r) => r.status() >= 400 && report.consoleErrors.push(`${r.status()} ${r.request().method()} ${r.url()}`));
    return page;
  }

  /** After a failed step: the error, where each page stood, and a screenshot of each. */
  async function failed(error, pages = {}) {
    console.error(String(error?.stack ?? error));
    for (const [who, page] of Object.entries(pages)) {
      if (!page) continue;
      console.error(`${who} at ${page.url()}`);
      await page.screenshot({ path: join(outDir, `failure-${who}.png`), fullPage: true }).catch(() => {});
    }
  }

  /** Writes report.json, prints `summary` lines, and exits: 1 if a step failed, the server answered 5xx or the
   * page broke its Content-Security-Policy (the server's, api/core/headers.py: the client must run under it). */
  function finish(stepFailed, summary = []) {
    writeFileSync(join(outDir, "report.json"), JSON.stringify(report, null, 2));
    const serverErrors = report.consoleErrors.filter((e) => /^5\d\d /.test(e));
    if (serverErrors.length) console.error(`server errors:\n  ${serverErrors.join("\n  ")}`);
    const cspViolations = report.consoleErrors.filter((e) => /Content Security Policy/i.test(e));
    if (cspViolations.length) console.error(`Content-Security-Policy violations:\n  ${cspViolations.join("\n  ")}`);
    for (const line of summary) console.log(line);
    console.log(`screenshots: ${report.screenshots.length} in ${outDir}`);
    if (report.consoleErrors.length) console.log(`browser console errors: ${report.consoleErrors.length} (see report.json)`);
    process.exit(stepFailed || serverErrors.length || cspViolations.length ? 1 : 0);
  }

  return { env, base, outDir, report, step, check, axe, capture, watch, failed, finish };
}

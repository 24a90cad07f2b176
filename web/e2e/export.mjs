#!/usr/bin/env node
// End-to-end run of "Your data" (Settings: export and import) in Debian's chromium against a running `firepath serve`
// whose database holds the seeded demo user (tests/web/test_e2e_export.py seeds it).
//   E2E_BASE_URL        the server (required)
//   E2E_EMAIL, E2E_PASSWORD  the demo account (required); the new account this script signs up uses the same password
//   E2E_OUT_DIR         where screenshots, the downloaded files and report.json go (default .artifacts/e2e-export/<timestamp>)
//   CHROMIUM            browser binary (default /usr/bin/chromium)
// The demo user downloads the JSON and the CSV zip from Settings; a new user signs up in a fresh browser, imports the
// JSON from Settings (with a confirmation), and the accounts and income pages show the demo user's figures; a second
// import is refused with the API's message, and a file that is not an export is named as such. axe-core (no serious
// or critical violation) and screenshots light/dark at 1280 and 390 px of the card, the dialog and the error.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, outDir, report, step, check, axe, capture, watch, failed: onFailure, finish } =
  harness("export", { required: ["E2E_EMAIL", "E2E_PASSWORD"] });
const { E2E_EMAIL: email, E2E_PASSWORD: password } = env;
const newcomer = `export-move-${Date.now()}@example.com`;

async function signIn(page, who) {
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(who);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // An account made less than 5 minutes ago counts as new and is sent to the wizard (spec section 3).
  await page.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/);
}

/** What the accounts and income pages show: the accounts' total and names, and the income fields' values. */
async function figures(page) {
  await page.goto(`${base}/settings/accounts`);
  const total = page.getByText(/^Total balance /);
  await total.waitFor({ timeout: 20000 });
  const accounts = { total: await total.innerText(), names: [] };
  for (const name of ["Joint chequing", "Maya's TFSA", "Daniel's RRSP", "Family RESP"]) {
    if (await page.getByText(name, { exact: true }).count()) accounts.names.push(name);
  }
  await page.goto(`${base}/settings/income`);
  const takeHome = page.getByLabel("Monthly take-home pay", { exact: true });
  await takeHome.waitFor({ timeout: 20000 });
  await page.waitForLoadState("networkidle");
  const income = {};
  for (const label of ["Annual salary (before tax)", "Monthly take-home pay", "Partner income", "Side hustle income"]) {
    income[label] = await page.getByLabel(label, { exact: true }).inputValue();
  }
  return { accounts, income };
}

const yourData = (page) => page.getByRole("heading", { name: "Your data", exact: true });

const browser = await launch();
let failed = false;
let page;
let fresh;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA", acceptDownloads: true });
  page = await context.newPage();
  watch(page, "demo");
  let before;
  let exportPath;

  await step("the demo user signs in and reads their accounts and income", async () => {
    await signIn(page, email);
    before = await figures(page);
    report.before = before;
    check(before.accounts.names.length === 4, `the demo accounts are listed: ${JSON.stringify(before.accounts)}`);
    check(before.income["Monthly take-home pay"] !== "", `income filled: ${JSON.stringify(before.income)}`);
  });

  await step("Settings > Your data: Download JSON saves the whole export", async () => {
    await page.goto(`${base}/settings`);
    await yourData(page).waitFor({ timeout: 20000 });
    const [download] = await Promise.all([page.waitForEvent("download"),
      page.getByRole("button", { name: "Download JSON", exact: true }).click()]);
    const name = download.suggestedFilename();
    check(/^firepath-export-\d{4}-\d{2}-\d{2}\.json$/.test(name), `file name ${name}`);
    exportPath = join(outDir, name);
    await download.saveAs(exportPath);
    const data = JSON.parse(readFileSync(exportPath, "utf8"));
    check(data.format_version === 1, "format_version 1");
    check(data.accounts.length === 8 && data.goals.length === 4, `8 accounts and 4 goals: ${data.accounts.length}, ${data.goals.length}`);
    check(data.income.monthly_take_home === "7120.00", `money as a decimal string: ${data.income.monthly_take_home}`);
    await page.getByRole("status").filter({ hasText: `Downloaded ${name}.` }).waitFor({ timeout: 10000 });
  });

  await step("Download CSV (zip) saves a zip", async () => {
    const [download] = await Promise.all([page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV (zip)", exact: true }).click()]);
    const name = download.suggestedFilename();
    check(name.endsWith(".zip"), `file name ${name}`);
    const path = join(outDir, name);
    await download.saveAs(path);
    const bytes = readFileSync(path);
    check(bytes.length > 500 && bytes.subarray(0, 2).toString() === "PK", `a zip archive (${bytes.length} bytes)`);
  });

  await step("screenshots of the Your data card light/dark at 1280 and 390 px with axe-core", async () => {
    await capture(page, "settings-your-data", "/settings", (p) => yourData(p));
  });

  const freshContext = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
  fresh = await freshContext.newPage();
  watch(fresh, "newcomer");
  const fileInput = () => fresh.getByLabel("Export file (.json)", { exact: true });

  await step("a new user signs up and imports the file from Settings, after confirming", async () => {
    const signup = await fetch(`${base}/auth/v1/signup`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: newcomer, password }),
    });
    check(signup.ok, `sign-up ${signup.status}`);
    await signIn(fresh, newcomer);
    await fresh.goto(`${base}/settings`);
    await yourData(fresh).waitFor({ timeout: 20000 });
    const importButton = fresh.getByRole("button", { name: "Import this file", exact: true });
    check(await importButton.isDisabled(), "Import is disabled until a file is chosen");
    await fileInput().setInputFiles(exportPath);
    await importButton.click();
    const dialog = fresh.getByRole("dialog");
    await dialog.waitFor();
    check(/^Import firepath-export-.*\.json\?$/.test(await dialog.getByRole("heading").innerText()), "the dialog names the file");
    await axe(fresh, "import confirmation dialog");
    await fresh.screenshot({ path: join(outDir, "import-dialog-desktop.png") });
    report.screenshots.push(join(outDir, "import-dialog-desktop.png"));
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    const done = fresh.getByRole("status").filter({ hasText: /Imported \d+ saved items\./ });
    await done.waitFor({ timeout: 30000 });
    const text = await done.innerText();
    report.imported = text;
    check(/not restored/.test(text), `the result says what is not restored: ${text}`);
  });

  await step("the new account's accounts and income pages show the same figures", async () => {
    const after = await figures(fresh);
    report.after = after;
    check(JSON.stringify(after) === JSON.stringify(before), `same figures:\n before ${JSON.stringify(before)}\n after  ${JSON.stringify(after)}`);
  });

  await step("importing into an account that has data is refused with the API's message", async () => {
    await fresh.goto(`${base}/settings`);
    await yourData(fresh).waitFor({ timeout: 20000 });
    await fileInput().setInputFiles(exportPath);
    await fresh.getByRole("button", { name: "Import this file", exact: true }).click();
    await fresh.getByRole("dialog").getByRole("button", { name: "Import", exact: true }).click();
    const alert = fresh.getByRole("alert").filter({ hasText: "already has saved data" });
    await alert.waitFor({ timeout: 20000 });
  });

  await step("a file that is not an export: the card says so (screenshots and axe)", async () => {
    writeFileSync(join(outDir, "notes.json"), "these are my notes, not an export");
    await capture(fresh, "settings-your-data-error", "/settings", (p) => yourData(p), async (p) => {
      await p.getByLabel("Export file (.json)", { exact: true }).setInputFiles(join(outDir, "notes.json"));
      await p.getByRole("button", { name: "Import this file", exact: true }).click();
      await p.getByRole("dialog").getByRole("button", { name: "Import", exact: true }).click();
      await p.getByRole("alert").filter({ hasText: "notes.json is not a JSON file" }).waitFor({ timeout: 10000 });
      await p.evaluate(() => window.scrollTo(0, 0));
    });
  });
} catch (error) {
  failed = true;
  await onFailure(error, { demo: page, newcomer: fresh });
} finally {
  await browser.close();
}
finish(failed);

#!/usr/bin/env node
// End-to-end run of the web client in Debian's chromium (playwright-core) against a running `firepath serve`.
//   E2E_BASE_URL   the server (required), e.g. http://127.0.0.1:8123
//   E2E_DATA_DIR   the server's DATA_DIR, to read password-reset mail from its outbox (required)
//   E2E_OUT_DIR    where screenshots and report.json go (default .artifacts/e2e/<timestamp>)
//   CHROMIUM       browser binary (default /usr/bin/chromium)
// Flow: public pages, sign up → wizard, theme switch, shortcuts, sign out / in, reset password through the
// outbox link, account deletion; axe-core on every page (no serious or critical violation); screenshots of
// each page light and dark at 1280 px and 390 px.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { helpTourFlow } from "./help-tour-flow.mjs";
import { harness, launch, VIEWPORTS } from "./lib.mjs";
import { settingsFlow } from "./settings-flow.mjs";

const { env, base, outDir, report, step, check, axe, capture, watch, failed: onFailure, finish } =
  harness("run", { required: ["E2E_DATA_DIR"] });
const dataDir = env.E2E_DATA_DIR;
const setTheme = (page, theme) => page.evaluate((t) => localStorage.setItem("fire-path-theme", t), theme);

function newestMail(after) {
  const outbox = join(dataDir, "outbox");
  if (!existsSync(outbox)) return null;
  const files = readdirSync(outbox)
    .map((f) => join(outbox, f))
    .filter((f) => statSync(f).mtimeMs >= after)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return files[0] ? readFileSync(files[0], "utf8") : null;
}

function linkIn(mail) {
  // Quoted-printable soft breaks and escapes, then the first http(s) link.
  const text = mail.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  return /https?:\/\/[^\s"<>]+/.exec(text)?.[0] ?? null;
}

async function signIn(page, email, password) {
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOut(page) {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign Out" }).click();
  await page.waitForURL(`${base}/`);
}

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
  page = await context.newPage();
  watch(page);
  const email = `e2e-${Date.now()}@example.com`;
  const password = "first-password-1";
  const newPassword = "second-password-2";

  await step("landing page, dark by default", async () => {
    await page.goto(base);
    await page.getByRole("heading", { level: 1 }).waitFor();
    check((await page.evaluate(() => document.documentElement.classList.contains("dark"))), "dark class by default");
    check((await page.locator("header nav[aria-label=Main]").count()) === 0, "no app header on the landing page");
  });

  if (!process.env.E2E_SKIP_PUBLIC) await step("public pages: screenshots and axe", async () => {
    for (const [name, path, text] of [
      ["landing", "/", "Plan your path"], ["login", "/login", "Sign in"], ["signup", "/signup", "Create your account"],
      ["forgot-password", "/forgot-password", "Reset your password"], ["about", "/about", "About FIRE Path"],
      ["why-fire-matters", "/why-fire-matters", "Why FIRE matters"], ["privacy", "/privacy", "Privacy Policy"],
      ["terms", "/terms", "Terms of Use"], ["legal", "/legal", "Not a registered adviser"], ["security", "/security", "Reporting a vulnerability"],
      ["careers", "/careers", "How we work"], ["contact", "/contact", "Contact us"],
    ]) await capture(page, name, path, text && { text });
  });

  await step("protected route without a session redirects to /", async () => {
    await page.goto(`${base}/fire-dashboard`);
    await page.waitForURL(`${base}/`);
  });

  await step("no Google button without a configured provider", async () => {
    await page.goto(`${base}/login`);
    await page.getByRole("heading", { name: "Sign in", level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    check((await page.getByRole("button", { name: "Continue with Google" }).count()) === 0, "no Google button on /login");
  });

  await step("auth callback with an error goes to /login with its description", async () => {
    await page.goto(`${base}/auth-callback#error=access_denied&error_description=Consent+refused`);
    await page.waitForURL(`${base}/login`);
    await page.getByText("Consent refused").waitFor();
  });

  await step("sign up lands on the onboarding wizard", async () => {
    await page.goto(`${base}/signup`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${base}/onboarding/wizard`);
  });

  await step("signed-in layout: header, completion button, user menu display name", async () => {
    await page.goto(`${base}/fire-dashboard`);
    await page.getByRole("heading", { name: "FIRE Dashboard", level: 1 }).waitFor();
    const button = page.getByTestId("completion-button");
    await button.waitFor();
    check((await button.getAttribute("data-variant")) === "outline", "a new account's completion button is outline (below 50%)");
    await page.getByTestId("user-menu").click();
    check((await page.getByTestId("display-name").textContent()) === email, "display name falls back to the e-mail");
    await page.keyboard.press("Escape");
  });

  await step("profile setup dialog, skip link and mobile navigation", async () => {
    await page.goto(`${base}/fire-dashboard`);
    await page.getByTestId("completion-button").click();
    const dialog = page.getByRole("dialog", { name: "Profile Setup" });
    await dialog.waitFor();
    for (const group of ["Essential", "Important", "Optional"]) await dialog.getByRole("heading", { name: group }).waitFor();
    check((await dialog.getByText("Not Started").count()) >= 5, "a new account's sections are Not Started");
    await dialog.getByRole("button", { name: /Personal Profile/ }).click();
    await page.waitForURL(`${base}/settings/profile`);
    check((await page.getByRole("dialog").count()) === 0, "the dialog closes after navigating");
    await page.goto(`${base}/fire-dashboard`);
    await page.getByRole("heading", { name: "FIRE Dashboard", level: 1 }).waitFor();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    check(await skip.isVisible(), "the skip link shows on the first Tab");
    check(!(await page.getByTestId("mobile-nav").isVisible()), "no bottom navigation on desktop");
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.getByTestId("mobile-nav").waitFor({ state: "visible" });
    check(!(await page.locator("nav[aria-label=Main]").isVisible()), "header links hidden under 768 px");
    await page.getByTestId("mobile-nav").getByRole("link", { name: "Fi-Bot" }).click();
    await page.waitForURL(`${base}/fi-coach`);
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  if (!process.env.E2E_SKIP_HELP) await helpTourFlow({ page, base, step, check, axe, report, outDir, viewports: VIEWPORTS });

  await step("redirects: /insights, /fire-calculation → /fire-dashboard, /chat → /ai-chatbot", async () => {
    await page.goto(`${base}/insights`);
    await page.waitForURL(`${base}/fire-dashboard`);
    await page.goto(`${base}/fire-calculation`);
    await page.waitForURL(`${base}/fire-dashboard`);
    await page.goto(`${base}/chat`);
    await page.waitForURL(`${base}/ai-chatbot`);
  });

  await step("theme toggle switches the root class and is saved", async () => {
    await setTheme(page, "dark");
    await page.goto(`${base}/fire-dashboard`);
    await page.getByTestId("theme-toggle").click();
    check(await page.evaluate(() => document.documentElement.classList.contains("light")), "light after toggle");
    check((await page.evaluate(() => localStorage.getItem("fire-path-theme"))) === "light", "saved as light");
    await page.reload();
    await page.getByTestId("theme-toggle").waitFor();
    check(await page.evaluate(() => document.documentElement.classList.contains("light")), "light after reload");
    await page.getByTestId("theme-toggle").click();
    check(await page.evaluate(() => document.documentElement.classList.contains("dark")), "dark after second toggle");
  });

  await step("keyboard shortcuts: g then a letter navigates, not while typing; Ctrl+P stays the browser's", async () => {
    await page.goto(`${base}/fire-dashboard`);
    await page.getByRole("heading", { name: "FIRE Dashboard", level: 1 }).waitFor();
    await page.keyboard.press("g");
    await page.keyboard.press("a");
    await page.waitForURL(`${base}/analysis`);
    await page.keyboard.press("g");
    await page.keyboard.press("p");
    await page.waitForURL(`${base}/progress`);
    // The browser's own keys are left alone: nothing prevents Ctrl+P (print) or Ctrl+A, and neither navigates.
    await page.evaluate(() => {
      window.__prevented = [];
      window.addEventListener("keydown", (e) => e.ctrlKey && window.__prevented.push(e.defaultPrevented));
    });
    await page.keyboard.press("Control+p");
    await page.keyboard.press("Control+a");
    await page.waitForTimeout(300);
    const prevented = await page.evaluate(() => window.__prevented);
    check(prevented.length >= 2 && prevented.every((p) => !p), `Ctrl+P and Ctrl+A not prevented: ${prevented}`);
    check(page.url() === `${base}/progress`, "Ctrl+P and Ctrl+A stay on the page");
    await page.goto(`${base}/settings`);
    await page.getByLabel("Why are you leaving? (optional)").focus();
    await page.keyboard.type("ga");
    await page.waitForTimeout(300);
    check(page.url() === `${base}/settings`, "g, a typed inside a text field stays on the page");
    await page.getByLabel("Why are you leaving? (optional)").fill("");
  });

  await step("signed-in pages: screenshots and axe", async () => {
    await capture(page, "fire-dashboard", "/fire-dashboard", { text: "FIRE Dashboard" });
    await capture(page, "settings", "/settings", { text: "Your financial profile" });
    await capture(page, "onboarding-wizard", "/onboarding/wizard", { text: "Welcome to FIRE Path" });
  });

  if (!process.env.E2E_SKIP_SETTINGS) await settingsFlow({ page, base, step, check, capture });

  await step("sign out goes to / and protects routes again", async () => {
    await page.goto(`${base}/fire-dashboard`);
    await signOut(page);
    await page.goto(`${base}/settings`);
    await page.waitForURL(`${base}/`);
  });

  await step("sign in: wrong password message, then success", async () => {
    await signIn(page, email, "not-the-password");
    await page.getByText("Invalid email or password.").waitFor();
    await signIn(page, email, password);
    // The account is minutes old, so SIGNED_IN still treats it as new (spec: under 5 minutes → wizard).
    await page.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/);
    await signOutFrom(page);
  });

  await step("password reset through the outbox link", async () => {
    const before = Date.now() - 1000;
    await page.goto(`${base}/forgot-password`);
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByTestId("reset-sent").waitFor();
    let mail = null;
    for (let i = 0; i < 50 && !mail; i++) {
      mail = newestMail(before);
      if (!mail) await page.waitForTimeout(200);
    }
    check(mail, "a reset e-mail was written to the outbox");
    const link = linkIn(mail);
    check(link, "the e-mail holds a link");
    await page.goto(link);
    await page.waitForURL(/\/reset-password/);
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Update Password" }).click();
    await page.waitForURL(`${base}/fire-dashboard`);
    await signOut(page);
    await signIn(page, email, password);
    await page.getByText("Invalid email or password.").waitFor();
    await signIn(page, email, newPassword);
    await page.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/);
  });

  await step("account deletion with a reason and confirmation signs out", async () => {
    await page.goto(`${base}/settings`);
    await page.getByLabel("Why are you leaving? (optional)").fill("End-to-end test account");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const confirm = page.getByRole("button", { name: "Delete permanently" });
    check(await confirm.isDisabled(), "deletion needs the confirmation word");
    await page.getByLabel("Confirmation").fill("DELETE");
    await confirm.click();
    await page.waitForURL(`${base}/`);
    let gone = false;
    for (let i = 0; i < 20 && !gone; i++) {
      await signIn(page, email, newPassword);
      const outcome = await Promise.race([
        page.getByText("Invalid email or password.").waitFor().then(() => "error"),
        page.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/).then(() => "in"),
      ]);
      gone = outcome === "error";
      if (!gone) {
        await signOut(page);
        await page.waitForTimeout(500);
      }
    }
    check(gone, "the deleted account can no longer sign in");
  });
} catch (error) {
  failed = true;
  await onFailure(error, { page });
} finally {
  await browser.close();
}
finish(failed);

async function signOutFrom(page) {
  await page.goto(`${base}/fire-dashboard`);
  await page.getByTestId("user-menu").waitFor();
  await signOut(page);
}

#!/usr/bin/env node
// End-to-end run of the session's end in Debian's chromium against a running `firepath serve` (without Google
// configured; tests/web/test_e2e_session.py starts it).
//   E2E_BASE_URL   the server (required)
//   E2E_PASSWORD   the password of the new user this script signs up (required)
//   E2E_OUT_DIR    where screenshots and report.json go (default .artifacts/e2e-session/<timestamp>)
//   CHROMIUM       browser binary (default /usr/bin/chromium)
// The sign-in pages show no Google button when the server's auth settings say Google is off. On a deep page
// (/settings/income?x=1) an access token the API refuses, or one past its expiry, is renewed silently: the page
// loads with one renewal and no "Failed to load" ever shown; a save refused that way is sent again and kept. A session ended elsewhere ("sign out everywhere" from
// another device) lands on /login?next=... with "Your session ended. Please sign in again.", after a reload and
// after an in-app navigation, and when the stored token has expired too; signing in returns to the page. `next` never leaves the site. axe-core on the
// sign-in page with the message, and screenshots of it light/dark at 1280 and 390 px.
import { join } from "node:path";
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, outDir, report, step, check, axe, watch, failed: onFailure, finish } =
  harness("session", { required: ["E2E_PASSWORD"] });
const { E2E_PASSWORD: password } = env;
const email = `session-${Date.now()}@example.com`;
const DEEP = "/settings/income?x=1";
const ENDED = "Your session ended. Please sign in again.";
const STORAGE_KEY = "fire-path-auth";

/** Records, from the first paint of every document, whether "Failed to load" was ever on screen (even briefly). */
function watchForLoadErrors() {
  window.__loadErrorSeen = null;
  const look = () => {
    const text = document.body?.innerText ?? "";
    const at = text.indexOf("Failed to load");
    if (at >= 0 && !window.__loadErrorSeen) window.__loadErrorSeen = text.slice(at, at + 80);
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
}

async function passwordGrant() {
  const grant = await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }),
  }).then((r) => r.json());
  check(grant.access_token, `password grant: ${JSON.stringify(grant)}`);
  return grant.access_token;
}

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
  await context.addInitScript(watchForLoadErrors);
  page = await context.newPage();
  watch(page);
  const refreshes = [];
  page.on("request", (r) => r.url().includes("/auth/v1/token?grant_type=refresh_token") && refreshes.push(r.url()));
  const unauthorized = [];
  page.on("response", (r) => r.status() === 401 && r.url().includes("/api/v1/") && unauthorized.push(r.url()));
  const loadErrorSeen = () => page.evaluate(() => window.__loadErrorSeen);
  const stored = () => page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), STORAGE_KEY);
  /** "forge": a bad signature on the access token (it looks current, the API answers 401); "expire": past expiry. */
  const editStored = (how) => page.evaluate(([key, how]) => {
    const session = JSON.parse(localStorage.getItem(key));
    const token = session.access_token;
    if (how === "forge") session.access_token = token.slice(0, -6) + (token.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA");
    if (how === "expire") session.expires_at = Math.floor(Date.now() / 1000) - 60;
    localStorage.setItem(key, JSON.stringify(session));
  }, [STORAGE_KEY, how]);
  const incomeLoaded = () => page.getByLabel("Annual salary (before tax)").waitFor({ timeout: 20000 });
  const signInHere = async () => {
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
  };
  const endedMessage = () => page.getByRole("status").filter({ hasText: ENDED });

  await step("without Google configured the sign-in pages show no Google button", async () => {
    const settings = await fetch(`${base}/auth/v1/settings`).then((r) => r.json());
    check(settings.external?.google === false, `the test server has Google off: ${JSON.stringify(settings.external)}`);
    for (const [path, heading] of [["/login", "Sign in"], ["/signup", "Create your account"]]) {
      await page.goto(base + path);
      await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
      await page.waitForLoadState("networkidle");
      check((await page.getByRole("button", { name: /Google/ }).count()) === 0, `no Google button on ${path}`);
      check((await page.getByText(/^\s*or\s*$/i).count()) === 0, `no "or" divider on ${path}`);
    }
  });

  await step("a new user signs up and signs in", async () => {
    const signup = await fetch(`${base}/auth/v1/signup`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }),
    });
    check(signup.ok, `sign-up ${signup.status}`);
    await page.goto(`${base}/login`);
    await signInHere();
    await page.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/);
    await page.goto(base + DEEP);
    await incomeLoaded();
  });

  await step("an access token the API refuses is renewed once and the page loads without an error", async () => {
    const before = await stored();
    await editStored("forge");
    refreshes.length = 0;
    unauthorized.length = 0;
    await page.reload();
    await incomeLoaded();
    await page.waitForLoadState("networkidle");
    check(page.url() === base + DEEP, `still on ${DEEP} (at ${page.url()})`);
    check(unauthorized.length >= 1, "the API refused the forged token");
    check(refreshes.length === 1, `one renewal shared by every refused request (got ${refreshes.length} for ${unauthorized.length} 401s)`);
    check(!(await loadErrorSeen()), `no "Failed to load" shown (saw "${await loadErrorSeen()}")`);
    const after = await stored();
    check(after?.refresh_token && after.refresh_token !== before.refresh_token, "the renewed session is stored");
    console.log(`\n    ${unauthorized.length} refused request(s), ${refreshes.length} renewal`);
  });

  await step("a save sent with a refused token is renewed and sent again, body and all", async () => {
    await editStored("forge");
    refreshes.length = 0;
    unauthorized.length = 0;
    await page.getByLabel("Annual salary (before tax)").fill("87500");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.locator("[data-sonner-toast]").getByText("Income data saved successfully").waitFor({ timeout: 15000 });
    check(unauthorized.some((u) => u.endsWith("/api/v1/income")), `the save was refused first (${unauthorized.join(", ")})`);
    check(refreshes.length === 1, `one renewal (got ${refreshes.length})`);
    await page.reload();
    await incomeLoaded();
    const salary = await page.getByLabel("Annual salary (before tax)").inputValue();
    check(salary.replace(/[^\d.]/g, "").startsWith("87500"), `the salary was saved (shows ${salary})`);
    check(!(await loadErrorSeen()), `no "Failed to load" shown (saw "${await loadErrorSeen()}")`);
  });

  await step("an access token past its expiry is renewed while the page loads", async () => {
    await editStored("expire");
    refreshes.length = 0;
    await page.reload();
    await incomeLoaded();
    await page.waitForLoadState("networkidle");
    check(page.url() === base + DEEP, `still on ${DEEP}`);
    check(refreshes.length === 1, `one renewal (got ${refreshes.length})`);
    check(!(await loadErrorSeen()), `no "Failed to load" shown (saw "${await loadErrorSeen()}")`);
  });

  await step("a session ended elsewhere: a reload lands on sign-in with the message, and signing in returns", async () => {
    // Another device signs in and signs out everywhere: this browser's refresh token is revoked too.
    const other = await passwordGrant();
    const logout = await fetch(`${base}/auth/v1/logout?scope=global`, { method: "POST", headers: { authorization: `Bearer ${other}` } });
    check(logout.status === 204, `sign out everywhere ${logout.status}`);
    await page.reload();
    await page.waitForURL(`${base}/login?next=${encodeURIComponent(DEEP)}`, { timeout: 20000 });
    await endedMessage().waitFor();
    check(!(await loadErrorSeen()), `no "Failed to load" on the way (saw "${await loadErrorSeen()}")`);
    check((await stored()) === null, "the ended session is gone from storage");
    await axe(page, "login with the session-ended message");
    await signInHere();
    await page.waitForURL(base + DEEP);
    await incomeLoaded();
    check((await endedMessage().count()) === 0, "no message once back");
  });

  await step("a session ended elsewhere: moving to another page lands on sign-in and comes back to it", async () => {
    const other = await passwordGrant();
    await fetch(`${base}/auth/v1/logout?scope=global`, { method: "POST", headers: { authorization: `Bearer ${other}` } });
    // An in-app move (no reload) to a page whose data is not loaded yet: the logo's link to the dashboard.
    await page.locator('header a[href="/fire-dashboard"]').first().click();
    await page.waitForURL(`${base}/login?next=${encodeURIComponent("/fire-dashboard")}`, { timeout: 20000 });
    await endedMessage().waitFor();
    check(!(await loadErrorSeen()), `no "Failed to load" on the way (saw "${await loadErrorSeen()}")`);
    await signInHere();
    await page.waitForURL(`${base}/fire-dashboard`);
    await page.getByRole("heading", { name: "FIRE Dashboard", level: 1 }).waitFor();
  });

  await step("next never leaves the site, and a signed-in visit to /login follows a safe next", async () => {
    for (const target of ["//evil.example/x", "https://evil.example/x", "/\\evil.example"]) {
      await page.goto(`${base}/login?next=${encodeURIComponent(target)}`);
      await page.waitForURL(/\/(fire-dashboard|onboarding\/wizard)$/);
      check(page.url().startsWith(base), `${target} stays on the site (at ${page.url()})`);
    }
    await page.goto(`${base}/login?next=${encodeURIComponent("/settings/profile")}`);
    await page.waitForURL(`${base}/settings/profile`);
  });

  await step("an ended session expired here too: opening the page lands on sign-in (screenshots, axe-core)", async () => {
    // Expire the stored token on a page of the site that runs no app code (nothing can renew or end the session
    // meanwhile), then end the session elsewhere: auth-js tries the revoked refresh token while starting, before
    // any API call.
    await page.goto(`${base}/health`);
    await editStored("expire");
    const other = await passwordGrant();
    await fetch(`${base}/auth/v1/logout?scope=global`, { method: "POST", headers: { authorization: `Bearer ${other}` } });
    unauthorized.length = 0;
    await page.goto(base + DEEP);
    await page.waitForURL(`${base}/login?next=${encodeURIComponent(DEEP)}`, { timeout: 20000 });
    await endedMessage().waitFor();
    check(unauthorized.length === 0, `no API call went out with the dead session (${unauthorized.join(", ")})`);
    for (const theme of ["light", "dark"]) {
      for (const [vpName, vp] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(vp);
        await page.evaluate((t) => localStorage.setItem("fire-path-theme", t), theme);
        await page.reload(); // the message rides in the history entry's state, which a reload keeps
        await endedMessage().waitFor();
        await page.waitForLoadState("networkidle");
        const file = join(outDir, `login-session-ended-${theme}-${vpName}.png`);
        await page.screenshot({ path: file, fullPage: true });
        report.screenshots.push(file);
        await axe(page, `login session ended ${theme} ${vpName}`);
      }
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  });
  await step("signing out yourself is not a session that ended: home page, protected pages send you there", async () => {
    await page.goto(`${base}/login`);
    await signInHere();
    await page.waitForURL(/\/(fire-dashboard|onboarding\/wizard)$/);
    await page.goto(`${base}/fire-dashboard`);
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Sign Out" }).click();
    await page.waitForURL(`${base}/`);
    await page.goto(`${base}/settings`);
    await page.waitForURL(`${base}/`);
    check((await endedMessage().count()) === 0, "no session-ended message after signing out");
  });
} catch (error) {
  failed = true;
  await onFailure(error, { page });
} finally {
  await browser.close();
}
finish(failed);

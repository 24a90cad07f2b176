#!/usr/bin/env node
// End-to-end run of the signed-in navigation in Debian's chromium against a running `firepath serve`
// (tests/web/test_e2e_navigation.py seeds the demo household and makes its user an admin, so every screen has data
// and /admin is in reach).
//   E2E_BASE_URL             the server (required)
//   E2E_EMAIL, E2E_PASSWORD  the account (required)
//   E2E_OUT_DIR              screenshots and report.json (default .artifacts/e2e-navigation/<timestamp>)
//   CHROMIUM                 browser binary (default /usr/bin/chromium)
// Checks: at 1280 px (header links, "More" menu, user menu) and at 390 px (bottom bar, its "More" menu, user menu)
// every signed-in screen is reached by clicking, and each settings section from /settings; the browser's own
// Ctrl/Cmd keys are never taken (Ctrl+P on the printable report, Ctrl+R, A, D, S, B, Alt+digits: not prevented, no
// navigation); "g" then a letter goes to each screen, but not while typing; "?" lists every shortcut; the switch
// turns them off at once and across reloads, and on again; a success toast never covers the header's buttons.
// axe-core (no serious or critical violation) on the open menus and the shortcut list, light and dark, both widths.
import { join } from "node:path";
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, outDir, report, step, check, axe, capture, watch, failed: onFailure, finish } =
  harness("navigation", { required: ["E2E_EMAIL", "E2E_PASSWORD"] });
const { E2E_EMAIL: email, E2E_PASSWORD: password } = env;

/** Each signed-in screen: its address, the h1 it shows, and its name in the header, bottom bar or More menu. */
const SCREENS = [
  { path: "/fire-dashboard", h1: "FIRE Dashboard", header: "FIRE", bar: "FIRE", menu: "FIRE Dashboard" },
  { path: "/analysis", h1: "Analysis", header: "Analysis", bar: "Analysis", menu: "Analysis" },
  { path: "/progress", h1: "Progress", menu: "Progress" },
  { path: "/analytics", h1: "Analytics", menu: "Analytics" },
  { path: "/fire-report", h1: "FIRE Report", menu: "FIRE Report" },
  { path: "/fi-coach", h1: "FI Coach", header: "FI Coach", bar: "Fi-Bot", menu: "FI Coach" },
  { path: "/calculators", h1: "Calculators", menu: "Calculators" },
  { path: "/tax", h1: "Tax advice", header: "Tax", bar: "Tax", menu: "Tax" },
  { path: "/strategies", h1: "Financial strategies", header: "Strategies", menu: "Strategies" },
  { path: "/resources", h1: "Educational resources", header: "Resources", menu: "Resources" },
  { path: "/community", h1: "Community", menu: "Community" },
];
/** The "g" shortcuts, as the shortcut list shows them. */
const SHORTCUTS = [["d", "/fire-dashboard"], ["a", "/analysis"], ["p", "/progress"], ["n", "/analytics"], ["f", "/fire-report"],
  ["i", "/fi-coach"], ["c", "/calculators"], ["t", "/tax"], ["y", "/strategies"], ["r", "/resources"], ["m", "/community"],
  ["s", "/settings"], ["b", "/settings/budgeting"]];
const HEADINGS = { ...Object.fromEntries(SCREENS.map((s) => [s.path, s.h1])), "/settings": "Settings", "/settings/budgeting": "Budget Planning" };

const url = (path) => new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${path}$`);
const h1 = (page) => page.locator("main h1").first();

/** Waits for `path` and its h1 (`heading`, when given: the previous page stays up while the next one's code loads),
 * and checks no error or not-found page came instead. */
async function arrived(page, path, heading, exact = true) {
  await page.waitForURL(url(path));
  if (heading) await page.locator("main").getByRole("heading", { level: 1, name: heading, exact }).waitFor({ timeout: 20000 });
  else await h1(page).waitFor({ timeout: 20000 });
  const text = (await h1(page).innerText()).trim();
  check(!/page not found|something went wrong/i.test(text), `${path} shows "${text}"`);
}

const isPhone = (page) => page.viewportSize().width < 768;
/** Opens the More menu of the header (desktop) or the bottom bar (phone) and gives its menu. */
async function openMore(page) {
  await page.getByTestId(isPhone(page) ? "mobile-more" : "more-menu").click();
  const menu = page.getByTestId(isPhone(page) ? "mobile-more-content" : "more-menu-content");
  await menu.waitFor();
  return menu;
}
async function openUserMenu(page) {
  await page.getByTestId("user-menu").click();
  const menu = page.getByRole("menu");
  await menu.waitFor();
  return menu;
}

/** Dispatches a keydown on the page as a page script would see it; gives whether anything prevented its default. */
const keydown = (page, init) => page.evaluate((i) => {
  const e = new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...i });
  document.body.dispatchEvent(e);
  return e.defaultPrevented;
}, init);

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
  page = await context.newPage();
  watch(page);

  await step("the user signs in", async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    // An account seeded minutes ago counts as new and is sent to the wizard (spec section 3).
    await page.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/);
  });

  for (const [vpName, vp] of Object.entries(VIEWPORTS)) {
    await step(`${vpName}: every screen is reached by clicking the ${vpName === "desktop" ? "header and its More menu" : "bottom bar and its More menu"}`, async () => {
      await page.setViewportSize(vp);
      await page.goto(`${base}/fire-dashboard`);
      await arrived(page, "/fire-dashboard", "FIRE Dashboard");
      const phone = vpName === "mobile";
      const bar = phone ? page.getByTestId("mobile-nav") : page.locator("header nav[aria-label=Main]");
      check(await bar.isVisible(), `${vpName}: its bar shows`);
      const barCount = await bar.locator(":scope a, :scope button").count();
      if (phone) check(barCount === 5, `the bottom bar has 5 items, got ${barCount}`);
      for (const s of SCREENS) {
        const inBar = phone ? s.bar : s.header;
        if (inBar) {
          await bar.getByRole("link", { name: inBar, exact: true }).click();
          await arrived(page, s.path, s.h1);
          check((await bar.getByRole("link", { name: inBar, exact: true }).getAttribute("aria-current")) === "page", `${inBar} marked current`);
          continue;
        }
        const menu = await openMore(page);
        const item = menu.getByRole("menuitem", { name: s.menu });
        check((await item.count()) === 1, `${s.menu} is in the More menu once`);
        await item.click();
        await arrived(page, s.path, s.h1);
        await page.getByTestId(phone ? "mobile-more-content" : "more-menu-content").waitFor({ state: "detached" });
        const menuAgain = await openMore(page);
        check((await menuAgain.getByRole("menuitem", { name: s.menu }).getAttribute("aria-current")) === "page", `${s.menu} marked current in the menu`);
        await page.keyboard.press("Escape");
      }
      // Nothing in the menu twice, nothing in both the bar and the menu.
      const menu = await openMore(page);
      const names = await menu.getByRole("menuitem").allInnerTexts();
      const screens = names.map((n) => n.replace(/\s+g \w$|\s+\?$/, "").trim()).filter((n) => n !== "Keyboard shortcuts");
      check(new Set(screens).size === screens.length, `no screen twice in the menu: ${screens}`);
      check(screens.length + (phone ? 4 : 6) === SCREENS.length, `bar + menu = every screen (${screens})`);
      await page.keyboard.press("Escape");
      // The logo goes home from anywhere.
      await page.getByRole("link", { name: "FIRE Path home" }).click();
      await arrived(page, "/fire-dashboard", "FIRE Dashboard");
    });

    await step(`${vpName}: the user menu reaches Settings and Admin; Settings every section`, async () => {
      await page.setViewportSize(vp);
      await page.goto(`${base}/fire-dashboard`);
      await arrived(page, "/fire-dashboard");
      await (await openUserMenu(page)).getByRole("menuitem", { name: "Admin Dashboard" }).click();
      await arrived(page, "/admin", "Admin Dashboard");
      await (await openUserMenu(page)).getByRole("menuitem", { name: "Settings" }).click();
      await arrived(page, "/settings", "Settings");
      if (vpName !== "desktop") return; // the sections are the same links at every width
      const sections = page.locator('main a[href^="/settings/"]');
      const count = await sections.count();
      check(count === 16, `16 settings sections listed, got ${count}`);
      for (let i = 0; i < count; i++) {
        const link = sections.nth(i);
        const href = await link.getAttribute("href");
        const title = (await link.locator("span.font-medium").innerText()).trim();
        await link.click();
        await arrived(page, href, title, false); // "Privacy" shows the "Privacy Policy"
        await page.goBack();
        await arrived(page, "/settings", "Settings");
      }
    });
  }

  await step("tablet 768 and 1024 px: the header fits its links, More and buttons; More holds what it hides", async () => {
    for (const [width, hidden] of [[768, ["Strategies", "Resources"]], [1024, []]]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${base}/fire-dashboard`);
      await arrived(page, "/fire-dashboard");
      const fit = await page.evaluate(() => {
        const nav = document.querySelector("header nav[aria-label=Main]").getBoundingClientRect();
        const buttons = document.querySelector("header [data-testid=user-menu]").parentElement.getBoundingClientRect();
        const row = document.querySelector("header > div");
        return { navRight: nav.right, buttonsLeft: buttons.left, overflow: row.scrollWidth - row.clientWidth };
      });
      check(fit.overflow <= 0 && fit.navRight <= fit.buttonsLeft, `${width} px: the header fits ${JSON.stringify(fit)}`);
      const nav = page.locator("header nav[aria-label=Main]");
      const menu = await openMore(page);
      const shot = join(outDir, `tablet-${width}.png`);
      await page.screenshot({ path: shot });
      report.screenshots.push(shot);
      for (const name of ["Strategies", "Resources"]) {
        const inMenu = (await menu.getByRole("menuitem", { name }).count()) === 1;
        const inBar = (await nav.getByRole("link", { name, exact: true }).count()) === 1;
        check(inMenu === hidden.includes(name) && inBar !== inMenu, `${width} px: ${name} in ${inBar ? "the header" : "More"}`);
      }
      if (hidden.length) {
        await menu.getByRole("menuitem", { name: "Strategies" }).click();
        await arrived(page, "/strategies", "Financial strategies");
      } else await page.keyboard.press("Escape");
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  await step("the browser's own keys stay the browser's: Ctrl+P on the report, Ctrl+R/A/D/S/B, Alt+digits", async () => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`${base}/fire-report`);
    await arrived(page, "/fire-report", "FIRE Report");
    // A real Ctrl+P from the keyboard: the page must not take it (the browser prints).
    await page.evaluate(() => {
      window.__seen = [];
      window.addEventListener("keydown", (e) => window.__seen.push({ key: e.key, ctrl: e.ctrlKey, prevented: e.defaultPrevented }));
    });
    await page.keyboard.press("Control+p");
    await page.keyboard.press("Control+a");
    await page.waitForTimeout(400);
    const seen = await page.evaluate(() => window.__seen.filter((e) => e.ctrl && e.key.length === 1));
    check(seen.length === 2 && seen.every((e) => !e.prevented), `Ctrl+P and Ctrl+A reach the browser unprevented: ${JSON.stringify(seen)}`);
    check(page.url() === `${base}/fire-report`, `Ctrl+P stays on the report (at ${page.url()})`);
    for (const key of ["p", "r", "a", "d", "s", "b"]) {
      for (const mod of ["ctrlKey", "metaKey"]) {
        check(!(await keydown(page, { key, [mod]: true })), `${mod}+${key} is not prevented`);
      }
    }
    for (const d of ["1", "2", "3", "4", "5", "6"]) check(!(await keydown(page, { key: d, code: `Digit${d}`, altKey: true })), `Alt+${d} is not prevented`);
    await page.waitForTimeout(300);
    check(page.url() === `${base}/fire-report`, `no key combination navigated (at ${page.url()})`);
  });

  await step("g then a letter goes to each screen; not while typing", async () => {
    await page.goto(`${base}/fire-dashboard`);
    await arrived(page, "/fire-dashboard");
    for (const [key, path] of SHORTCUTS) {
      // Some screens put the cursor in a field once loaded (the coach's message box, focused when the chat mounts),
      // where letters are typing: as a person would, leave the field (again, if the screen took focus back while
      // it finished loading) and press the keys again.
      await page.waitForLoadState("networkidle");
      for (let attempt = 0; attempt < 3; attempt++) {
        await page.evaluate(() => document.activeElement instanceof HTMLElement && document.activeElement.blur());
        await page.keyboard.press("g");
        await page.keyboard.press(key);
        const moved = await page.waitForURL(url(path), { timeout: 5000 }).then(() => true, () => false);
        if (moved) break;
      }
      await arrived(page, path, HEADINGS[path]);
    }
    await page.goto(`${base}/settings/profile`);
    const field = page.getByLabel("City");
    await field.waitFor();
    await field.fill("");
    await field.focus();
    await page.keyboard.type("ga");
    await page.waitForTimeout(300);
    check(page.url() === `${base}/settings/profile`, "typing g, a in a field stays on the page");
    check((await field.inputValue()) === "ga", "and the letters land in the field");
  });

  await step("? lists every shortcut; the switch turns them off at once and after a reload, and on again", async () => {
    await page.goto(`${base}/fire-dashboard`);
    await arrived(page, "/fire-dashboard");
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await dialog.waitFor();
    const rows = await dialog.getByRole("row").allInnerTexts();
    for (const [key] of SHORTCUTS) check(rows.some((r) => new RegExp(`^g\\s+then\\s+${key}\\s`).test(r)), `"g then ${key}" is listed: ${rows}`);
    for (const s of SCREENS) check(rows.some((r) => r.endsWith(s.menu)), `${s.menu} is in the list`);
    await axe(page, "shortcut list");
    const toggle = dialog.getByRole("switch", { name: /Keyboard shortcuts/ });
    check((await toggle.getAttribute("aria-checked")) === "true", "shortcuts start on");
    await toggle.click();
    check((await toggle.getAttribute("aria-checked")) === "false", "the switch shows off");
    check((await page.evaluate(() => localStorage.getItem("fire-path-shortcuts"))) === "off", "off is saved");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.keyboard.press("g");
    await page.keyboard.press("a");
    await page.keyboard.press("?");
    await page.waitForTimeout(400);
    check(page.url() === `${base}/fire-dashboard`, "turned off, g a does nothing at once");
    check((await dialog.count()) === 0, "turned off, ? does nothing");
    await page.reload();
    await arrived(page, "/fire-dashboard");
    await page.keyboard.press("g");
    await page.keyboard.press("p");
    await page.waitForTimeout(400);
    check(page.url() === `${base}/fire-dashboard`, "still off after a reload");
    // The list stays in reach from the More menu while they are off.
    await (await openMore(page)).getByRole("menuitem", { name: "Keyboard shortcuts" }).click();
    await dialog.waitFor();
    await dialog.getByRole("switch", { name: /Keyboard shortcuts/ }).click();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await page.keyboard.press("g");
    await page.keyboard.press("p");
    await arrived(page, "/progress", "Progress");
  });

  await step("a success toast never covers the header's buttons (1280 and 390 px)", async () => {
    for (const [vpName, vp] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(vp);
      await page.goto(`${base}/settings/profile`);
      await page.getByText("About you").waitFor();
      await page.getByLabel("City").fill(`Toronto ${vpName}`);
      await page.getByRole("button", { name: "Save", exact: true }).click();
      const toast = page.locator("[data-sonner-toast][data-type=success]").first();
      await toast.waitFor();
      await page.waitForTimeout(500); // its slide-in
      // The toast with its close button, which sticks out above its top-left corner.
      const [t, c] = [await toast.boundingBox(), await toast.locator("[data-close-button]").boundingBox()];
      const box = c ? { x: Math.min(t.x, c.x), y: Math.min(t.y, c.y), width: Math.max(t.x + t.width, c.x + c.width) - Math.min(t.x, c.x),
        height: Math.max(t.y + t.height, c.y + c.height) - Math.min(t.y, c.y) } : t;
      const header = await page.locator("header").first().boundingBox();
      check(box.y >= header.y + header.height, `${vpName}: the toast (top ${box.y}) sits below the header (bottom ${header.y + header.height})`);
      const buttons = page.locator("header button, header a");
      for (let i = 0; i < await buttons.count(); i++) {
        const b = await buttons.nth(i).boundingBox();
        if (!b) continue;
        const overlap = b.x < box.x + box.width && box.x < b.x + b.width && b.y < box.y + box.height && box.y < b.y + b.height;
        check(!overlap, `${vpName}: the toast does not cover header control ${i}`);
      }
      const shot = join(outDir, `toast-${vpName}.png`);
      await page.screenshot({ path: shot });
      report.screenshots.push(shot);
      await toast.getByRole("button", { name: /close/i }).click().catch(() => {});
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  });

  await step("screenshots light/dark at 1280 and 390 px with axe-core: More menu, user menu, shortcut list", async () => {
    await capture(page, "more-menu", "/progress", { text: "Progress" }, async (p) => {
      await openMore(p);
    });
    await capture(page, "user-menu", "/fire-dashboard", { text: "FIRE Dashboard" }, async (p) => {
      await openUserMenu(p);
    });
    await capture(page, "shortcut-list", "/fire-dashboard", { text: "FIRE Dashboard" }, async (p) => {
      await p.keyboard.press("?");
      await p.getByRole("dialog", { name: "Keyboard shortcuts" }).waitFor();
    });
  });
} catch (error) {
  failed = true;
  await onFailure(error, { page });
} finally {
  await browser.close();
}
finish(failed);

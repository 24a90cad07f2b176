#!/usr/bin/env node
// End-to-end run of the coach screen (/fi-coach) in Debian's chromium against a running `firepath serve`
// whose coach is the offline model (no OPENAI_* settings).
//   E2E_BASE_URL, E2E_EMAIL, E2E_PASSWORD   the server and a seeded demo account (required)
//   E2E_OUT_DIR   screenshots and report.json (default .artifacts/e2e-coach/<timestamp>)
//   CHROMIUM      browser binary (default /usr/bin/chromium)
// Flow: sign in; the offline banner and suggested prompts; ask for the FIRE number and compare the card with
// GET /api/v1/plan/summary's fire_number (and its receipt); Enter / Shift+Enter; ask to save a budget, see the
// before/after diff, check nothing is saved yet, approve, find it in GET /api/v1/budget and on /settings/budgeting;
// a screen link; retry; thread rename, reload from the server, switch, delete; /ai-chatbot and /ai-chat; axe-core
// and screenshots (light and dark, 1280 and 390 px) of the empty and the filled conversation.
import { join } from "node:path";
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, outDir, report, step, check, axe, capture, watch, failed: onFailure, finish } =
  harness("coach", { required: ["E2E_EMAIL", "E2E_PASSWORD"], report: { facts: {} } });
const { E2E_EMAIL: email, E2E_PASSWORD: password } = env;

// The API, as the test's own client (same account as the browser).
const session = await (await fetch(`${base}/auth/v1/token?grant_type=password`, {
  method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }),
})).json();
check(session.access_token, `sign-in through the API: ${JSON.stringify(session)}`);
const apiGet = async (path) => {
  const r = await fetch(base + path, { headers: { Authorization: `Bearer ${session.access_token}` } });
  check(r.ok, `GET ${path}: ${r.status}`);
  return r.json();
};
// Start from no conversations, so names in the thread list are this run's.
for (const thread of await apiGet("/api/v1/coach/threads")) {
  const r = await fetch(`${base}/api/v1/coach/threads/${thread.id}`, { method: "DELETE", headers: { Authorization: `Bearer ${session.access_token}` } });
  check(r.status === 204, `DELETE thread ${thread.id}: ${r.status}`);
}
const money = (text) => Number(String(text).replace(/[^0-9.-]/g, ""));

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
  page = await context.newPage();
  watch(page);
  const input = () => page.getByLabel("Message the coach");
  const log = () => page.getByTestId("coach-log");
  const idle = () => page.getByRole("button", { name: "Send" }).waitFor({ timeout: 60000 });
  let threadUrl;

  await step("sign in and open /fi-coach: offline banner, suggested prompts, focus in the message box", async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"));
    await page.goto(`${base}/fi-coach`);
    await page.getByRole("heading", { level: 1, name: "FI Coach" }).waitFor();
    await page.getByTestId("offline-banner").waitFor();
    const usage = await apiGet("/api/v1/coach/usage");
    check(usage.offline === true, "the server runs the offline coach");
    const prompts = page.getByRole("group", { name: "Suggested questions" }).getByRole("button");
    await prompts.first().waitFor();
    check((await prompts.count()) >= 3, "at least three suggested prompts");
    check(await input().evaluate((el) => el === document.activeElement), "the message box has focus");
  });

  await step("Shift+Enter adds a line, Enter sends nothing when empty", async () => {
    await input().fill("");
    await input().press("Enter");
    check((await page.getByTestId("message-user").count()) === 0, "an empty message is not sent");
    await input().type("first line");
    await input().press("Shift+Enter");
    await input().type("second line");
    check((await input().inputValue()) === "first line\nsecond line", "Shift+Enter inserts a newline");
    await input().fill("");
  });

  await step("empty coach screen: screenshots and axe", async () => {
    await capture(page, "coach-empty", "/fi-coach", () => page.getByRole("group", { name: "Suggested questions" }).waitFor());
  });

  await step("ask for the FIRE number: the card equals the plan summary's (GET /api/v1/plan/summary), with its receipt", async () => {
    await page.goto(`${base}/fi-coach`);
    await input().waitFor();
    await input().fill("What is my FIRE number?");
    await input().press("Enter");
    await page.getByTestId("message-user").filter({ hasText: "What is my FIRE number?" }).waitFor();
    const card = page.locator('[data-testid=tool-card][data-tool=fire_number]');
    await card.waitFor({ timeout: 60000 });
    await idle();
    const shown = money(await card.getByTestId("figure-fire_number").locator("dd").textContent());
    const summary = await apiGet("/api/v1/plan/summary");
    report.facts.fireNumber = { shown, api: Number(summary.fire_number) };
    check(Math.abs(shown - Number(summary.fire_number)) < 0.005, `card ${shown} = the plan's ${summary.fire_number}`);
    await card.getByText("How we got this").click();
    const receipt = card.getByTestId("receipt");
    await receipt.getByText("Withdrawal rate").waitFor();
    check((await receipt.textContent()).includes("4%"), "the receipt lists the 4% withdrawal rate");
    const text = await page.getByTestId("message-text").last().textContent();
    check(!text.includes("(Offline coach)"), "the answer is not labelled message by message");
    check(await page.getByTestId("offline-banner").isVisible(), "the offline coach is named once, in the banner");
    await page.waitForURL((url) => url.searchParams.has("thread"));
    threadUrl = new URL(page.url());
    // The new thread is listed under its first message.
    await page.getByTestId("thread-list").getByRole("button", { name: "What is my FIRE number?", exact: true }).waitFor();
  });

  await step("ask to save a budget: the diff, nothing saved before approval, approve, saved", async () => {
    const before = await apiGet("/api/v1/budget");
    report.facts.budgetBefore = before;
    await input().fill("Save my budget: 55% needs, 25% wants, 20% savings");
    await input().press("Enter");
    const approval = page.getByTestId("approval-card");
    await approval.waitFor({ timeout: 60000 });
    await page.locator('[data-testid=approval-card][data-state=approval-requested]').waitFor();
    check(await approval.evaluate((el) => el === document.activeElement), "focus moves to the approval request");
    const wants = approval.getByTestId("diff-wants_percentage");
    const cells = await wants.locator("td").allTextContents();
    check(cells[0] === `${Number(before.wants_percentage)}%` && cells[1] === "25%", `wants diff ${cells} from ${before.wants_percentage}`);
    check(Number((await apiGet("/api/v1/budget")).wants_percentage) === Number(before.wants_percentage), "nothing saved before approval");
    await axe(page, "coach approval request");
    await page.screenshot({ path: join(outDir, "coach-approval-desktop.png"), fullPage: true });
    await approval.getByRole("button", { name: "Approve" }).click();
    await page.locator('[data-testid=approval-card][data-state=output-available]').waitFor({ timeout: 60000 });
    await approval.getByText("Approved").waitFor();
    await idle();
    const after = await apiGet("/api/v1/budget");
    report.facts.budgetAfter = after;
    check(Number(after.needs_percentage) === 55 && Number(after.wants_percentage) === 25 && Number(after.savings_percentage) === 20,
      `budget saved: ${JSON.stringify(after)}`);
  });

  await step("the saved budget shows on /settings/budgeting", async () => {
    await page.goto(`${base}/settings/budgeting`);
    const needs = page.getByLabel("Needs", { exact: true });
    await needs.waitFor({ timeout: 15000 });
    await page.waitForFunction(() => {
      const el = [...document.querySelectorAll("input")].find((i) => i.labels?.[0]?.textContent?.trim().startsWith("Needs"));
      return el && el.value !== "";
    });
    check(Number(await needs.inputValue()) === 55, `Needs shows 55 (got ${await needs.inputValue()})`);
    check(Number(await page.getByLabel("Wants", { exact: true }).inputValue()) === 25, "Wants shows 25");
  });

  await step("a reloaded thread shows its cards and the approved change (GET .../messages)", async () => {
    await page.goto(threadUrl.toString());
    await page.locator('[data-testid=tool-card][data-tool=fire_number]').waitFor({ timeout: 15000 });
    await page.locator('[data-testid=approval-card][data-state=output-available]').getByText("Approved").waitFor();
    check((await page.getByTestId("message-user").count()) === 2, "both questions are back");
  });

  await step("filled conversation: screenshots and axe", async () => {
    const path = `${threadUrl.pathname}${threadUrl.search}`;
    await capture(page, "coach-thread", path, () => page.locator('[data-testid=tool-card][data-tool=fire_number]').waitFor({ timeout: 15000 }));
  });

  await step("a screen suggestion is a router link", async () => {
    await page.goto(threadUrl.toString());
    await input().waitFor();
    await input().fill("Where can I edit my budget?");
    await input().press("Enter");
    const link = page.getByTestId("screen-link").getByRole("link");
    await link.waitFor({ timeout: 60000 });
    await idle();
    check((await link.getAttribute("href")) === "/settings/budgeting", "links to /settings/budgeting");
    await link.click();
    await page.waitForURL(`${base}/settings/budgeting`);
  });

  await step("rename the thread (keyboard), switch, new conversation from a suggested prompt, retry", async () => {
    await page.goto(threadUrl.toString());
    await page.getByRole("button", { name: "Rename “What is my FIRE number?”" }).click();
    const name = page.getByLabel("Conversation name");
    await name.fill("Budget and FIRE number");
    await name.press("Enter");
    await page.getByTestId("thread-list").getByRole("button", { name: "Budget and FIRE number", exact: true }).waitFor();
    const threads = await apiGet("/api/v1/coach/threads");
    check(threads.some((t) => t.title === "Budget and FIRE number"), "renamed on the server");

    await page.getByTestId("new-thread").click();
    const prompt = page.getByRole("group", { name: "Suggested questions" }).getByRole("button", { name: "What is my savings rate?" });
    await prompt.click();
    await page.locator('[data-testid=tool-card][data-tool=savings_rate]').waitFor({ timeout: 60000 });
    await idle();
    await page.getByRole("button", { name: "Retry" }).click();
    await page.locator('[data-testid=tool-card][data-tool=savings_rate]').waitFor({ timeout: 60000 });
    await idle();
    check((await page.getByTestId("message-assistant").count()) === 1, "retry replaces the answer");
    await page.waitForURL((url) => url.searchParams.has("thread") && url.searchParams.get("thread") !== threadUrl.searchParams.get("thread"));
    const list = page.getByTestId("thread-list");
    await list.getByRole("button", { name: "What is my savings rate?", exact: true }).waitFor();
    // Switch back to the first thread.
    await list.getByRole("button", { name: "Budget and FIRE number", exact: true }).click();
    await page.locator('[data-testid=tool-card][data-tool=fire_number]').waitFor({ timeout: 15000 });
    check(new URL(page.url()).searchParams.get("thread") === threadUrl.searchParams.get("thread"), "switched back");
  });

  await step("delete a thread", async () => {
    await page.getByRole("button", { name: "Delete “What is my savings rate?”" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this conversation?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByTestId("thread-list").getByRole("button", { name: "What is my savings rate?", exact: true }).waitFor({ state: "detached" });
    const threads = await apiGet("/api/v1/coach/threads");
    check(!threads.some((t) => t.title === "What is my savings rate?"), "deleted on the server");
  });

  await step("/ai-chatbot and /ai-chat open the coach", async () => {
    for (const [path, title] of [["/ai-chatbot", "AI Chatbot"], ["/ai-chat", "AI Chat"]]) {
      await page.goto(base + path);
      await page.getByRole("heading", { level: 1, name: title }).waitFor();
      await input().waitFor();
    }
  });

  // A phone's on-screen keyboard, emulated as the page's viewport shrinking to 400 px (what
  // interactive-widget=resizes-content does): the message box stays fully in view, above the bottom navigation.
  await step("on a phone with the keyboard open, the message box stays in view above the bottom navigation", async () => {
    for (const path of [threadUrl.pathname + threadUrl.search, "/fi-coach"]) {
      await page.setViewportSize(VIEWPORTS.mobile);
      await page.goto(base + path);
      await input().waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
      await input().focus();
      await page.setViewportSize({ width: VIEWPORTS.mobile.width, height: 400 });
      await page.waitForTimeout(400); // the resize handler runs on the next frame
      const seen = await input().evaluate((box) => {
        const r = box.getBoundingClientRect();
        const composer = box.closest("form").getBoundingClientRect();
        const nav = document.querySelector('[data-testid="mobile-nav"]')?.getBoundingClientRect();
        const header = document.querySelector("header")?.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { top: r.top, bottom: r.bottom, height: window.innerHeight, composerBottom: composer.bottom,
                 navTop: nav ? nav.top : null, headerBottom: header ? header.bottom : 0,
                 hitIsBox: hit === box, focused: document.activeElement === box };
      });
      check(seen.focused, `${path}: the message box keeps focus`);
      check(seen.top >= seen.headerBottom && seen.bottom <= seen.height,
        `${path}: the message box is inside the 400 px viewport, below the header: ${JSON.stringify(seen)}`);
      check(seen.navTop === null || seen.composerBottom <= seen.navTop + 1,
        `${path}: the bottom navigation does not cover the composer: ${JSON.stringify(seen)}`);
      check(seen.hitIsBox, `${path}: the point at the box's centre is the box itself: ${JSON.stringify(seen)}`);
      const file = join(outDir, `phone-keyboard-${path === "/fi-coach" ? "empty" : "thread"}.png`);
      await page.screenshot({ path: file });
      report.screenshots.push(file);
      await axe(page, `coach phone keyboard ${path}`);
    }
    await page.setViewportSize(VIEWPORTS.desktop);
  });
} catch (error) {
  failed = true;
  await onFailure(error, { page });
} finally {
  await browser.close();
}
finish(failed, [`facts: ${JSON.stringify(report.facts)}`]);

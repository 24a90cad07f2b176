#!/usr/bin/env node
// End-to-end run of /community, /analytics and /admin in Debian's chromium against a running `firepath serve`
// (tests/web/test_e2e_community.py seeds the demo household for the poster, signs up a moderator and an admin
// through the API and grants their roles with the CLI).
//   E2E_BASE_URL                                  the server (required)
//   E2E_USER_EMAIL, E2E_MOD_EMAIL, E2E_ADMIN_EMAIL, E2E_PASSWORD   the three accounts (required, one password)
//   E2E_OUT_DIR                                   screenshots and report.json (default .artifacts/e2e-community/<timestamp>)
//   CHROMIUM                                      browser binary (default /usr/bin/chromium)
// Checks: /analytics lists the user's expense categories from the API; the user posts in the community, edits it,
// the admin reports it and reacts, the moderator sees the report in the queue, comments, hides the post (it leaves
// the moderator's and the admin's lists, the author sees it marked hidden) and resolves the report; a post with
// markup and two lines shows literally, line break kept, under the author's display name, to another member; a moderator
// is redirected away from /admin; the admin sees the analytics summary (figures equal the API's, three charts),
// the users with their roles, and a moderation queue without the resolved report. axe-core (no serious or critical violation) and
// screenshots light/dark at 1280 and 390 px on /community, /analytics and /admin.
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, report, step, check, axe, capture, watch, failed: onFailure, finish } = harness("community", {
  required: ["E2E_PASSWORD", "E2E_USER_EMAIL", "E2E_MOD_EMAIL", "E2E_ADMIN_EMAIL"], settleLoading: true,
});
const password = env.E2E_PASSWORD;
const accounts = { user: env.E2E_USER_EMAIL, moderator: env.E2E_MOD_EMAIL, admin: env.E2E_ADMIN_EMAIL };

/** GET `path` from the API as `email` (one password grant per account: sign-ins are rate limited). */
const tokens = {};
async function apiGet(email, path) {
  const token = tokens[email] ?? await fetch(`${base}/auth/v1/token?grant_type=password`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }),
  }).then((r) => r.json());
  check(token.access_token, `password grant for ${email}: ${JSON.stringify(token)}`);
  tokens[email] = token;
  const response = await fetch(base + path, { headers: { authorization: `Bearer ${token.access_token}` } });
  check(response.ok, `GET ${path} as ${email}: ${response.status}`);
  return response.json();
}

const browser = await launch();

async function signedIn(who) {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
  const page = await context.newPage();
  watch(page, who);
  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(accounts[who]);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
  // Accounts made minutes ago count as new and are sent to the wizard (spec section 3).
  await page.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/);
  return page;
}

const postCard = (page, title) => page.getByTestId("post").filter({ has: page.getByRole("heading", { name: title, exact: true }) });

let failed = false;
const pages = {};
const title = `Hitting 50% savings in Calgary ${Date.now()}`;
const edited = `${title} (update)`;
try {
  pages.user = await signedIn("user");

  await step("analytics: the user's expense categories, needs/wants, savings and trend come from the API", async () => {
    const expenses = await apiGet(accounts.user, "/api/v1/expenses");
    const snapshot = await apiGet(accounts.user, "/api/v1/snapshot");
    const categories = [...new Set(expenses.items.map((i) => i.category))];
    check(categories.length > 0, "the demo user has expense items");
    const page = pages.user;
    await page.goto(`${base}/analytics`);
    const card = page.getByTestId("spending-by-category");
    await card.getByTestId("spending-chart").locator("svg.recharts-surface").first().waitFor({ timeout: 20000 });
    const rows = (await card.locator("table tbody th").allTextContents()).map((t) => t.trim());
    for (const c of categories) check(rows.includes(c), `category ${c} listed (${rows.join(", ")})`);
    if (Number(expenses.rent_mortgage) > 0) check(rows.includes("Rent or mortgage"), "rent listed as housing");
    const digits = (s) => s.replace(/[^0-9]/g, "");
    check(digits(await page.getByTestId("analytics-spending").innerText()) === String(Math.round(snapshot.expenses.total)),
      "monthly spending equals the snapshot's total");
    await page.getByTestId("needs-wants-chart").locator("svg.recharts-surface").first().waitFor();
    await page.getByTestId("savings-chart").locator("svg.recharts-surface").first().waitFor();
    await page.getByTestId("net-worth-trend").locator("svg.recharts-surface").first().waitFor();
    console.log(`\n    categories: ${rows.join(", ")}`);
  });

  await step("community: the user posts, edits the post and sees it marked as theirs", async () => {
    const page = pages.user;
    await page.goto(`${base}/community`);
    await page.getByRole("heading", { name: "Community", level: 1 }).waitFor();
    const form = page.getByTestId("new-post");
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Post category").selectOption("budgeting");
    await form.getByLabel("Message").fill("We cut our grocery bill by batch cooking. What worked for you?");
    await form.getByRole("button", { name: "Post" }).click();
    await postCard(page, title).waitFor();
    check(await postCard(page, title).getByText("Your post").isVisible(), "marked as the user's post");
    await postCard(page, title).getByRole("button", { name: /^Edit/ }).click();
    await page.getByLabel("Edit post").getByLabel("Title").fill(edited);
    await page.getByLabel("Edit post").getByRole("button", { name: "Save" }).click();
    await postCard(page, edited).waitFor();
    // The category filter keeps it under Budgeting and not under Tax.
    await page.getByLabel("Category", { exact: true }).selectOption("tax");
    await page.getByTestId("posts-empty").waitFor();
    await page.getByLabel("Category", { exact: true }).selectOption("budgeting");
    await postCard(page, edited).waitFor();
  });

  await step("community: the admin reacts to the post and reports it", async () => {
    pages.admin = await signedIn("admin");
    const page = pages.admin;
    await page.goto(`${base}/community`);
    const card = postCard(page, edited);
    await card.waitFor();
    check((await card.getByRole("button", { name: /^Edit/ }).count()) === 0, "no edit control on another user's post");
    const helpful = card.getByRole("button", { name: /^Helpful: / });
    await helpful.click();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="post"] button[aria-pressed="true"]')].some((b) => b.getAttribute("aria-label") === "Helpful: 1"));
    await card.getByRole("button", { name: "Report this post" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Reason").fill("Looks like an ad for a meal-kit company.");
    await dialog.getByRole("button", { name: "Send report" }).click();
    await dialog.waitFor({ state: "detached" });
  });

  await step("community: the moderator sees the report, comments, hides the post and resolves the report", async () => {
    pages.moderator = await signedIn("moderator");
    const page = pages.moderator;
    await page.goto(`${base}/community`);
    const queue = page.getByTestId("moderation-queue");
    const reported = queue.getByTestId("moderation-report").filter({ hasText: title });
    await reported.waitFor();
    check(/meal-kit/.test(await reported.innerText()), "the report shows its reason");
    const card = postCard(page, edited);
    await card.getByRole("button", { name: /^Comments/ }).click();
    await card.getByLabel("Add a comment").fill("Please keep links to shops out of posts.");
    await card.getByRole("button", { name: "Comment", exact: true }).click();
    await card.getByTestId("comment").filter({ hasText: "keep links" }).waitFor();
    await card.getByRole("button", { name: `Hide “${edited}”` }).click();
    await card.waitFor({ state: "detached" });
    await reported.getByRole("button", { name: "Resolve", exact: true }).click();
    await reported.waitFor({ state: "detached" });
  });

  await step("community: the hidden post leaves the admin's list; its author sees it marked hidden", async () => {
    await pages.admin.goto(`${base}/community`);
    await pages.admin.getByRole("heading", { name: "Posts" }).waitFor();
    await pages.admin.waitForLoadState("networkidle");
    await pages.admin.locator('[data-testid="post-list"], [data-testid="posts-empty"]').first().waitFor();
    check((await postCard(pages.admin, edited).count()) === 0, "the admin no longer sees the hidden post");
    const posts = await apiGet(accounts.admin, "/api/v1/community/posts");
    check(!posts.some((p) => p.title === edited), "the API no longer lists it for the admin");
    await pages.user.goto(`${base}/community`);
    await postCard(pages.user, edited).getByTestId("hidden-badge").waitFor();
  });

  await step("community: text shows as typed (markup literal, line break kept) under the author's display name", async () => {
    const marked = `Markup stays text ${Date.now()}`;
    const typed = "<b>bold</b> & <i>not italic</i>\nSecond line, on its own line.";
    const form = pages.user.getByTestId("new-post");
    await form.getByLabel("Title").fill(marked);
    await form.getByLabel("Message").fill(typed);
    await form.getByRole("button", { name: "Post" }).click();
    await postCard(pages.user, marked).waitFor();
    const profile = await apiGet(accounts.user, "/api/v1/profile");
    const expectedName = `${profile.first_name} ${profile.last_name}`;
    // Another member reads it: the author's name from their profile, the text exactly as typed.
    const page = pages.admin;
    await page.goto(`${base}/community`);
    const card = postCard(page, marked);
    await card.waitFor();
    const author = (await card.getByTestId("post-author").innerText()).trim();
    check(author === expectedName, `author shown as "${author}", expected the display name "${expectedName}"`);
    check(!author.includes("@"), "never the e-mail address");
    const body = card.getByTestId("post-body");
    const shown = await body.evaluate((el) => ({
      text: el.innerText, elements: el.querySelectorAll("*").length, whiteSpace: getComputedStyle(el).whiteSpace,
      lines: Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)),
    }));
    check(shown.text === typed, `text shown literally: ${JSON.stringify(shown.text)}`);
    check(shown.elements === 0, "no HTML element made from the text");
    check(shown.whiteSpace === "pre-wrap", `white-space ${shown.whiteSpace}`);
    check(shown.lines >= 2, `the line break is kept (${shown.lines} lines tall)`);
    console.log(`\n    author "${author}", ${shown.lines} lines`);
  });

  await step("community: the author deletes a second post of their own", async () => {
    const page = pages.user;
    const second = `Delete me ${Date.now()}`;
    const form = page.getByTestId("new-post");
    await form.getByLabel("Title").fill(second);
    await form.getByLabel("Message").fill("A draft posted by mistake.");
    await form.getByRole("button", { name: "Post" }).click();
    await postCard(page, second).waitFor();
    page.once("dialog", (d) => void d.accept());
    await postCard(page, second).getByRole("button", { name: `Delete “${second}”` }).click();
    await postCard(page, second).waitFor({ state: "detached" });
  });

  await step("admin: a moderator is sent away from /admin", async () => {
    await pages.moderator.goto(`${base}/admin`);
    await pages.moderator.waitForURL(/\/fire-dashboard$/);
  });

  await step("admin: the analytics summary equals the API's, with events, features and funnel charts", async () => {
    const page = pages.admin;
    await pages.user.waitForLoadState("networkidle");
    await pages.moderator.waitForLoadState("networkidle");
    const summary = await apiGet(accounts.admin, "/api/v1/admin/analytics/summary?days=30&top=10");
    check(summary.events_total > 0, `events recorded: ${summary.events_total}`);
    await page.goto(`${base}/admin`);
    await page.getByTestId("events-chart").locator("svg.recharts-surface").first().waitFor({ timeout: 20000 });
    const shown = Number((await page.getByTestId("admin-events-total").innerText()).replace(/[^0-9]/g, ""));
    // The other two accounts may still send an event or two between the API call and the page's.
    check(shown >= summary.events_total && shown <= summary.events_total + 5, `events ${shown} vs API ${summary.events_total}`);
    const signups = summary.funnel.find((s) => s.step === "signed_up").users;
    check(Number(await page.getByTestId("admin-signups").innerText()) === signups, `sign-ups equal the API's ${signups}`);
    await page.getByTestId("funnel-chart").locator("svg.recharts-surface").first().waitFor();
    if (summary.top_features.length) await page.getByTestId("features-chart").locator("svg.recharts-surface").first().waitFor();
    console.log(`\n    events ${shown}, sign-ups ${signups}, features ${summary.top_features.map((f) => f.feature_name).join(", ")}`);
  });

  await step("admin: users with sign-up date, activity, completion and role; the moderation queue", async () => {
    const page = pages.admin;
    await page.getByRole("tab", { name: "Users" }).click();
    await page.getByTestId("admin-user-row").first().waitFor();
    const row = page.getByTestId("admin-user-row").filter({ hasText: accounts.moderator });
    check((await row.getByRole("combobox").inputValue()) === "moderator", "the moderator's role shown");
    check(/%/.test(await row.innerText()), "completion shown");
    const me = page.getByTestId("admin-user-row").filter({ hasText: accounts.admin });
    check(await me.getByRole("combobox").isDisabled(), "an admin cannot change their own role");
    await page.getByRole("tab", { name: "Error reports" }).click();
    await page.getByTestId("admin-error-reports").waitFor();
    await page.getByRole("tab", { name: "Moderation" }).click();
    await page.getByTestId("moderation-queue").locator('[data-testid="moderation-empty"], [data-testid="moderation-report"]').first().waitFor();
    check((await page.getByTestId("moderation-report").filter({ hasText: title }).count()) === 0, "the resolved report left the queue");
  });

  await step("screenshots light/dark at 1280 and 390 px with axe-core", async () => {
    await capture(pages.user, "community", "/community", '[data-testid="post-list"]');
    await capture(pages.user, "analytics", "/analytics", '[data-testid="spending-chart"]');
    await capture(pages.admin, "admin", "/admin", '[data-testid="events-chart"]');
  });
} catch (error) {
  failed = true;
  await onFailure(error, pages);
} finally {
  await browser.close();
}
finish(failed);

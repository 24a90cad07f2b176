// The Help Center and guided-tour part of the end-to-end run (called by run.mjs with its helpers, signed in):
// search help and open a topic, then run the 38-step tour from the Help Center to Finish, checking the step
// counter, Previous disabled on the first step, the page each step navigates to, the highlight or the centred
// fallback, a sub-tab step's tab click, and the saved state. Screenshots (light/dark, 1280/390 px) and axe-core
// with the panel and the tour card open.
import { join } from "node:path";

export async function helpTourFlow({ page, base, step, check, axe, report, outDir, viewports }) {
  async function shoot(name) {
    const theme = await page.evaluate(() => (document.documentElement.classList.contains("light") ? "light" : "dark"));
    const vp = page.viewportSize()?.width === viewports.mobile.width ? "mobile" : "desktop";
    const file = join(outDir, `${name}-${theme}-${vp}.png`);
    await page.screenshot({ path: file });
    report.screenshots.push(file);
    await axe(page, `${name} ${theme} ${vp}`);
  }

  async function openHelp() {
    await page.getByRole("button", { name: "Open Help Center" }).click();
    const panel = page.getByRole("dialog", { name: "Help Center" });
    await panel.waitFor();
    return panel;
  }

  // Words a help topic holds, so the search answers whether or not the server has finished embedding the
  // knowledge base (it does that on a background thread after start, matching substrings meanwhile).
  const QUERY = "emergency fund";

  await step("help center: topics by category, search, open a topic, back", async () => {
    for (const theme of ["dark", "light"]) {
      for (const vp of [viewports.desktop, viewports.mobile]) {
        await page.setViewportSize(vp);
        await page.evaluate((t) => localStorage.setItem("fire-path-theme", t), theme);
        await page.goto(`${base}/fire-dashboard`);
        const panel = await openHelp();
        const list = panel.getByTestId("help-topic-list");
        await list.waitFor();
        const categories = await list.locator("section").count();
        check(categories >= 5, `topics are grouped by category (${categories} groups)`);
        const preview = await list.getByRole("button").first().locator("span").nth(1).textContent();
        // The first 80 characters of the topic (spec), with an ellipsis where the text was cut.
        const shown = preview.replace(/…$/, "");
        check(shown.length > 0 && shown.length <= 80, `previews show at most 80 characters (got ${shown.length})`);
        const search = panel.getByPlaceholder("Search help topics...");
        check(await search.evaluate((el) => el === document.activeElement), "the search box has focus when the panel opens");
        await shoot("help-topics");
        await search.fill(QUERY);
        const results = panel.getByTestId("help-search-results");
        await results.waitFor({ timeout: 15000 });
        const titles = await results.getByRole("button").allTextContents();
        check(titles.length > 0, "semantic search finds help topics");
        check(titles.some((t) => /emergency/i.test(t)), `an emergency-fund topic is among the results: ${titles.slice(0, 3)}`);
        await shoot("help-search");
        await results.getByRole("button").filter({ hasText: /emergency/i }).first().click();
        const back = panel.getByRole("button", { name: "← Back to topics" });
        await back.waitFor();
        await panel.locator("#help-topic-title").waitFor();
        check((await panel.getByRole("list", { name: "Tags" }).count()) === 1, "the topic shows its tags");
        await shoot("help-topic");
        await back.click();
        await panel.getByPlaceholder("Search help topics...").waitFor();
        await page.keyboard.press("Escape");
        await panel.waitFor({ state: "detached" });
      }
    }
    await page.setViewportSize(viewports.desktop);
    await page.evaluate(() => localStorage.setItem("fire-path-theme", "dark"));
  });

  // A tag list ("condo; purchase price; immobilier") is never a snippet: two or more "; "-separated short items.
  // Three or more short items (up to three words) joined by "; " from the start of a sentence: "condo; purchase
  // price; immobilier". Prose with semicolons ("in a sensible order; deciding between RRSP and TFSA ...") is not one.
  const TAG_LIST = /(?:^|[.:!?]\s+)(?:[^\s;.]+(?:\s[^\s;.]+){0,2};\s){2,}[^\s;.]+/;
  await step("help search reads well: prose snippets, the RRSP deadline section, Getting started first", async () => {
    for (const vp of [viewports.desktop, viewports.mobile]) {
      await page.setViewportSize(vp);
      await page.goto(`${base}/fire-dashboard`);
      const panel = await openHelp();
      const list = panel.getByTestId("help-topic-list");
      await list.waitFor();
      const firstGroup = list.locator("section").first();
      check((await firstGroup.getAttribute("aria-label")) === "Getting Started", "the topic list opens with Getting Started");
      const firstTopic = await firstGroup.getByRole("button").first().locator("span").first().textContent();
      check(firstTopic === "Getting started with FIRE Path", `Getting Started opens with the getting-started topic (got ${firstTopic})`);
      const search = panel.getByPlaceholder("Search help topics...");
      const results = panel.getByTestId("help-search-results");
      const rows = () => results.locator(":scope > li");
      async function searchFor(query, done) {
        await search.fill(query);
        await results.waitFor({ timeout: 15000 });
        await page.waitForFunction(done, undefined, { timeout: 15000 }).catch(() => {});
        return rows().allTextContents();
      }
      const started = await searchFor("Getting started", () => true);
      const firstTitle = await rows().first().locator("span").first().textContent();
      check(firstTitle === "Getting started with FIRE Path", `"Getting started" finds the getting-started topic first (got ${firstTitle}; ${started.length} results)`);

      await searchFor("rrsp deadline", () =>
        [...document.querySelectorAll('[data-testid="help-search-results"] > li')].some((li) => /60 days/.test(li.textContent ?? "")));
      const article = rows().filter({ has: page.locator('a[href="/resources/rrsp-basics"]') });
      check((await article.count()) === 1, "rrsp deadline finds the RRSP article, as a link to it");
      const articleText = await article.first().textContent();
      check(/60 days/.test(articleText), `the article result quotes the 60-day rule: ${articleText}`);
      check(/The contribution deadline/.test(articleText), `the article result names its section: ${articleText}`);
      await shoot("help-search-article");

      for (const query of ["immobilier", "condo", "rrsp deadline", "celi"]) {
        const texts = await searchFor(query, () => true);
        check(texts.length > 0, `"${query}" finds something`);
        const leaked = texts.filter((t) => TAG_LIST.test(t));
        check(leaked.length === 0, `no "${query}" snippet is a tag list: ${leaked.join(" | ")}`);
      }
      await search.fill("rrsp deadline");
      await results.locator('a[href="/resources/rrsp-basics"]').click();
      await page.waitForURL((url) => url.pathname === "/resources/rrsp-basics");
      await panel.waitFor({ state: "detached" });
      check(true, "an article result opens the article and closes the panel");
    }
    await page.setViewportSize(viewports.desktop);
  });

  await step("guided tour: 38 steps from the Help Center to Finish", async () => {
    const { steps } = await page.evaluate(() => fetch("/api/v1/tour").then((r) => r.json()));
    check(steps.length === 38, `38 tour steps (got ${steps.length})`);
    await page.goto(`${base}/settings`);
    const panel = await openHelp();
    await panel.getByRole("button", { name: "Take the guided tour" }).click();
    const card = page.getByTestId("tour-card");
    let found = 0;
    let fallbacks = 0;
    for (let i = 0; i < steps.length; i++) {
      const s = steps[i];
      await page.waitForFunction((id) => document.querySelector(`[data-testid="tour-card"]`)?.getAttribute("data-step") === id, s.id);
      check((await card.getByTestId("tour-progress").textContent()) === `Step ${i + 1} of 38`, `step ${i + 1} counter`);
      // Lazy routes change the URL once the page's code has loaded.
      await page.waitForURL((url) => url.pathname === s.route, { timeout: 15000 });
      const previous = card.getByRole("button", { name: "Previous" });
      check((await previous.isDisabled()) === (i === 0), `Previous is ${i === 0 ? "disabled" : "enabled"} on step ${i + 1}`);
      if (i === 0) {
        check((await card.getAttribute("data-search")) === "centred", "the welcome step is centred");
        check(await card.evaluate((el) => Math.round(el.getBoundingClientRect().width) === 360), "the card is 360 px wide");
        await shoot("tour-welcome");
        await page.setViewportSize(viewports.mobile);
        check(await card.evaluate((el) => Math.round(el.getBoundingClientRect().left) >= 16), "the card keeps a 16 px margin on a phone");
        await shoot("tour-welcome");
        await page.setViewportSize(viewports.desktop);
        // Previous is disabled here; Next moves on and Previous comes back.
        await card.getByRole("button", { name: "Next" }).click();
        await page.waitForFunction(() => document.querySelector(`[data-testid="tour-card"]`)?.getAttribute("data-step") === "fire-dashboard");
        await card.getByRole("button", { name: "Previous" }).click();
        await page.waitForFunction(() => document.querySelector(`[data-testid="tour-card"]`)?.getAttribute("data-step") === "welcome");
      }
      if (s.target !== "body") {
        // Present targets are found quickly; missing ones would take 30 x 300 ms, so only wait for the present.
        const present = await page.locator(s.target).count();
        if (present > 0) {
          await page.waitForFunction(() => document.querySelector(`[data-testid="tour-card"]`)?.getAttribute("data-search") === "found");
          await page.getByTestId("tour-highlight").waitFor();
          found += 1;
          if (s.tab) {
            // The step clicks its tab after one second.
            await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute("aria-selected") === "true"
              || document.querySelector(sel)?.getAttribute("data-state") === "active", s.target, { timeout: 5000 });
          }
          if (found === 1) await shoot("tour-highlight");
        } else if (fallbacks === 0) {
          // A target not on the page (yet): the card keeps searching 30 times, 300 ms apart, then centres itself.
          // A page whose data arrives late may still show it, so either outcome ends the wait.
          const started = Date.now();
          await page.waitForFunction(() => ["fallback", "found"].includes(
            document.querySelector(`[data-testid="tour-card"]`)?.getAttribute("data-search") ?? ""), null, { timeout: 15000 });
          if ((await card.getAttribute("data-fallback")) === "true") {
            const waited = Date.now() - started;
            check(waited > 7000, `the fallback comes after the 30 searches (${waited} ms)`);
            fallbacks += 1;
            await shoot("tour-fallback");
          }
        }
      }
      const last = i === steps.length - 1;
      if (last) {
        check((await card.getByRole("button", { name: "Next" }).count()) === 0, "no Next on the last step");
        await shoot("tour-complete");
      }
      await card.getByRole("button", { name: last ? "Finish" : "Next" }).click();
    }
    await card.waitFor({ state: "detached" });
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem("fire-path-tour") ?? "null"));
    check(saved?.isCompleted === true && saved?.isActive === false, `the finished tour is saved as completed: ${JSON.stringify(saved)}`);
    check(saved.completedSteps.length === 38, "every step is recorded as completed");
    // Logged in report.json: printing here would split the step's "... ok" line.
    report.tourTargetsFound = found;
    report.tourFallbacksWaited = fallbacks;
  });
}

// The settings part of the end-to-end run (called by run.mjs with its helpers): a new user's accounts and
// properties kept in local storage migrate once, then every settings page is filled through its form (with a
// client-side validation error shown by its field first), each save's toast is checked word for word, and the
// profile completion reaches 100 (the header button and GET /api/v1/completion). Then each settings page is
// captured light/dark at 1280 and 390 px with axe-core.

const SETTINGS_SHOTS = [
  ["settings-profile", "/settings/profile", "About you"],
  ["settings-income", "/settings/income", "Total monthly income"],
  ["settings-expenses", "/settings/expenses", "Bad habits"],
  ["settings-budgeting", "/settings/budgeting", "Where savings and investments go"],
  ["settings-savings", "/settings/savings", "Emergency fund balance"],
  ["settings-accounts", "/settings/accounts", "Legacy chequing"],
  ["settings-properties", "/settings/properties", "Total equity"],
  ["settings-goals", "/settings/goals", "Six months of expenses"],
  ["settings-future-plans", "/settings/future-plans", "Dated plans"],
  ["settings-credit", "/settings/credit", "Travel rewards"],
  ["settings-preferences", "/settings/preferences", "Text size"],
  ["settings-about", "/settings/about", "About FIRE Path"],
  ["settings-legal", "/settings/legal", "Not a registered adviser"],
  ["settings-terms", "/settings/terms", "Terms of Use"],
  ["settings-privacy", "/settings/privacy", "Privacy Policy"],
];

export async function settingsFlow({ page, base, step, check, capture }) {
  const toast = (text) => page.locator("[data-sonner-toast]").getByText(text, { exact: true }).first().waitFor({ timeout: 15000 });
  const goto = async (path, ready) => {
    await page.goto(base + path);
    await page.getByText(ready, { exact: false }).first().waitFor({ timeout: 15000 });
  };
  const save = (name) => page.getByRole("button", { name, exact: true }).click();

  await step("settings: accounts and properties kept locally migrate once", async () => {
    await page.evaluate(() => {
      localStorage.setItem("fire-path-accounts", JSON.stringify([{ name: "Legacy chequing", type: "chequing", balance: "1,200.50" }]));
      localStorage.setItem("fire-path-properties", JSON.stringify([{ type: "condo", description: "Old condo", marketValue: "450000", purchasePrice: "n/a" }]));
    });
    const seen = [];
    const onResponse = async (r) => {
      if (/\/api\/v1\/(accounts|import)/.test(r.url())) seen.push(`${Date.now() % 100000} ${r.request().method()} ${r.url().replace(base, "")} ${r.status()} ${(await r.text().catch(() => "")).slice(0, 60)}`);
    };
    page.on("response", onResponse);
    await page.goto(`${base}/settings/accounts`);
    await toast("Accounts migrated to database");
    await page.getByText("Legacy chequing").waitFor({ timeout: 10000 }).catch((e) => {
      throw new Error(`${e.message}\nresponses:\n${seen.join("\n")}`);
    });
    page.off("response", onResponse);
    check((await page.evaluate(() => localStorage.getItem("fire-path-accounts"))) === null, "the local copy is removed");
    await page.goto(`${base}/settings/properties`);
    await page.getByText("Old condo").waitFor();
    await page.waitForTimeout(300);
    check((await page.locator("[data-sonner-toast]").getByText("Accounts migrated to database").count()) === 0, "nothing to migrate the second time");
  });

  await step("settings: account added through the dialog, with a required-field error first", async () => {
    await page.goto(`${base}/settings/accounts`);
    await page.getByRole("button", { name: "Add account" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Add account" }).click();
    const name = dialog.getByLabel("Account name");
    await dialog.getByText("Account name is required").waitFor();
    check((await name.getAttribute("aria-invalid")) === "true", "the empty name is marked invalid");
    check(await name.evaluate((el) => el === document.activeElement), "focus moves to the first invalid field");
    await name.fill("Wealthsimple TFSA");
    await dialog.getByLabel("Balance").fill("25000");
    await dialog.getByRole("button", { name: "Add account" }).click();
    await toast("Account added successfully");
    await page.getByText("Wealthsimple TFSA").waitFor();
  });

  await step("settings: profile (age bound checked by its field)", async () => {
    await goto("/settings/profile", "About you");
    await page.getByLabel("First name").fill("Avery");
    await page.getByLabel("Last name").fill("Tremblay");
    await page.getByLabel("Age").fill("150");
    await page.getByLabel("Province or territory").selectOption("ON");
    await page.getByLabel("Marital status").selectOption("married");
    await save("Save");
    await page.getByText("Age must be between 0 and 120").waitFor();
    const age = page.getByLabel("Age");
    check((await age.getAttribute("aria-invalid")) === "true", "age is marked invalid");
    check((await age.getAttribute("aria-describedby")).includes("profile-age-error"), "the error describes the field");
    await age.fill("34");
    await save("Save");
    await toast("Profile saved successfully");
  });

  await step("settings: income", async () => {
    await goto("/settings/income", "Total monthly income");
    await page.getByLabel("Annual salary (before tax)").fill("95000");
    await page.getByLabel("Monthly take-home pay").fill("5,600");
    await page.getByLabel("Side hustle income").fill("400");
    await page.getByTestId("income-total").getByText("$6,000.00").waitFor();
    await save("Save");
    await toast("Income data saved successfully");
  });

  await step("settings: expenses on the needs and wants tabs", async () => {
    await goto("/settings/expenses", "Bad habits");
    await page.getByLabel("Rent or mortgage payment").fill("2100");
    await page.getByRole("button", { name: "Add need" }).click();
    await page.getByLabel("Category").last().fill("Groceries");
    await page.getByLabel("Amount per month").last().fill("650");
    await page.getByRole("tab", { name: "Wants" }).click();
    await page.getByRole("button", { name: "Add want" }).click();
    await page.getByLabel("Category").last().fill("Takeout");
    await page.getByLabel("Amount per month").last().fill("180");
    await page.getByLabel("Bad habit (something you want to cut)").last().check();
    await page.getByTestId("expense-totals").getByText("$2,930.00").waitFor();
    await save("Save expenses");
    await toast("Expenses saved successfully");
  });

  await step("settings: budget", async () => {
    await goto("/settings/budgeting", "Where savings and investments go");
    await page.getByLabel("TFSA").fill("60");
    await page.getByLabel("RRSP").fill("40");
    await save("Save budget");
    await toast("Budget saved successfully");
  });

  await step("settings: savings on the emergency, short-term and investments tabs", async () => {
    await goto("/settings/savings", "Emergency fund balance");
    await page.getByLabel("Emergency fund balance").fill("12000");
    await page.getByRole("button", { name: "Add contribution" }).click();
    await page.getByLabel("Amount per month").last().fill("300");
    await page.getByLabel("Saved and invested per month").fill("800");
    await page.getByRole("tab", { name: "Short-term" }).click();
    await page.getByLabel("Short-term savings balance").fill("2500");
    await page.getByRole("tab", { name: "Investments" }).click();
    await page.getByRole("button", { name: "Add investment" }).click();
    await page.getByLabel("Investment account").last().selectOption("tfsa");
    await page.getByLabel("Amount per month").last().fill("500");
    await save("Save savings");
    await toast("Savings data saved successfully");
    await toast("Savings items saved successfully");
  });

  await step("settings: goal", async () => {
    await page.goto(`${base}/settings/goals`);
    await page.getByRole("button", { name: "Add goal" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Goal name").fill("Six months of expenses");
    await dialog.getByLabel("Target amount").fill("18000");
    await dialog.getByLabel("Saved so far").fill("12000");
    await dialog.getByRole("button", { name: "Add goal" }).click();
    await toast("Goal added successfully");
    await page.getByText("Six months of expenses").waitFor();
  });

  /** The API's own answer for the signed-in browser user (its session from local storage). */
  const apiJson = (path) => page.evaluate(async (p) => {
    const session = JSON.parse(localStorage.getItem("fire-path-auth") ?? "{}");
    return (await fetch(p, { headers: { Authorization: `Bearer ${session.access_token}` } })).json();
  }, path);

  await step("settings: future plans (the income growth, and dated plans one by one)", async () => {
    await goto("/settings/future-plans", "Dated plans");
    await page.getByLabel("Expected income growth per year").fill("3");
    await save("Save income growth");
    await toast("Income growth saved");
    const next = new Date().getFullYear() + 1;
    for (const [kind, description, amount, start] of [["spending", "Daycare ends", "-1200", `${next}-09-01`],
      ["one_off", "New roof", "18000", `${next + 1}-06-01`]]) {
      await page.getByRole("button", { name: "Add future plan" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByLabel(/What changes/).selectOption(kind);
      await dialog.getByLabel(/Description/).fill(description);
      await dialog.getByLabel(/^Amount/).fill(amount);
      await dialog.getByLabel(/^From/).fill(start);
      await dialog.getByRole("button", { name: "Add future plan" }).click();
      await toast("Future plan added");
      await page.getByText(description).waitFor();
    }
    check(await page.getByText("−$1,200 a month").isVisible(), "the spending change reads as a monthly decrease");
    const saved = await apiJson("/api/v1/future-plans/items");
    check(saved.length === 2 && saved.some((i) => i.kind === "one_off" && i.amount === 18000), `both saved: ${JSON.stringify(saved)}`);
    const plan = await apiJson("/api/v1/plan/summary");
    check(plan.milestones.some((m) => m.label === "Future plan: New roof (+$18,000)"), "the plan marks the one-off on its chart");
  });

  await step("settings: credit cards, lines of credit and score tabs", async () => {
    await page.goto(`${base}/settings/credit`);
    await page.getByRole("button", { name: "Add credit card" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Card name").fill("Travel rewards");
    await dialog.getByLabel("Interest rate").fill("20.99");
    await dialog.getByLabel("Balance owed").fill("450");
    await dialog.getByRole("button", { name: "Add credit card" }).click();
    await toast("Credit card added successfully");
    await page.getByText("Travel rewards").waitFor();
    await page.getByRole("tab", { name: "Lines of credit" }).click();
    await page.getByText("No lines of credit yet").waitFor();
    await page.getByRole("tab", { name: "Credit score" }).click();
    await page.getByRole("textbox", { name: "Credit score" }).fill("250");
    await save("Save credit data");
    await page.getByText("Credit score must be between 300 and 900").waitFor();
    await page.getByRole("textbox", { name: "Credit score" }).fill("760");
    await save("Save credit data");
    await toast("Credit data saved successfully");
  });

  await step("settings: preferences and accessibility", async () => {
    await goto("/settings/preferences", "Text size");
    await page.getByLabel("Target retirement age").fill("55");
    await page.getByLabel("Expected investment return per year").fill("6");
    await save("Save preferences");
    await toast("Preferences saved successfully");
    await page.getByLabel("Text size").selectOption("large");
    check(await page.evaluate(() => document.documentElement.classList.contains("font-large")), "text size applies at once");
    await page.getByLabel("Text size").selectOption("medium");
  });

  await step("settings: saved values come back, and completion reaches 100", async () => {
    await goto("/settings/profile", "About you");
    check((await page.getByLabel("First name").inputValue()) === "Avery", "the profile reloads");
    await goto("/settings/future-plans", "Dated plans");
    check((await page.getByLabel("Expected income growth per year").inputValue()) === "3", "the income growth reloads");
    await page.getByText("Daycare ends").waitFor();
    check(await page.getByText("−$1,200 a month").isVisible(), "a decrease reloads as a decrease a month");
    const completion = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem("fire-path-auth") ?? "{}");
      const r = await fetch("/api/v1/completion", { headers: { Authorization: `Bearer ${session.access_token}` } });
      return r.json();
    });
    const notDone = completion.sections.filter((s) => s.score !== 100).map((s) => `${s.key}=${s.score}`);
    check(completion.overall === 100, `completion overall is 100 (got ${completion.overall}; ${notDone.join(", ")})`);
    const button = page.getByTestId("completion-button");
    await button.getByText("100%").waitFor();
    check((await button.getAttribute("data-variant")) === "ghost", "the completion button turns ghost at 100");
  });

  await step("settings pages: screenshots and axe", async () => {
    for (const [name, path, ready] of SETTINGS_SHOTS) await capture(page, name, path, ready && { text: ready });
  });
}

#!/usr/bin/env node
// End-to-end run of /calculators, /tax, /strategies and /resources in Debian's chromium (playwright-core) against
// a running `firepath serve` with the demo household seeded (tests/web/test_e2e_calculators.py does both).
//   E2E_BASE_URL   the server (required)
//   E2E_EMAIL, E2E_PASSWORD   the seeded demo account (required)
//   E2E_OUT_DIR    where screenshots and report.json go (default .artifacts/e2e-calculators/<timestamp>)
//   CHROMIUM       browser binary (default /usr/bin/chromium)
// Flow: sign in; a mortgage payment matching a published Canadian example; invalid input refused by field;
// the FIRE calculator filled from the household plan, showing the plan's own FI date beside its answer; the debt
// payoff filled from the saved cards and lines, its example saving interest with the avalanche; a card over its
// limit on the credit page, with the utilization the API computes from the cards and lines; a tax
// estimate equal to the API's for the plan's province and salary; strategies quoting the plan's FIRE number and FI date; an article opened from semantic search, with related reading.
// axe-core on every page (no serious or critical violation); screenshots light/dark at 1280 and 390 px.
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, report, step, check, capture, watch, failed: onFailure, finish } =
  harness("calculators", { required: ["E2E_EMAIL", "E2E_PASSWORD"], report: { figures: {} } });
const { E2E_EMAIL: email, E2E_PASSWORD: password } = env;
const cad = (n) => new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);
const pct = (r) => new Intl.NumberFormat("en-CA", { style: "percent", maximumFractionDigits: 2 }).format(r);

/** POST a calculator directly (public endpoint), to compare the screen with the API. */
async function calc(path, body) {
  const response = await fetch(`${base}/api/v1/calc/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  check(response.ok, `POST /calc/${path}: ${response.status}`);
  return response.json();
}

/** GET an API path as the signed-in user (the token the web client keeps). */
const apiGet = (page, path) => page.evaluate(async (p) => {
  const token = JSON.parse(localStorage.getItem("fire-path-auth") ?? "{}").access_token;
  const r = await fetch(p, { headers: { Authorization: `Bearer ${token}` } });
  if (!r.ok) throw new Error(`GET ${p}: ${r.status}`);
  return r.json();
}, path);
const month = (iso) => new Intl.DateTimeFormat("en-CA", { month: "long", year: "numeric" }).format(new Date(`${iso}T00:00:00`));

/** A text box by the start of its label (money and percent fields add "(dollars)" / "(percent)" for screen readers). */
const box = (page, label) => page.getByRole("textbox", { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
const text = async (locator) => (await locator.textContent())?.trim() ?? "";

const browser = await launch();
let failed = false;
let page;
try {
  const context = await browser.newContext({ viewport: VIEWPORTS.desktop, locale: "en-CA" });
  page = await context.newPage();
  watch(page);

  await step("sign in as the demo household", async () => {
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 20000 });
  });

  await step("mortgage payment matches a published Canadian example", async () => {
    // Published example (Tom Goebel, mortgage agent, "Tools of the trade", thomas-goebel.ca/tools-of-the-trade/):
    // a $300,000 loan at 4% over 30 years costs $1,426.56 a month in Canada (semi-annual compounding under the
    // Interest Act) against $1,432.25 in the US (monthly compounding). Check: monthly rate (1 + 0.04/2)^(1/6) - 1,
    // payment = 300000 * i / (1 - (1 + i)^-360) = 1,426.556...
    await page.goto(`${base}/calculators?tab=mortgage`);
    await page.getByRole("tab", { name: "Mortgage", selected: true }).waitFor();
    await box(page, "Loan amount").fill("300,000");
    await box(page, "Interest rate").fill("4");
    await box(page, "Amortization (years)").fill("30");
    await page.getByLabel("Payment frequency").selectOption("monthly");
    const payment = page.getByTestId("mortgage-payment");
    await payment.filter({ hasText: "$1,426.56" }).waitFor({ timeout: 10000 });
    report.figures.mortgage_payment = await text(payment);
    const rows = page.getByTestId("amortization-table").locator("tbody tr");
    await rows.nth(29).waitFor();
    check((await rows.count()) === 30, `30 years in the amortization table, got ${await rows.count()}`);
    const lastBalance = await text(rows.nth(29).locator("td").last());
    check(lastBalance === "$0.00", `balance after 30 years is $0.00 (got ${lastBalance})`);
    await page.getByTestId("amortization-chart").locator("svg").first().waitFor();
    const api = await calc("mortgage", { principal: 300000, annual_rate: 0.04, amortization_years: 30 });
    check(Math.abs(api.payment - 1426.56) < 0.005, `API payment ${api.payment}`);
    check((await text(page.getByTestId("mortgage-interest"))) === cad(api.total_interest), "total interest equals the API's");
  });

  await step("invalid mortgage input is refused by field, then recovers", async () => {
    await box(page, "Loan amount").fill("abc");
    await page.getByText("Loan amount must be a number").waitFor();
    check((await box(page, "Loan amount").getAttribute("aria-invalid")) === "true", "aria-invalid on the field");
    await page.getByText("Fix the highlighted fields to see results.").waitFor();
    await box(page, "Amortization (years)").fill("45");
    await page.getByText("Amortization (years) must be at least 1 and at most 40").waitFor();
    await box(page, "Loan amount").fill("300000");
    await box(page, "Amortization (years)").fill("25");
    await page.getByTestId("mortgage-payment").waitFor();
    // Accelerated bi-weekly: half the monthly payment every two weeks.
    await page.getByLabel("Payment frequency").selectOption("accelerated_bi_weekly");
    const api = await calc("mortgage", { principal: 300000, annual_rate: 0.04, amortization_years: 25, frequency: "accelerated_bi_weekly" });
    await page.getByTestId("mortgage-payment").filter({ hasText: cad(api.payment) }).waitFor({ timeout: 10000 });
    report.figures.accelerated_bi_weekly = cad(api.payment);
  });

  await step("mortgage from a price and a 5% down payment adds the CMHC premium", async () => {
    await page.getByRole("radio", { name: "The price and down payment" }).check();
    await box(page, "Home price").fill("500000");
    await box(page, "Down payment").fill("25000");
    const api = await calc("mortgage", { price: 500000, down_payment: 25000, annual_rate: 0.04, amortization_years: 25, frequency: "accelerated_bi_weekly" });
    check(api.cmhc.required && api.cmhc.premium === 19000, `CMHC 4% of $475,000 (got ${JSON.stringify(api.cmhc)})`);
    await page.getByText("Includes the CMHC premium of $19,000.00").waitFor({ timeout: 10000 });
    await page.getByTestId("mortgage-payment").filter({ hasText: cad(api.payment) }).waitFor({ timeout: 10000 });
  });

  await step("debt payoff starts from the user's cards and lines, as the API lists them", async () => {
    await page.goto(`${base}/calculators?tab=debt`);
    await page.getByText("Filled in from your credit cards and lines of credit").waitFor({ timeout: 15000 });
    const cards = await apiGet(page, "/api/v1/credit/cards");
    const lines = await apiGet(page, "/api/v1/credit/lines");
    const owing = [...cards, ...lines].filter((d) => d.balance > 0);
    const { debts } = await apiGet(page, "/api/v1/credit/debts");
    check(owing.length > 0 && debts.length === owing.length, `one row per saved card or line with a balance (${debts.length} of ${owing.length})`);
    const names = await page.getByRole("textbox", { name: /^Name$/ }).evaluateAll((els) => els.map((e) => e.value));
    const balances = await page.getByRole("textbox", { name: /^Balance/ }).evaluateAll((els) => els.map((e) => Number(e.value.replace(/[^\d.]/g, ""))));
    for (const d of owing) {
      const i = names.indexOf(d.name);
      check(i >= 0 && balances[i] === d.balance, `${d.name}: balance ${balances[i]} on screen = ${d.balance} saved`);
    }
    check(names.length === owing.length, `no example rows left (${names.join(", ")})`);
    const minimums = Math.round(debts.reduce((sum, d) => sum + d.minimum_payment, 0) * 100) / 100;
    const api = await calc("debt-payoff", { monthly_payment: Math.ceil(minimums), debts: debts.map((d) => ({ name: d.name, balance: d.balance, annual_rate: d.annual_rate, minimum_payment: d.minimum_payment })) });
    const months = api.avalanche.months;
    await page.getByTestId("debt-avalanche").filter({ hasText: `${Math.floor(months / 12)} y ${months % 12} m` }).waitFor({ timeout: 10000 });
    report.figures.debts_from_cards = debts.map((d) => `${d.name} ${cad(d.balance)}`);
    await box(page, "Monthly budget for debts").fill("1");
    await page.getByText(`Monthly budget must cover the minimums (${cad(minimums)})`).waitFor();
  });

  await step("debt payoff example: the avalanche saves interest over the snowball", async () => {
    await page.getByRole("button", { name: "Show the example" }).click();
    await page.getByText("An example; results update as you type.").waitFor();
    const api = await calc("debt-payoff", { monthly_payment: 900, debts: [
      { name: "Credit card", balance: 9000, annual_rate: 0.1999, minimum_payment: 270 },
      { name: "Car loan", balance: 4000, annual_rate: 0.069, minimum_payment: 200 },
      { name: "Line of credit", balance: 7000, annual_rate: 0.0945, minimum_payment: 210 }] });
    check(api.interest_saved_by_avalanche > 0, `the example's avalanche saves something (${api.interest_saved_by_avalanche})`);
    const saving = page.getByTestId("debt-saving");
    await saving.filter({ hasText: cad(api.interest_saved_by_avalanche) }).waitFor({ timeout: 10000 });
    check(!(await text(saving)).includes("$0.00"), `not "Avalanche saves $0.00" (${await text(saving)})`);
    report.figures.example_avalanche_saves = cad(api.interest_saved_by_avalanche);
    await page.getByRole("button", { name: "Use my cards and lines" }).click();
    await page.getByText("Filled in from your credit cards and lines of credit").waitFor();
  });

  await step("credit utilization: a card over its limit is marked, the total computed from the cards and lines", async () => {
    await page.goto(`${base}/settings/credit`);
    await page.getByTestId("credit-utilization-rate").waitFor({ timeout: 15000 });
    await page.getByRole("button", { name: "Add credit card" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: /^Card name/ }).fill("Store card");
    await dialog.getByRole("textbox", { name: /^Credit limit/ }).fill("1000");
    await dialog.getByRole("textbox", { name: /^Balance owed/ }).fill("3000");
    await dialog.getByRole("button", { name: "Add credit card" }).click();
    const panel = page.getByTestId("credit-utilization");
    await panel.getByTestId("credit-over-limit").filter({ hasText: "Store card" }).waitFor({ timeout: 10000 });
    await page.getByText("Over limit", { exact: true }).waitFor();
    const cards = await apiGet(page, "/api/v1/credit/cards");
    const lines = await apiGet(page, "/api/v1/credit/lines");
    const limited = [...cards, ...lines].filter((d) => d.credit_limit > 0);
    const owed = limited.reduce((sum, d) => sum + d.balance, 0);
    const limit = limited.reduce((sum, d) => sum + d.credit_limit, 0);
    const summary = await apiGet(page, "/api/v1/credit");
    check(Math.abs(summary.credit_utilization_rate - owed / limit) < 0.0001, `API utilization ${summary.credit_utilization_rate} = ${owed} / ${limit}`);
    const shown = await text(panel.getByTestId("credit-utilization-rate"));
    const expected = new Intl.NumberFormat("en-CA", { style: "percent", maximumFractionDigits: 1 }).format(summary.credit_utilization_rate);
    check(shown === expected && shown !== "0%", `utilization on screen ${shown} = ${expected}`);
    report.figures.credit_utilization = shown;
    await capture(page, "credit-over-limit", "/settings/credit", (p) => p.getByTestId("credit-over-limit"));
    // The card alone is 300% used: its badge says so here and the API test checks the figure. Removed again, so
    // the demo household stays as seeded for the steps after this one.
    const store = cards.find((c) => c.name === "Store card");
    await page.evaluate(async (id) => {
      const token = JSON.parse(localStorage.getItem("fire-path-auth") ?? "{}").access_token;
      await fetch(`/api/v1/credit/cards/${id}`, { method: "DELETE", headers: { Authorization: `Bearer ${token}` } });
    }, store.id);
  });

  await step("profile: one e-mail, the sign-in one, shown and not editable", async () => {
    await page.goto(`${base}/settings/profile`);
    const shown = page.getByTestId("profile-email");
    await shown.filter({ hasText: email }).waitFor({ timeout: 15000 });
    check((await page.getByRole("textbox", { name: /e-?mail/i }).count()) === 0, "no e-mail field to edit");
    const profile = await apiGet(page, "/api/v1/profile");
    check(profile === null || profile.email === email, `the API's profile e-mail is the sign-in one (${profile?.email})`);
  });

  await step("mortgage: monthly compounding for a variable rate, as a spreadsheet's PMT", async () => {
    // PMT(6%/12, 300, -300000) = 1,932.90: a variable-rate or US-style loan compounds monthly.
    await page.goto(`${base}/calculators?tab=mortgage`);
    await box(page, "Loan amount").fill("300000");
    await box(page, "Interest rate").fill("6");
    await box(page, "Amortization (years)").fill("25");
    await page.getByLabel("Interest compounds").selectOption("monthly");
    await page.getByTestId("mortgage-payment").filter({ hasText: "$1,932.90" }).waitFor({ timeout: 10000 });
    await page.getByLabel("Interest compounds").selectOption("semi_annual");
    const fixed = await calc("mortgage", { principal: 300000, annual_rate: 0.06, amortization_years: 25 });
    await page.getByTestId("mortgage-payment").filter({ hasText: cad(fixed.payment) }).waitFor({ timeout: 10000 });
  });

  await step("time value of money: the five keys and cash flows, as a spreadsheet", async () => {
    await page.goto(`${base}/calculators?tab=tvm`);
    await page.getByRole("tab", { name: "Time value of money", selected: true }).waitFor();
    // Defaults: $500,000 over 300 monthly payments at 5% compounded semi-annually: -$2,908.02, as the mortgage tab.
    await page.getByTestId("tvm-result").filter({ hasText: "-$2,908.02" }).waitFor({ timeout: 10000 });
    const split = await calc("tvm", { solve_for: "pmt", n: 300, annual_rate: 0.05, pv: 500000, compounding_per_year: 2, period: 1 });
    check((await text(page.getByTestId("tvm-split"))) === `Interest ${cad(split.split.interest)}Principal ${cad(split.split.principal)}`,
      `first payment's interest and principal equal the API's (${JSON.stringify(split.split)})`);
    // Excel RATE help: RATE(48, -200, 8000) = 0.77% a month = 9.24% a year.
    await page.getByLabel("Solve for").selectOption("annual_rate");
    await box(page, "Number of periods (N)").fill("48");
    await box(page, "Payment (PMT)").fill("-200");
    await box(page, "Present value (PV)").fill("8000");
    await box(page, "Compounding per year (C/Y)").fill("");
    await box(page, "Split this period's payment").fill("");
    await page.getByTestId("tvm-result").filter({ hasText: "9.2418%" }).waitFor({ timeout: 10000 });
    // Excel NPV help: NPV(10%, -10000, 3000, 4200, 6800) = 1,188.44; the IRR of the same flows.
    await page.getByTestId("flows-npv").waitFor({ timeout: 10000 });
    check((await page.getByTestId("flows-npv").locator("xpath=..").textContent()).includes("$1,188.44"), "spreadsheet NPV 1,188.44");
    await page.getByLabel("Cash flows").fill("2008-01-01, -10000\n2008-03-01, 2750\n2008-10-30, 4250\n2009-02-15, 3250\n2009-04-01, 2750");
    await box(page, "Discount rate").fill("9");
    await page.getByTestId("flows-xnpv").filter({ hasText: "$2,086.65" }).waitFor({ timeout: 10000 });
    await page.getByTestId("flows-xirr").filter({ hasText: "37.34%" }).waitFor({ timeout: 10000 });
    await page.getByLabel("Cash flows").fill("2024-02-30, 5");
    await page.getByText("Line 1: 2024-02-30 is not a date").waitFor();
  });

  await step("FIRE calculator starts from the plan's spending and shows the plan's FI date", async () => {
    await page.goto(`${base}/calculators`);
    await page.getByText("Filled in from your plan").waitFor({ timeout: 15000 });
    const summary = await apiGet(page, "/api/v1/plan/summary");
    const planDate = await page.getByTestId("fire-plan-date").innerText();
    check(planDate === month(summary.fi_date), `the plan's FI date beside the calculator (${planDate}) = API ${summary.fi_date}`);
    report.figures.plan_fi_date = planDate;
    const spending = Number((await box(page, "Yearly spending").inputValue()).replace(/[^\d.]/g, ""));
    check(spending > 0, "yearly spending filled in");
    const fire = page.getByTestId("fire-number");
    const expected = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(spending * 25);
    await fire.filter({ hasText: expected }).waitFor({ timeout: 10000 });
    report.figures.fire_number = expected;
    await box(page, "Withdrawal rate").fill("3.5");
    const lower = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 0, minimumFractionDigits: 0 }).format((await calc("fire", { annual_expenses: spending, multiplier: Math.round((1 / 0.035) * 10000) / 10000 })).fire_number);
    await fire.filter({ hasText: lower }).waitFor({ timeout: 10000 });
  });

  await step("investment calculator: growth chart and table", async () => {
    await page.getByRole("tab", { name: "Investment" }).click();
    await page.getByTestId("investment-future-value").waitFor();
    const api = await calc("investment", { initial: 10000, contribution: 500, periods_per_year: 12, years: 25, annual_return: 0.06, mer: 0.0025, inflation: 0.02 });
    const fv = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(api.future_value);
    await page.getByTestId("investment-future-value").filter({ hasText: fv }).waitFor({ timeout: 10000 });
    check((await page.getByTestId("investment-table").locator("tbody tr").count()) === 25, "25 years in the table");
  });

  await step("tax estimate for the user's province and salary equals the API's", async () => {
    await page.goto(`${base}/tax`);
    await page.getByText("Started from your household plan").waitFor({ timeout: 15000 });
    const province = await page.getByLabel("Province or territory").inputValue();
    const salary = Number((await box(page, "Employment income").inputValue()).replace(/[^\d.]/g, ""));
    check(province === "ON" && salary === 118000, `demo household: ON, $118,000 (got ${province}, ${salary})`);
    const year = Number(await page.getByLabel("Tax year").inputValue());
    await box(page, "RRSP contribution to deduct").fill("10000");
    const api = await calc("tax", { year, province, employment_income: salary, rrsp_deduction: 10000 });
    await page.getByTestId("tax-income-tax").filter({ hasText: cad(api.income_tax) }).waitFor({ timeout: 10000 });
    check((await text(page.getByTestId("tax-marginal"))) === pct(api.marginal_rate), "marginal rate equals the API's");
    check((await text(page.getByTestId("tax-average"))) === pct(api.average_rate), "average rate equals the API's");
    check((await text(page.getByTestId("tax-rrsp-saved"))) === cad(api.rrsp_tax_saved), "RRSP effect equals the API's");
    report.figures.tax = { year, province, salary, income_tax: cad(api.income_tax), marginal: pct(api.marginal_rate), average: pct(api.average_rate), rrsp_saved: cad(api.rrsp_tax_saved) };
    await page.getByTestId("room-tfsa").filter({ hasText: "$" }).waitFor();
    await page.getByTestId("room-rrsp").filter({ hasText: "$" }).waitFor();
    await page.getByTestId("rrsp-vs-tfsa").waitFor();
    // A retirement income above the OAS threshold shows the recovery-tax warning.
    await box(page, "Yearly income in retirement").fill("130000");
    await page.getByTestId("oas-warning").filter({ hasText: "OAS recovery tax:" }).waitFor({ timeout: 10000 });
    await box(page, "Yearly income in retirement").fill("50000");
    await page.getByTestId("oas-warning").filter({ hasText: "No OAS recovery tax" }).waitFor({ timeout: 10000 });
  });

  await step("tax for a retiree: pension, CPP, OAS, dividends and the working shown", async () => {
    await page.goto(`${base}/tax`);
    await page.getByText("Started from your household plan").waitFor({ timeout: 15000 });
    await page.getByLabel("Tax year").selectOption("2024");
    await box(page, "Employment income").fill("");
    await box(page, "RRSP contribution to deduct").fill("");
    await page.getByText("Age, pensions, investments and self-employment").click();
    await box(page, "Your age at the end of the year").fill("70");
    await box(page, "Pension income").fill("60000");
    await box(page, "CPP or QPP received").fill("14000");
    await box(page, "OAS received").fill("8560");
    await box(page, "Eligible dividends").fill("20000");
    const api = await calc("tax", { year: 2024, province: "ON", age: 70, pension_income: 60000, cpp_income: 14000, oas_income: 8560,
      eligible_dividends: 20000, employment_income: 0, other_income: 0, self_employment_income: 0, non_eligible_dividends: 0, capital_gains: 0, rrsp_deduction: 0 });
    await page.getByTestId("tax-income-tax").filter({ hasText: cad(api.income_tax) }).waitFor({ timeout: 10000 });
    check(api.oas_recovery_tax > 0, `an OAS recovery tax at this income (${api.oas_recovery_tax})`);
    await page.getByTestId("tax-oas-recovery").filter({ hasText: cad(api.oas_recovery_tax) }).waitFor();
    await page.getByText("How this is worked out").click();
    const working = page.getByTestId("tax-working");
    for (const label of ["Basic personal amount", "Pension income amount", "Dividend tax credit (eligible dividends)", "Ontario Health Premium"]) {
      await working.getByRole("rowheader", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}`) }).waitFor();
    }
    const federal = api.federal.credits.find((c) => c.code === "pension_income_amount");
    check(federal.amount === 2000, "the federal pension income amount is $2,000");
    report.figures.retiree_tax = { income_tax: cad(api.income_tax), oas_recovery: cad(api.oas_recovery_tax) };
    await capture(page, "tax-retiree", "/tax", (p) => p.getByTestId("tax-income-tax"), async (p) => {
      await p.getByText("Started from your household plan").waitFor({ timeout: 15000 });
      await p.getByLabel("Tax year").selectOption("2024");
      await box(p, "Employment income").fill("");
      await box(p, "RRSP contribution to deduct").fill("");
      await p.getByText("Age, pensions, investments and self-employment").click();
      await box(p, "Your age at the end of the year").fill("70");
      await box(p, "Pension income").fill("60000");
      await box(p, "CPP or QPP received").fill("14000");
      await box(p, "OAS received").fill("8560");
      await box(p, "Eligible dividends").fill("20000");
      await p.getByTestId("tax-income-tax").filter({ hasText: cad(api.income_tax) }).waitFor({ timeout: 10000 });
      await p.getByText("How this is worked out").click();
    });
  });

  await step("strategies use the user's numbers in three tabs", async () => {
    await page.goto(`${base}/strategies`);
    await page.getByTestId("strategy-traditional").filter({ hasText: "Your numbers" }).waitFor({ timeout: 15000 });
    const summary = await apiGet(page, "/api/v1/plan/summary");
    const fn = new Intl.NumberFormat("en-CA", { style: "currency", currency: "CAD", maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(summary.fire_number);
    const quoted = page.getByTestId("strategy-plan");
    await quoted.filter({ hasText: fn }).waitFor({ timeout: 10000 });
    check((await quoted.innerText()).includes(`independent in ${month(summary.fi_date)}`), "the plan's FI date quoted");
    report.figures.strategy_fire_number = fn;
    await page.getByRole("tab", { name: "Investment" }).click();
    await page.getByTestId("strategy-order").locator("ol li").first().waitFor({ timeout: 10000 });
    await page.getByRole("tab", { name: "Tax" }).click();
    await page.getByTestId("strategy-rrsp-tfsa").filter({ hasText: "comes out" }).waitFor({ timeout: 10000 });
  });

  let articleTitle = "";
  await step("open an article from semantic search, then related reading", async () => {
    await page.goto(`${base}/resources`);
    await page.getByTestId("article-card").first().waitFor({ timeout: 15000 });
    const all = await page.getByTestId("article-card").count();
    await page.getByLabel("Search articles").fill("how much can I put in my tax-free savings account");
    await page.getByTestId("resources-count").filter({ hasText: "most relevant first" }).waitFor({ timeout: 15000 });
    check(page.url().includes("q="), "the query is in the URL");
    const first = page.getByTestId("article-card").first().getByRole("link");
    articleTitle = await text(first);
    check(/TFSA|Tax-Free/i.test(articleTitle), `top result is about the TFSA (got "${articleTitle}", ${all} articles in all)`);
    report.figures.search_top = articleTitle;
    await first.click();
    await page.getByRole("heading", { level: 1, name: articleTitle }).waitFor();
    await page.getByTestId("article-body").locator("h2").first().waitFor();
    await page.getByRole("heading", { name: "Related reading" }).waitFor();
    const related = page.getByTestId("related-articles").getByRole("link").first();
    const relatedTitle = await text(related);
    await related.click();
    await page.getByRole("heading", { level: 1, name: relatedTitle }).waitFor();
    await page.goto(`${base}/resources/no-such-article`);
    await page.getByRole("heading", { name: "Article not found" }).waitFor();
    await page.goto(`${base}/resources?category=Tax&level=beginner`);
    await page.getByTestId("resources-count").waitFor();
    await page.getByTestId("article-card").first().or(page.getByText("No articles match these filters")).first().waitFor();
  });

  await step("screenshots and axe: calculators, tax, strategies, resources, an article", async () => {
    await capture(page, "calculators-fire", "/calculators", (p) => p.getByTestId("fire-number"));
    await capture(page, "calculators-mortgage", "/calculators?tab=mortgage", (p) => p.getByTestId("amortization-table"));
    await capture(page, "calculators-investment", "/calculators?tab=investment", (p) => p.getByTestId("investment-table"));
    await capture(page, "calculators-debt", "/calculators?tab=debt", (p) => p.getByTestId("debt-avalanche"));
    await capture(page, "calculators-tvm", "/calculators?tab=tvm", (p) => p.getByTestId("tvm-result"));
    await capture(page, "tax", "/tax", (p) => p.getByTestId("rrsp-vs-tfsa"));
    await capture(page, "strategies", "/strategies", (p) => p.getByTestId("strategy-traditional"));
    await capture(page, "resources", "/resources", (p) => p.getByTestId("article-card"));
    await capture(page, "article", "/resources/mortgages-in-canada", (p) => p.getByTestId("related-articles"));
  });
} catch (error) {
  failed = true;
  await onFailure(error, { page });
} finally {
  await browser.close();
}
finish(failed, [`figures: ${JSON.stringify(report.figures)}`]);

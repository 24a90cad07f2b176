#!/usr/bin/env node
// End-to-end run of /settings/household in Debian's chromium against a running `firepath serve`
// (tests/web/test_e2e_household.py starts it).
//   E2E_BASE_URL        the server (required)
//   E2E_PASSWORD        the password of the new user this script signs up (required)
//   E2E_OUT_DIR         where screenshots and report.json go (default .artifacts/e2e-household/<timestamp>)
//   CHROMIUM            browser binary (default /usr/bin/chromium)
// A new user sees the household assumed from the profile (the banner), fills in themselves and a partner, saves,
// and after a reload sees every value kept; a partner's birth date in the future is refused by the API and the
// message shows beside that field; the household plan (GET /api/v1/plan/household) then holds two people with the
// incomes typed. axe-core (no serious or critical violation) and screenshots light/dark at 1280 and 390 px, before
// and after the save.
import { harness, launch, VIEWPORTS } from "./lib.mjs";

const { env, base, step, check, axe, capture, watch, failed: onFailure, finish } =
  harness("household", { required: ["E2E_PASSWORD"] });
const { E2E_PASSWORD: password } = env;
const email = `household-${Date.now()}@example.com`;

const YOU = { Name: "Avery", "Birth date": "1986-03-14", "Employment income per year": "95000", "Retirement age": "60",
  "CPP start age": "63.5", "CPP at 65 per month": "1050", "OAS start age": "67", "Years in Canada after 18": "40" };
const PARTNER = { Name: "Jordan", "Birth date": "1988-11-02", "Employment income per year": "72000", "Retirement age": "62",
  "Defined-benefit pension per year": "18000", "Pension start age": "60", "Share of inflation the pension rises by": "50" };

async function token() {
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
  page = await context.newPage();
  watch(page);
  const region = (name) => page.getByRole("region", { name, exact: true });
  const field = (who, label) => region(who).getByLabel(label, { exact: true });
  const fill = async (who, values) => {
    for (const [label, value] of Object.entries(values)) await field(who, label).fill(value);
  };
  const toast = (text) => page.locator("[data-sonner-toast]").getByText(text, { exact: true }).first().waitFor({ timeout: 15000 });

  await step("a new user signs up and signs in", async () => {
    const signup = await fetch(`${base}/auth/v1/signup`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email, password }),
    });
    check(signup.ok, `sign-up ${signup.status}`);
    await page.goto(`${base}/login`);
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL(/\/(onboarding\/wizard|fire-dashboard)$/);
  });

  await step("the settings list links to Household right after Personal Profile", async () => {
    await page.goto(`${base}/settings`);
    const links = page.locator('a[href^="/settings/"] > span > span.font-medium');
    await links.first().waitFor({ timeout: 15000 });
    const titles = await links.allInnerTexts();
    const at = titles.indexOf("Household");
    check(at > 0 && titles[at - 1] === "Personal Profile", `Household follows Personal Profile: ${titles.join(" | ")}`);
    await page.getByRole("link", { name: /^Household/ }).click();
    await page.waitForURL(/\/settings\/household$/);
  });

  await step("before a first save: the assumed banner, you alone, defaults filled in", async () => {
    await page.getByTestId("household-assumed").waitFor({ timeout: 15000 });
    check(/assumed from your profile and income until you save/.test(await page.getByTestId("household-assumed").innerText()), "banner text");
    check((await region("Partner").count()) === 0, "no partner for a single new user");
    check((await field("You", "CPP start age").inputValue()) === "65", "CPP start age defaults to 65");
    check((await field("You", "Years in Canada after 18").inputValue()) === "40", "OAS residence defaults to 40");
    const hint = await field("You", "CPP at 65 per month").getAttribute("aria-describedby");
    check(hint?.includes("household-self-cpp_at_65-hint"), `the CPP hint describes its field (${hint})`);
    await axe(page, "household before saving");
  });

  await step("screenshots of the assumed household light/dark at 1280 and 390 px with axe-core", async () => {
    await capture(page, "settings-household-assumed", "/settings/household", { text: "Workplace pension" });
  });

  await step("you and a partner filled in by keyboard and saved", async () => {
    await page.goto(`${base}/settings/household`);
    await field("You", "Name").waitFor({ timeout: 15000 });
    await fill("You", YOU);
    // Add partner with the keyboard: focus moves to the partner's first field.
    await page.getByRole("button", { name: "Add partner" }).focus();
    await page.keyboard.press("Enter");
    await region("Partner").waitFor();
    check(await field("Partner", "Name").evaluate((el) => el === document.activeElement), "focus is on the partner's name");
    await fill("Partner", PARTNER);
    await page.getByRole("button", { name: "Save household" }).click();
    await toast("Household saved successfully");
    await page.getByTestId("household-assumed").waitFor({ state: "detached", timeout: 15000 });
  });

  await step("after a reload every value is kept", async () => {
    await page.reload();
    await field("Partner", "Name").waitFor({ timeout: 15000 });
    for (const [who, values] of [["You", YOU], ["Partner", PARTNER]]) {
      for (const [label, value] of Object.entries(values)) {
        const shown = await field(who, label).inputValue();
        check(shown === value, `${who} / ${label}: ${shown} (typed ${value})`);
      }
    }
    check((await page.getByTestId("household-assumed").count()) === 0, "no banner once saved");
  });

  await step("a partner's birth date in the future: the API's message shows beside that field", async () => {
    const birth = field("Partner", "Birth date");
    await birth.fill("2090-01-01");
    await page.getByRole("button", { name: "Save household" }).click();
    await region("Partner").getByText("Birth date: is in the future").waitFor({ timeout: 15000 });
    check((await birth.getAttribute("aria-invalid")) === "true", "marked invalid");
    check((await birth.getAttribute("aria-describedby")).includes("household-partner-birth_date-error"), "the error describes the field");
    check(await birth.evaluate((el) => el === document.activeElement), "focus moves to it");
    await axe(page, "household with a server error");
    await page.reload(); // nothing was saved
    check((await field("Partner", "Birth date").inputValue()) === PARTNER["Birth date"], "the saved birth date is unchanged");
  });

  await step("the household plan holds both people with the incomes typed", async () => {
    const headers = { authorization: `Bearer ${await token()}` };
    const household = await fetch(`${base}/api/v1/household`, { headers }).then((r) => r.json());
    check(household.saved === true && household.members.length === 2, `saved household: ${JSON.stringify(household)}`);
    const [you, partner] = household.members;
    check(you.cpp_start_age === 63.5 && you.cpp_at_65 === 1050 && you.oas_start_age === 67, `your CPP and OAS: ${JSON.stringify(you)}`);
    check(partner.pension === 18000 && partner.pension_start_age === 60 && partner.pension_indexation === 0.5, `partner pension: ${JSON.stringify(partner)}`);
    const response = await fetch(`${base}/api/v1/plan/household`, { headers });
    check(response.ok, `GET /api/v1/plan/household ${response.status}`);
    const plan = await response.json();
    const people = plan.inputs.people.map((p) => ({ name: p.name, income: p.employment_income, retirement: p.retirement_age, pension: p.pension }));
    console.log(`\n    plan people: ${JSON.stringify(people)}`);
    check(people.length === 2, `two people in the plan: ${JSON.stringify(people)}`);
    check(people[0].name === "Avery" && people[0].income === 95000 && people[0].retirement === 60, `you in the plan: ${JSON.stringify(people[0])}`);
    check(people[1].name === "Jordan" && people[1].income === 72000 && people[1].pension === 18000, `partner in the plan: ${JSON.stringify(people[1])}`);
  });

  await step("screenshots of the saved household light/dark at 1280 and 390 px with axe-core", async () => {
    await capture(page, "settings-household", "/settings/household", (p) => p.getByRole("region", { name: "Partner", exact: true }));
  });
} catch (error) {
  failed = true;
  await onFailure(error, { page });
} finally {
  await browser.close();
}
finish(failed);

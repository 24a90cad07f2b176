import { fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { renderScreen, stubApi } from "@/test/utils";
import { englishT } from "@/lib/i18n";
import { SETTINGS_FORMS } from "./forms";
import { FORM_COMPONENTS, SettingsFormScreen } from "./settings-form-screen";
import { resetSettingsTestState, route } from "./test-helpers";

jest.mock("expo-router", () => {
  const { Text } = jest.requireActual("react-native");
  const { route: r } = jest.requireActual("./test-helpers");
  return {
    Stack: { Screen: ({ options }: { options: { title: string } }) => <Text testID="header-title">{options.title}</Text> },
    useLocalSearchParams: () => ({ form: r.slug }),
    router: { push: jest.fn() },
  };
});

const T = { created_at: "2026-01-01T00:00:00Z", updated_at: "2026-11-01T10:00:00Z" };
const MEMBER = {
  role: "self", name: "Maya", birth_date: "1992-04-10", employment_income: 95000, retirement_age: 55, cpp_start_age: 65, cpp_at_65: null,
  oas_start_age: 67, oas_residence_years: 40, pension: null, pension_start_age: 65, pension_indexation: 1, planned_death_age: null,
};
const CREDIT_DATA = {
  credit_utilization_rate: 0.25, total_credit_balance: 1250, total_credit_limit: 5000, over_limit: false, over_limit_names: [], no_limit_names: [],
  credit_score: 742, credit_card_types: ["credit"], line_of_credit_amount: 10000, credit_account_linked: false, updated_at: "2026-11-01T10:00:00Z",
};
const CARD = { ...T, id: "c1", name: "Cash back Visa", issuer: "RBC", card_network: "visa", card_type: "credit", credit_limit: 5000, balance: 1250, interest_rate: 0.2099, annual_fee: 0, payment_due_day: 15, is_active: true };

/** Each form's endpoints, and something of its saved data the form must show. */
const CASES: Record<string, { routes: Record<string, { body: unknown }>; shows: string }> = {
  profile: { routes: { "GET /api/v1/profile": { body: { ...T, id: "p", user_id: "u", first_name: "Maya", country: "Canada" } } }, shows: "Maya" },
  household: { routes: { "GET /api/v1/household": { body: { members: [MEMBER], saved: true } } }, shows: "1992-04-10" },
  income: { routes: { "GET /api/v1/income": { body: { ...T, id: "i", user_id: "u", annual_salary: 95000 } } }, shows: "95000" },
  expenses: {
    routes: { "GET /api/v1/expenses": { body: { user_id: "u", rent_mortgage: 1850, items: [{ id: "e1", category: "Groceries", subcategory: null, amount: 600, needs_wants_category: "needs", is_bad_habit: false }], totals: {} } } },
    shows: "Groceries",
  },
  budgeting: { routes: { "GET /api/v1/budget": { body: { ...T, id: "b", user_id: "u", needs_percentage: 55, wants_percentage: 25, savings_percentage: 10, investments_percentage: 10, tfsa_allocation: 60, rrsp_allocation: 40, fhsa_allocation: 0, non_registered_allocation: 0 } } }, shows: "55" },
  savings: {
    routes: {
      "GET /api/v1/savings/summary": { body: { ...T, id: "s", user_id: "u", monthly_savings: 1500, emergency_fund: 12000, short_term_savings: null, debt_amount: null, savings_destinations: [], investment_types: ["tfsa"] } },
      "GET /api/v1/savings/items": { body: { items: [], dropped: 0 } },
    },
    shows: "12000",
  },
  accounts: { routes: { "GET /api/v1/accounts": { body: [{ ...T, id: "a", account_name: "Everyday", account_type: "chequing", balance: 10, owner: "self" }] } }, shows: "Everyday" },
  properties: { routes: { "GET /api/v1/properties": { body: [{ ...T, id: "h", type: "condo", description: "Plateau condo", market_value: 550000, purchase_price: 400000, mortgage_balance: 300000, mortgage_rate: 0.0479, mortgage_payment: 1900 }] } }, shows: "Condo" },
  goals: { routes: { "GET /api/v1/goals": { body: [{ ...T, id: "g", name: "Trip to Japan", category: "travel", target_amount: 8000, current_amount: 2000, target_date: null, priority: "low", notes: null }] } }, shows: "Trip to Japan" },
  "future-plans": {
    routes: {
      "GET /api/v1/future-plans": { body: { user_id: "u", updated_at: T.updated_at, income_growth_rate: 0.03 } },
      "GET /api/v1/future-plans/items": { body: [{ ...T, id: "f1", kind: "spending", description: "Daycare ends", person: "self", start_date: "2028-09-01", end_date: null, amount: -900, notes: null }] },
    },
    shows: "Daycare ends",
  },
  credit: {
    routes: { "GET /api/v1/credit": { body: CREDIT_DATA }, "GET /api/v1/credit/cards": { body: [CARD] }, "GET /api/v1/credit/lines": { body: [] } },
    shows: "Cash back Visa",
  },
  preferences: { routes: { "GET /api/v1/preferences": { body: { ...T, id: "pr", user_id: "u", currency_code: "CAD", locale: "en-CA", investment_return_rate: 0.06, fire_rule_multiplier: 25, max_projection_years: 50, retirement_age: 58, planning_horizon_age: 95 } } }, shows: "58" },
};

beforeEach(resetSettingsTestState);
afterEach(() => jest.restoreAllMocks());

test("every form in forms.ts has a screen and a case here", () => {
  expect(Object.keys(FORM_COMPONENTS).sort()).toEqual(SETTINGS_FORMS.map((f) => f.slug).sort());
  expect(Object.keys(CASES).sort()).toEqual(SETTINGS_FORMS.map((f) => f.slug).sort());
});

test.each(SETTINGS_FORMS.map((f) => [f.slug, englishT(f.title)] as const))("%s: loads from its endpoint and shows its data under its title", async (slug, title) => {
  route.slug = slug;
  const c = CASES[slug]!;
  const api = stubApi(c.routes);
  renderScreen(<SettingsFormScreen />);
  expect(screen.getByTestId("header-title")).toHaveTextContent(title);
  await waitFor(() => expect(screen.queryAllByText(c.shows).length + screen.queryAllByDisplayValue(c.shows).length).toBeGreaterThan(0));
  for (const key of Object.keys(c.routes)) {
    const [method, path] = key.split(" ");
    expect(api.calls(method, path).length).toBeGreaterThan(0);
  }
});

test("an unknown slug says the page does not exist", async () => {
  route.slug = "nope";
  const api = stubApi({});
  renderScreen(<SettingsFormScreen />);
  expect(await screen.findByText("This settings page does not exist.")).toBeTruthy();
  expect(screen.getByTestId("header-title")).toHaveTextContent("Settings");
  expect(api.sent).toHaveLength(0);
});

test("Monthly Expenses saves rent and every item in one PUT, needs and wants apart", async () => {
  route.slug = "expenses";
  const api = stubApi({ ...CASES.expenses!.routes, "PUT /api/v1/expenses": { body: {} } });
  renderScreen(<SettingsFormScreen />);
  await screen.findByDisplayValue("Groceries");
  expect(screen.getByTestId("expense-totals")).toHaveTextContent(/Needs\$2,450\.00/);
  fireEvent.press(screen.getByRole("button", { name: "Add want" }));
  fireEvent.changeText(screen.getAllByLabelText("Category")[1]!, "Restaurants");
  fireEvent.changeText(screen.getAllByLabelText("Amount per month")[1]!, "250,5");
  fireEvent.press(screen.getByRole("button", { name: "Save expenses" }));
  expect(await screen.findByText("Amount per month must be a number: use a point for decimals (12.50)")).toBeTruthy();
  fireEvent.changeText(screen.getAllByLabelText("Amount per month")[1]!, "250.50");
  fireEvent.press(screen.getAllByRole("checkbox", { name: "Bad habit (something you want to cut)" })[1]!);
  expect(screen.getByTestId("expense-totals")).toHaveTextContent(/Bad habits\$250\.50/);
  fireEvent.press(screen.getByRole("button", { name: "Save expenses" }));
  expect(await screen.findByText("Expenses saved successfully")).toBeTruthy();
  expect(api.calls("PUT", "/api/v1/expenses")[0]!.body).toEqual({
    rent_mortgage: 1850,
    items: [
      { category: "Groceries", subcategory: null, amount: 600, needs_wants_category: "needs", is_bad_habit: false },
      { category: "Restaurants", subcategory: null, amount: 250.5, needs_wants_category: "wants", is_bad_habit: true },
    ],
  });
});

test("Savings & Investments sends the summary and the item list, as the web does", async () => {
  route.slug = "savings";
  const api = stubApi({
    ...CASES.savings!.routes,
    "PUT /api/v1/savings/summary": { body: {} },
    "PUT /api/v1/savings/items": { body: { items: [], dropped: 0 } },
  });
  renderScreen(<SettingsFormScreen />);
  await screen.findByDisplayValue("12000");
  fireEvent.press(screen.getByRole("button", { name: "Add investment" }));
  fireEvent.press(screen.getByRole("button", { name: "RRSP" }));
  fireEvent.changeText(screen.getByLabelText("Amount per month"), "500");
  expect(screen.getByText("Your monthly items below add up to $500.00.")).toBeTruthy();
  fireEvent.press(screen.getByRole("checkbox", { name: "GICs" }));
  fireEvent.press(screen.getByRole("button", { name: "Save savings" }));
  expect(await screen.findByText("Savings data saved successfully")).toBeTruthy();
  expect(api.calls("PUT", "/api/v1/savings/summary")[0]!.body).toEqual({
    monthly_savings: 1500, emergency_fund: 12000, short_term_savings: null, savings_destinations: ["gic"], investment_types: ["tfsa"], debt_amount: null,
  });
  expect(api.calls("PUT", "/api/v1/savings/items")[0]!.body).toEqual({
    items: [{ category: "investment", subcategory: null, investment_type: "rrsp", goal: null, amount: 500 }],
  });
});

test("Household adds a partner and saves both, empty fields sent as the API's defaults", async () => {
  route.slug = "household";
  const api = stubApi({ ...CASES.household!.routes, "PUT /api/v1/household": { body: { members: [MEMBER], saved: true } } });
  renderScreen(<SettingsFormScreen />);
  await screen.findByDisplayValue("1992-04-10");
  fireEvent.press(screen.getByRole("button", { name: "Add partner" }));
  fireEvent.changeText(screen.getAllByLabelText("Name")[1]!, "Daniel");
  fireEvent.changeText(screen.getAllByLabelText("CPP start age")[1]!, "72");
  fireEvent.press(screen.getByRole("button", { name: "Save household" }));
  expect(await screen.findByText("CPP start age must be between 60 and 70")).toBeTruthy();
  fireEvent.changeText(screen.getAllByLabelText("CPP start age")[1]!, "");
  fireEvent.press(screen.getByRole("button", { name: "Save household" }));
  expect(await screen.findByText("Household saved successfully")).toBeTruthy();
  const body = api.calls("PUT", "/api/v1/household")[0]!.body as { members: Record<string, unknown>[] };
  expect(body.members[0]).toMatchObject({ role: "self", name: "Maya", oas_start_age: 67, pension_indexation: 1 });
  expect(body.members[1]).toMatchObject({ role: "partner", name: "Daniel", cpp_start_age: 65, oas_start_age: 65, oas_residence_years: 40, pension_start_age: 65, pension_indexation: 1, employment_income: null });
});

test("Future Plans saves the income growth alone and lists each dated plan with its amount as its kind means it", async () => {
  route.slug = "future-plans";
  const api = stubApi({ ...CASES["future-plans"]!.routes, "PATCH /api/v1/future-plans": { body: {} },
    "POST /api/v1/future-plans/items": { status: 201, body: { ...T, id: "f2", kind: "one_off", description: "New roof", person: "self", start_date: "2029-06-01", end_date: null, amount: 18000, notes: null } } });
  renderScreen(<SettingsFormScreen />);
  await screen.findByText("Daycare ends");
  expect(screen.getByText("−$900 a month")).toBeTruthy();
  expect(screen.getByLabelText("Expected income growth per year").props.value).toBe("3");
  fireEvent.changeText(screen.getByLabelText("Expected income growth per year"), "2.5");
  fireEvent.press(screen.getByRole("button", { name: "Save income growth" }));
  expect(await screen.findByText("Income growth saved")).toBeTruthy();
  expect(api.calls("PATCH", "/api/v1/future-plans")[0]!.body).toEqual({ income_growth_rate: 0.025 });
  expect(api.calls("PUT")).toHaveLength(0);
});

test("Credit Management shows utilization, saves the score part and adds a card", async () => {
  route.slug = "credit";
  const api = stubApi({ ...CASES.credit!.routes, "PUT /api/v1/credit": { body: CREDIT_DATA }, "POST /api/v1/credit/cards": { status: 201, body: CARD } });
  renderScreen(<SettingsFormScreen />);
  await screen.findByText("Cash back Visa");
  expect(screen.getByTestId("credit-utilization")).toHaveTextContent(/25%.*Under 30%, where lenders like to see it\./);
  expect(screen.getByText("$1,250.00 owed of $5,000.00")).toBeTruthy();
  fireEvent.changeText(screen.getByLabelText("Credit score"), "950");
  fireEvent.press(screen.getByRole("button", { name: "Save credit data" }));
  expect(await screen.findByText("Credit score must be between 300 and 900")).toBeTruthy();
  fireEvent.changeText(screen.getByLabelText("Credit score"), "760");
  fireEvent.press(screen.getByRole("checkbox", { name: "Credit bureau account linked" }));
  fireEvent.press(screen.getByRole("button", { name: "Save credit data" }));
  expect(await screen.findByText("Credit data saved successfully")).toBeTruthy();
  expect(api.calls("PUT", "/api/v1/credit")[0]!.body).toEqual({
    credit_score: 760, line_of_credit_amount: 10000, credit_card_types: ["credit"], credit_account_linked: true,
  });

  fireEvent.press(screen.getByRole("button", { name: "Add credit card" }));
  const form = screen.getByTestId("item-form");
  fireEvent.changeText(within(form).getByLabelText("Card name"), "Travel Amex");
  fireEvent.press(within(form).getByRole("button", { name: "American Express" }));
  fireEvent.changeText(within(form).getByLabelText("Interest rate"), "20.99");
  fireEvent.press(within(form).getByRole("button", { name: "Add credit card" }));
  expect(await screen.findByText("Credit card added successfully")).toBeTruthy();
  expect(api.calls("POST", "/api/v1/credit/cards")[0]!.body).toEqual({
    name: "Travel Amex", issuer: null, card_network: "amex", card_type: "credit", credit_limit: 0, balance: 0, interest_rate: 0.2099, annual_fee: 0, payment_due_day: null,
  });
});

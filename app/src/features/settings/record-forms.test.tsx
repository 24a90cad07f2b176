import { fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { onlineManager } from "@tanstack/react-query";
import { renderScreen, stubApi } from "@/test/utils";
import { SettingsFormScreen } from "./settings-form-screen";
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

const PROFILE = {
  id: "p1", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-11-01T10:00:00Z", user_id: "u1",
  first_name: "Maya", last_name: "Tremblay", age: 34, country: "Canada", province: "QC", city: "Montréal",
  marital_status: "married", dependents: 2, risk_tolerance: "moderate", goals: "Work because I want to.",
};
const INCOME = {
  id: "i1", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-11-01T10:00:00Z", user_id: "u1",
  annual_salary: 95000, monthly_take_home: "5800.00", secondary_income: null, side_hustle_income: 400, partner_income: 3000, other_income: null,
};
const PREFS = {
  id: "pr1", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-11-01T10:00:00Z", user_id: "u1",
  currency_code: "CAD", locale: "en-CA", investment_return_rate: 0.06, fire_rule_multiplier: 25, max_projection_years: 50, retirement_age: 55, planning_horizon_age: 95,
};

beforeEach(resetSettingsTestState);
afterEach(() => {
  jest.restoreAllMocks();
  onlineManager.setOnline(true);
});

const press = (name: string) => fireEvent.press(screen.getByRole("button", { name }));

describe("Personal Profile", () => {
  beforeEach(() => {
    route.slug = "profile";
  });

  test("loads the saved profile into its fields, with the title in the header and the sign-in e-mail", async () => {
    stubApi({ "GET /api/v1/profile": { body: PROFILE } });
    renderScreen(<SettingsFormScreen />);
    expect(await screen.findByDisplayValue("Maya")).toBeTruthy();
    expect(screen.getByTestId("header-title")).toHaveTextContent("Personal Profile");
    expect(screen.getByLabelText("Last name").props.value).toBe("Tremblay");
    expect(screen.getByLabelText("Age").props.value).toBe("34");
    expect(screen.getByRole("button", { name: "Quebec" })).toBeSelected();
    expect(screen.getByRole("button", { name: "Married" })).toBeSelected();
    expect(screen.getByText(/Your e-mail: maya@example.ca/)).toBeTruthy();
  });

  test("a first visit starts from Canada, and saving sends the whole profile with PUT", async () => {
    const api = stubApi({ "GET /api/v1/profile": { status: 404, body: { code: "not_found", message: "Not found" } }, "PUT /api/v1/profile": { body: PROFILE } });
    const { client } = renderScreen(<SettingsFormScreen />);
    const invalidate = jest.spyOn(client, "invalidateQueries");
    expect(await screen.findByDisplayValue("Canada")).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText("First name"), "  Maya ");
    fireEvent.changeText(screen.getByLabelText("Age"), "34");
    press("Ontario");
    press("Save");
    expect(await screen.findByText("Profile saved successfully")).toBeTruthy();
    expect(api.calls("PUT", "/api/v1/profile")[0]!.body).toEqual({
      first_name: "Maya", last_name: null, age: 34, country: "Canada", province: "ON", city: null,
      marital_status: null, dependents: null, risk_tolerance: null, goals: null,
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["plan"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["settings", "profile"] });
  });

  test("an age out of range is refused next to the field, and nothing is sent", async () => {
    const api = stubApi({ "GET /api/v1/profile": { body: PROFILE } });
    renderScreen(<SettingsFormScreen />);
    await screen.findByDisplayValue("Maya");
    fireEvent.changeText(screen.getByLabelText("Age"), "130");
    press("Save");
    expect(await screen.findByText("Age must be between 0 and 120")).toBeTruthy();
    expect(api.calls("PUT")).toHaveLength(0);
    // The message clears once fixed.
    fireEvent.changeText(screen.getByLabelText("Age"), "40");
    expect(screen.queryByText("Age must be between 0 and 120")).toBeNull();
  });

  test("the server's 422 shows by its field and as it comes, and the typed values stay", async () => {
    stubApi({
      "GET /api/v1/profile": { body: PROFILE },
      "PUT /api/v1/profile": { status: 422, body: { code: "validation_error", message: "City is not a known place", details: [{ field: "body.city", message: "not a known place" }] } },
    });
    renderScreen(<SettingsFormScreen />);
    await screen.findByDisplayValue("Maya");
    fireEvent.changeText(screen.getByLabelText("City"), "Atlantis");
    press("Save");
    expect(await screen.findByText("City: not a known place")).toBeTruthy();
    expect(screen.getByTestId("save-status")).toHaveTextContent("City is not a known place");
    expect(screen.getByLabelText("City").props.value).toBe("Atlantis");
  });
});

describe("Income Sources", () => {
  beforeEach(() => {
    route.slug = "income";
  });

  test("loads amounts (numbers or strings) and totals the monthly income without the salary", async () => {
    stubApi({ "GET /api/v1/income": { body: INCOME } });
    renderScreen(<SettingsFormScreen />);
    expect(await screen.findByDisplayValue("95000")).toBeTruthy();
    expect(screen.getByLabelText("Monthly take-home pay").props.value).toBe("5800.00");
    expect(screen.getByTestId("income-total")).toHaveTextContent("Total monthly income: $9,200.00");
  });

  test("a negative amount and a decimal comma get the web's messages; nothing is sent", async () => {
    const api = stubApi({ "GET /api/v1/income": { body: INCOME } });
    renderScreen(<SettingsFormScreen />);
    await screen.findByDisplayValue("95000");
    fireEvent.changeText(screen.getByLabelText("Secondary income"), "-5");
    fireEvent.changeText(screen.getByLabelText("Other income"), "12,5");
    fireEvent.changeText(screen.getByLabelText("Partner income"), "lots");
    press("Save");
    expect(await screen.findByText("Secondary income cannot be negative")).toBeTruthy();
    expect(screen.getByText("Other income must be a number: use a point for decimals (12.50)")).toBeTruthy();
    expect(screen.getByText("Partner income must be a number")).toBeTruthy();
    expect(api.calls("PUT")).toHaveLength(0);
  });

  test("saving sends the amounts as numbers, empty ones as null, thousands separators read", async () => {
    const api = stubApi({ "GET /api/v1/income": { body: INCOME }, "PUT /api/v1/income": { body: INCOME } });
    renderScreen(<SettingsFormScreen />);
    await screen.findByDisplayValue("95000");
    fireEvent.changeText(screen.getByLabelText("Annual salary (before tax)"), "102,500.50");
    fireEvent.changeText(screen.getByLabelText("Side hustle income"), "");
    press("Save");
    expect(await screen.findByText("Income data saved successfully")).toBeTruthy();
    expect(api.calls("PUT", "/api/v1/income")[0]!.body).toEqual({
      annual_salary: 102500.5, monthly_take_home: 5800, secondary_income: null, side_hustle_income: null, partner_income: 3000, other_income: null,
    });
  });
});

describe("Preferences", () => {
  beforeEach(() => {
    route.slug = "preferences";
  });

  test("shows the return rate in percent and saves it back as a fraction with PATCH", async () => {
    const api = stubApi({ "GET /api/v1/preferences": { body: PREFS }, "PATCH /api/v1/preferences": { body: PREFS } });
    renderScreen(<SettingsFormScreen />);
    expect(await screen.findByDisplayValue("6")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Canadian dollar (CAD)" })).toBeSelected();
    fireEvent.changeText(screen.getByLabelText("Expected investment return per year"), "5.5");
    press("Français (Canada)");
    press("Save preferences");
    expect(await screen.findByText("Preferences saved successfully")).toBeTruthy();
    expect(api.calls("PATCH", "/api/v1/preferences")[0]!.body).toEqual({
      retirement_age: 55, investment_return_rate: 0.055, fire_rule_multiplier: 25, max_projection_years: 50, currency_code: "CAD", locale: "fr-CA",
    });
  });

  test("required fields and bounds are checked as on the web", async () => {
    const api = stubApi({ "GET /api/v1/preferences": { body: PREFS } });
    renderScreen(<SettingsFormScreen />);
    await screen.findByDisplayValue("6");
    fireEvent.changeText(screen.getByLabelText("Target retirement age"), "");
    fireEvent.changeText(screen.getByLabelText("FIRE multiplier"), "0.5");
    fireEvent.changeText(screen.getByLabelText("Years to project"), "10.5");
    press("Save preferences");
    expect(await screen.findByText("Target retirement age is required")).toBeTruthy();
    expect(screen.getByText("FIRE multiplier must be between 1 and 100")).toBeTruthy();
    expect(screen.getByText("Years to project must be a whole number")).toBeTruthy();
    expect(api.calls("PATCH")).toHaveLength(0);
  });
});

describe("Budget Planning", () => {
  beforeEach(() => {
    route.slug = "budgeting";
  });

  test("a first budget starts from 50/30/10/10 and shows when a split does not add up to 100%", async () => {
    const api = stubApi({ "GET /api/v1/budget": { body: null }, "PUT /api/v1/budget": { body: {} } });
    renderScreen(<SettingsFormScreen />);
    await screen.findByTestId("budget-split-total");
    expect(screen.getByTestId("budget-split-total")).toHaveTextContent("Total: 100%");
    const needs = screen.getAllByLabelText("Needs")[0]!;
    fireEvent.changeText(needs, "60");
    expect(screen.getByTestId("budget-split-total")).toHaveTextContent("Total: 110% (must add up to 100% to save)");
    fireEvent.changeText(needs, "50");
    fireEvent.changeText(screen.getByLabelText("TFSA"), "100");
    press("Save budget");
    expect(await screen.findByText("Budget saved successfully")).toBeTruthy();
    expect(api.calls("PUT", "/api/v1/budget")[0]!.body).toEqual({
      needs_percentage: 50, wants_percentage: 30, savings_percentage: 10, investments_percentage: 10,
      tfsa_allocation: 100, rrsp_allocation: 0, fhsa_allocation: 0, non_registered_allocation: 0,
    });
    expect(within(screen.getByTestId("budget-accounts-total")).getByText(/Total: 100%/)).toBeTruthy();
    await waitFor(() => expect(api.calls("GET", "/api/v1/budget").length).toBeGreaterThanOrEqual(1));
  });
});

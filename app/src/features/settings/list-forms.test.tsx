import { fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { renderScreen, stubApi } from "@/test/utils";
import { SettingsFormScreen } from "./settings-form-screen";
import { resetSettingsTestState, route } from "./test-helpers";

jest.mock("expo-router", () => {
  const { route: r } = jest.requireActual("./test-helpers");
  return { Stack: { Screen: () => null }, useLocalSearchParams: () => ({ form: r.slug }), router: { push: jest.fn() } };
});

const ACCOUNT = {
  id: "a1", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-11-01T10:00:00Z", account_name: "Everyday", account_type: "chequing",
  balance: "2500.50", purpose: null, institution: "Desjardins", account_number: null, owner: "self",
};
const TFSA = { ...ACCOUNT, id: "a2", account_name: "Maya TFSA", account_type: "tfsa", balance: 40000, institution: null, owner: "self" };

const GOAL = {
  id: "g1", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-11-01T10:00:00Z", name: "House down payment", category: "home",
  target_amount: 60000, current_amount: 15000, target_date: "2029-06-01", priority: "high", notes: null,
};

beforeEach(resetSettingsTestState);
afterEach(() => jest.restoreAllMocks());

const press = (name: string) => fireEvent.press(screen.getByRole("button", { name }));

describe("Bank Accounts", () => {
  beforeEach(() => {
    route.slug = "accounts";
  });

  test("lists the accounts with their type, institution, balance and total", async () => {
    stubApi({ "GET /api/v1/accounts": { body: [ACCOUNT, TFSA] } });
    renderScreen(<SettingsFormScreen />);
    expect(await screen.findByText("Everyday")).toBeTruthy();
    expect(screen.getByText("Chequing · Desjardins")).toBeTruthy();
    expect(screen.getByText("$2,500.50")).toBeTruthy();
    expect(screen.getByText("Total balance $42,500.50")).toBeTruthy();
  });

  test("an empty list says so", async () => {
    stubApi({ "GET /api/v1/accounts": { body: [] } });
    renderScreen(<SettingsFormScreen />);
    expect(await screen.findByText("No accounts yet")).toBeTruthy();
    expect(screen.getByText("Add your TFSA, RRSP, FHSA, chequing or other accounts.")).toBeTruthy();
  });

  test("adding an account checks it, then POSTs it and refreshes the list and the plan", async () => {
    const api = stubApi({ "GET /api/v1/accounts": { body: [ACCOUNT] }, "POST /api/v1/accounts": { status: 201, body: TFSA } });
    const { client } = renderScreen(<SettingsFormScreen />);
    const invalidate = jest.spyOn(client, "invalidateQueries");
    await screen.findByText("Everyday");
    press("Add account");
    // Starts as the web's: a TFSA of mine.
    expect(screen.getByRole("button", { name: "TFSA" })).toBeSelected();
    expect(screen.getByRole("button", { name: "Mine" })).toBeSelected();
    fireEvent.press(screen.getByTestId("item-submit"));
    expect(await screen.findByText("Account name is required")).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText("Account name"), "Maya TFSA");
    fireEvent.changeText(screen.getByLabelText("Balance"), "12,5");
    fireEvent.press(screen.getByTestId("item-submit"));
    expect(await screen.findByText("Balance must be a number: use a point for decimals (12.50)")).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText("Balance"), "-40.25");
    press("Joint");
    fireEvent.press(screen.getByTestId("item-submit"));
    expect(await screen.findByText("Account added successfully")).toBeTruthy();
    expect(api.calls("POST", "/api/v1/accounts")[0]!.body).toEqual({
      account_name: "Maya TFSA", account_type: "tfsa", balance: -40.25, owner: "joint", institution: null, account_number: null, purpose: null,
    });
    expect(screen.queryByTestId("item-form")).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["settings", "accounts"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["plan"] });
    await waitFor(() => expect(api.calls("GET", "/api/v1/accounts")).toHaveLength(2));
  });

  test("editing fills the form with the account and PUTs the change to its path", async () => {
    const api = stubApi({ "GET /api/v1/accounts": { body: [ACCOUNT] }, "PUT /api/v1/accounts/a1": { body: ACCOUNT } });
    renderScreen(<SettingsFormScreen />);
    await screen.findByText("Everyday");
    press("Edit account Everyday");
    expect(screen.getByLabelText("Account name").props.value).toBe("Everyday");
    expect(screen.getByLabelText("Balance").props.value).toBe("2500.50");
    expect(screen.getByRole("button", { name: "Chequing" })).toBeSelected();
    fireEvent.changeText(screen.getByLabelText("Balance"), "3,100");
    press("Save changes");
    expect(await screen.findByText("Account updated successfully")).toBeTruthy();
    expect(api.calls("PUT", "/api/v1/accounts/a1")[0]!.body).toEqual({
      account_name: "Everyday", account_type: "chequing", balance: 3100, owner: "self", institution: "Desjardins", account_number: null, purpose: null,
    });
  });

  test("deleting asks first; Cancel sends nothing, Delete sends DELETE", async () => {
    const api = stubApi({ "GET /api/v1/accounts": { body: [ACCOUNT, TFSA] }, "DELETE /api/v1/accounts/a2": { status: 204 } });
    renderScreen(<SettingsFormScreen />);
    await screen.findByText("Maya TFSA");
    press("Delete account Maya TFSA");
    const confirm = screen.getByTestId("delete-confirm");
    expect(within(confirm).getByText("Delete this account?")).toBeTruthy();
    expect(within(confirm).getByText('The account "Maya TFSA" will be removed.')).toBeTruthy();
    fireEvent.press(within(confirm).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("delete-confirm")).toBeNull();
    expect(api.calls("DELETE")).toHaveLength(0);
    press("Delete account Maya TFSA");
    fireEvent.press(screen.getByTestId("confirm-delete"));
    expect(await screen.findByText("Account deleted successfully")).toBeTruthy();
    expect(api.calls("DELETE", "/api/v1/accounts/a2")).toHaveLength(1);
    expect(api.calls("DELETE", "/api/v1/accounts/a2")[0]!.body).toBeUndefined();
  });

  test("a failed load says so and offers to try again", async () => {
    stubApi({ "GET /api/v1/accounts": { status: 500, body: { code: "error", message: "boom" } } });
    renderScreen(<SettingsFormScreen />);
    expect(await screen.findByText("Failed to load accounts")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

describe("Financial Goals", () => {
  beforeEach(() => {
    route.slug = "goals";
  });

  test("shows each goal's progress, and adds, edits and deletes with the web's requests", async () => {
    const api = stubApi({
      "GET /api/v1/goals": { body: [GOAL] },
      "POST /api/v1/goals": { status: 201, body: GOAL },
      "PUT /api/v1/goals/g1": { body: GOAL },
      "DELETE /api/v1/goals/g1": { status: 204 },
    });
    renderScreen(<SettingsFormScreen />);
    expect(await screen.findByText("House down payment")).toBeTruthy();
    expect(screen.getByText("Home · high priority · by Jun 1, 2029")).toBeTruthy();
    expect(screen.getByLabelText("House down payment: 25% saved")).toBeTruthy();

    press("Add goal");
    expect(screen.getByRole("button", { name: "Emergency fund" })).toBeSelected();
    expect(screen.getByRole("button", { name: "Medium" })).toBeSelected();
    fireEvent.changeText(screen.getByLabelText("Goal name"), "Six months of expenses");
    fireEvent.changeText(screen.getByLabelText("Target amount"), "30000");
    fireEvent.changeText(screen.getByLabelText("Target date"), "0030-03-15");
    fireEvent.press(screen.getByTestId("item-submit"));
    expect(await screen.findByText("Target date must be between 1900 and 2200")).toBeTruthy();
    fireEvent.changeText(screen.getByLabelText("Target date"), "2027-12-31");
    fireEvent.press(screen.getByTestId("item-submit"));
    expect(await screen.findByText("Goal added successfully")).toBeTruthy();
    expect(api.calls("POST", "/api/v1/goals")[0]!.body).toEqual({
      name: "Six months of expenses", category: "emergency-fund", target_amount: 30000, current_amount: 0,
      target_date: "2027-12-31", priority: "medium", notes: null,
    });

    press("Edit goal House down payment");
    fireEvent.changeText(screen.getByLabelText("Saved so far"), "20000");
    press("Low");
    press("Save changes");
    expect(await screen.findByText("Goal updated successfully")).toBeTruthy();
    expect(api.calls("PUT", "/api/v1/goals/g1")[0]!.body).toMatchObject({ name: "House down payment", current_amount: 20000, priority: "low", target_date: "2029-06-01" });

    press("Delete goal House down payment");
    fireEvent.press(screen.getByTestId("confirm-delete"));
    expect(await screen.findByText("Goal deleted successfully")).toBeTruthy();
    expect(api.calls("DELETE", "/api/v1/goals/g1")).toHaveLength(1);
  });
});

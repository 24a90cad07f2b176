import AsyncStorage from "@react-native-async-storage/async-storage";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { onlineManager } from "@tanstack/react-query";
import { renderScreen, stubApi } from "@/test/utils";
import { flushOutbox, OUTBOX_KEY, type PendingSave } from "./outbox";
import { SettingsFormScreen } from "./settings-form-screen";
import { resetSettingsTestState, route } from "./test-helpers";

// The person signed in (the fake session of renderScreen): queued saves are theirs.
jest.mock("@/lib/auth", () => ({
  ...jest.requireActual("@/lib/auth"),
  getUserId: async () => "00000000-0000-0000-0000-000000000001",
}));

jest.mock("expo-router", () => {
  const { route: r } = jest.requireActual("./test-helpers");
  return { Stack: { Screen: () => null }, useLocalSearchParams: () => ({ form: r.slug }), router: { push: jest.fn() } };
});

const INCOME = {
  id: "i1", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-11-01T10:00:00Z", user_id: "u1",
  annual_salary: 95000, monthly_take_home: 5800, secondary_income: null, side_hustle_income: null, partner_income: null, other_income: null,
};
const SENT_BODY = { annual_salary: 95000, monthly_take_home: 6100, secondary_income: null, side_hustle_income: null, partner_income: null, other_income: null };

async function stored(): Promise<PendingSave[]> {
  const raw = await AsyncStorage.getItem(OUTBOX_KEY);
  return raw ? (JSON.parse(raw) as PendingSave[]) : [];
}

const press = (name: string) => fireEvent.press(screen.getByRole("button", { name }));

beforeEach(async () => {
  await resetSettingsTestState();
  route.slug = "income";
});
afterEach(() => {
  jest.restoreAllMocks();
  onlineManager.setOnline(true);
});

/** Loads the income form online, then edits the take-home pay. */
async function openIncomeAndEdit(routes: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({ "GET /api/v1/income": { body: INCOME }, ...routes });
  const rendered = renderScreen(<SettingsFormScreen />);
  await screen.findByDisplayValue("95000");
  fireEvent.changeText(screen.getByLabelText("Monthly take-home pay"), "6100");
  return { api, ...rendered };
}

test("offline, a save waits on the device, is listed as pending, and is sent when the connection returns", async () => {
  const { api, client } = await openIncomeAndEdit({ "PUT /api/v1/income": { body: { ...INCOME, monthly_take_home: 6100 } } });
  act(() => onlineManager.setOnline(false));
  press("Save");

  expect(await screen.findByTestId("outbox-pending")).toBeTruthy();
  expect(screen.getByTestId("save-status")).toHaveTextContent("Saved on this device, waiting to send");
  expect(screen.getByTestId("offline-banner")).toHaveTextContent(/You're offline. Showing what was saved on this device, last updated/);
  expect(api.calls("PUT")).toHaveLength(0);
  const [queued] = await stored();
  expect(queued).toMatchObject({
    label: "Income Sources", method: "PUT", path: "/api/v1/income", body: SENT_BODY,
    baseUpdatedAt: "2026-11-01T10:00:00Z", invalidate: [["settings", "income"], ["plan"]],
  });
  const pending = screen.getByTestId("outbox-pending");
  expect(within(pending).getByText("Income Sources")).toBeTruthy();
  // What was typed stays in the form.
  expect(screen.getByLabelText("Monthly take-home pay").props.value).toBe("6100");

  act(() => onlineManager.setOnline(true));
  await act(() => flushOutbox(client));
  expect(api.calls("PUT", "/api/v1/income")).toHaveLength(1);
  expect(api.calls("PUT", "/api/v1/income")[0]!.body).toEqual(SENT_BODY);
  expect(await stored()).toEqual([]);
  expect(screen.queryByTestId("outbox-pending")).toBeNull();
  const notice = screen.getByTestId("outbox-notice");
  expect(within(notice).getByText("Your offline changes were saved.")).toBeTruthy();
  fireEvent.press(within(notice).getByRole("button", { name: "Dismiss" }));
  expect(screen.queryByTestId("outbox-notice")).toBeNull();
});

test("a save whose connection drops is queued instead of lost", async () => {
  const { api } = await openIncomeAndEdit();
  api.offline();
  press("Save");
  expect(await screen.findByTestId("outbox-pending")).toBeTruthy();
  expect(screen.getByTestId("save-status")).toHaveTextContent("Saved on this device, waiting to send");
  expect(await stored()).toHaveLength(1);
  expect((await stored())[0]!.body).toEqual(SENT_BODY);
});

test("a record changed on another device meanwhile wins: the queued save is dropped and the person told", async () => {
  let serverRecord: typeof INCOME = INCOME;
  const { api, client } = await openIncomeAndEdit({ "GET /api/v1/income": () => ({ body: serverRecord }) });
  act(() => onlineManager.setOnline(false));
  press("Save");
  await screen.findByTestId("outbox-pending");

  serverRecord = { ...INCOME, monthly_take_home: 7000, updated_at: "2026-11-02T08:00:00Z" };
  act(() => onlineManager.setOnline(true));
  await act(() => flushOutbox(client));
  expect(api.calls("PUT")).toHaveLength(0);
  expect(await stored()).toEqual([]);
  const notice = screen.getByTestId("outbox-notice");
  expect(notice).toHaveTextContent(/Your offline change to Income Sources was not sent.*the newer version on the server is kept/);
  fireEvent.press(within(notice).getByRole("button", { name: "Dismiss" }));
  expect(screen.queryByTestId("outbox-notice")).toBeNull();
});

test("a queued save the server refuses stays listed with its message until discarded", async () => {
  const { api, client } = await openIncomeAndEdit({
    "PUT /api/v1/income": { status: 422, body: { code: "validation_error", message: "Monthly take-home pay is more than the salary allows" } },
  });
  act(() => onlineManager.setOnline(false));
  press("Save");
  await screen.findByTestId("outbox-pending");
  act(() => onlineManager.setOnline(true));
  await act(() => flushOutbox(client));
  expect(api.calls("PUT", "/api/v1/income")).toHaveLength(1);

  expect(screen.getByText("Not saved: Monthly take-home pay is more than the salary allows")).toBeTruthy();
  expect((await stored())[0]).toMatchObject({ error: "Monthly take-home pay is more than the salary allows" });
  // Flushing again does not resend a refused save.
  await act(() => flushOutbox(client));
  expect(api.calls("PUT", "/api/v1/income")).toHaveLength(1);

  press("Discard");
  await waitFor(async () => expect(await stored()).toEqual([]));
  expect(screen.queryByTestId("outbox-pending")).toBeNull();
});

test("a list change made offline (adding an account) is queued with its POST and listed under the form", async () => {
  route.slug = "accounts";
  const api = stubApi({ "GET /api/v1/accounts": { body: [] }, "POST /api/v1/accounts": { status: 201, body: {} } });
  const { client } = renderScreen(<SettingsFormScreen />);
  await screen.findByText("No accounts yet");
  act(() => onlineManager.setOnline(false));
  press("Add account");
  fireEvent.changeText(screen.getByLabelText("Account name"), "Rainy day");
  fireEvent.changeText(screen.getByLabelText("Balance"), "1200");
  press("Savings");
  fireEvent.press(screen.getByTestId("item-submit"));
  expect(await screen.findByText('Bank Accounts: add account "Rainy day"')).toBeTruthy();
  expect(screen.getByTestId("save-status")).toHaveTextContent("Saved on this device, waiting to send");
  const [queued] = await stored();
  expect(queued).toMatchObject({ method: "POST", path: "/api/v1/accounts", body: { account_name: "Rainy day", account_type: "savings", balance: 1200, owner: "self" } });
  expect(queued!.baseUpdatedAt).toBeUndefined();
  expect(api.calls("POST")).toHaveLength(0);

  act(() => onlineManager.setOnline(true));
  await act(() => flushOutbox(client));
  expect(api.calls("POST", "/api/v1/accounts")[0]!.body).toMatchObject({ account_name: "Rainy day", balance: 1200 });
  expect(await stored()).toEqual([]);
});

test("opening a form with a change still waiting shows that change, not the older server copy", async () => {
  const api = stubApi({ "GET /api/v1/income": { body: INCOME } });
  const first = renderScreen(<SettingsFormScreen />);
  await screen.findByDisplayValue("95000");
  fireEvent.changeText(screen.getByLabelText("Monthly take-home pay"), "6100");
  act(() => onlineManager.setOnline(false));
  press("Save");
  await screen.findByTestId("outbox-pending");
  first.unmount();

  renderScreen(<SettingsFormScreen />, { client: first.client });
  expect(await screen.findByText("Showing your change saved on this device, waiting to send.")).toBeTruthy();
  expect(screen.getByLabelText("Monthly take-home pay").props.value).toBe("6100");
  expect(screen.getByTestId("outbox-pending")).toHaveTextContent(/Income Sources/);
  expect(api.calls("PUT")).toHaveLength(0);
});

test("a save queued by another account on this device is neither shown nor used to fill the form", async () => {
  await AsyncStorage.setItem(OUTBOX_KEY, JSON.stringify([{
    id: "other-1", label: "Income Sources", method: "PUT", path: "/api/v1/income", body: { ...SENT_BODY, monthly_take_home: 9999 },
    invalidate: [["plan"]], createdAt: Date.now(), userId: "someone-else",
  }]));
  const api = stubApi({ "GET /api/v1/income": { body: INCOME } });
  renderScreen(<SettingsFormScreen />);
  expect(await screen.findByDisplayValue("5800")).toBeTruthy();
  expect(screen.queryByDisplayValue("9999")).toBeNull();
  expect(screen.queryByText(/waiting to send/i)).toBeNull();
  expect(api.calls("PUT")).toHaveLength(0);
});

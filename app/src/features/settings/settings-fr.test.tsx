/** The settings forms in French: the shared fields called with the app's translate function, amounts read with the
 * French decimal mark ("12,5", "5 800,50"), what could mean two amounts refused in French, totals and list actions
 * in French with their nouns' gender. */
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

const STAMPS = { created_at: "2026-01-01T00:00:00Z", updated_at: "2026-11-01T10:00:00Z", user_id: "u1" };
const PREFS = {
  id: "pr1", ...STAMPS,
  currency_code: "CAD", locale: "fr-CA", investment_return_rate: 0.065, fire_rule_multiplier: 25, max_projection_years: 50, retirement_age: 55, planning_horizon_age: 95,
};
const INCOME = {
  id: "i1", ...STAMPS,
  annual_salary: 95000, monthly_take_home: "5800.00", secondary_income: null, side_hustle_income: 400, partner_income: 3000, other_income: null,
};

beforeEach(resetSettingsTestState);
afterEach(() => {
  jest.restoreAllMocks();
  onlineManager.setOnline(true);
});

const french = { locale: "fr-CA" as const };

test("Preferences: French labels, the saved rate shown with a comma, 12,5 read as 12.5 %, the language saved", async () => {
  route.slug = "preferences";
  const api = stubApi({ "GET /api/v1/preferences": { body: PREFS }, "PATCH /api/v1/preferences": (body) => ({ body: { ...PREFS, ...(body as object) } }) });
  renderScreen(<SettingsFormScreen />, french);
  expect(screen.getByTestId("header-title")).toHaveTextContent("Préférences");
  const rate = await screen.findByLabelText("Rendement prévu des placements par année");
  expect(rate.props.value).toBe("6,5");
  expect(screen.getByText("Rendement prévu des placements par année (%) *")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Français (Canada)" })).toBeSelected();
  expect(screen.getByText("Hypothèses de planification")).toBeTruthy();

  fireEvent.changeText(rate, "12,5");
  fireEvent.press(screen.getByRole("button", { name: "English (Canada)" }));
  fireEvent.press(screen.getByRole("button", { name: "Enregistrer les préférences" }));
  await waitFor(() => expect(api.calls("PATCH", "/api/v1/preferences")).toHaveLength(1));
  expect(api.calls("PATCH", "/api/v1/preferences")[0]?.body).toMatchObject({ investment_return_rate: 0.125, locale: "en-CA", retirement_age: 55 });
  expect(await screen.findByText("Préférences enregistrées")).toBeTruthy();
});

test("Preferences: an amount that could mean two numbers is refused, in French", async () => {
  route.slug = "preferences";
  const api = stubApi({ "GET /api/v1/preferences": { body: PREFS } });
  renderScreen(<SettingsFormScreen />, french);
  const rate = await screen.findByLabelText("Rendement prévu des placements par année");
  fireEvent.changeText(rate, "1.234");
  fireEvent.press(screen.getByRole("button", { name: "Enregistrer les préférences" }));
  expect(
    await screen.findByText(
      "Le champ « Rendement prévu des placements par année » doit contenir un nombre : séparez les milliers par une espace (1 234) et les décimales par une virgule (12,50)",
    ),
  ).toBeTruthy();
  expect(api.calls("PATCH")).toHaveLength(0);
});

test("Income: amounts typed the French way, the total in French money", async () => {
  route.slug = "income";
  const api = stubApi({ "GET /api/v1/income": { body: INCOME }, "PUT /api/v1/income": (body) => ({ body: { ...INCOME, ...(body as object) } }) });
  renderScreen(<SettingsFormScreen />, french);
  const takeHome = await screen.findByLabelText("Salaire net mensuel");
  expect(takeHome.props.value).toBe("5800,00");
  expect(screen.getByTestId("income-total")).toHaveTextContent("Revenu mensuel total : 9 200,00 $");
  fireEvent.changeText(takeHome, "5 800,50");
  expect(screen.getByTestId("income-total")).toHaveTextContent("Revenu mensuel total : 9 200,50 $");
  fireEvent.press(screen.getByRole("button", { name: "Enregistrer" }));
  await waitFor(() => expect(api.calls("PUT", "/api/v1/income")).toHaveLength(1));
  expect(api.calls("PUT", "/api/v1/income")[0]?.body).toMatchObject({ monthly_take_home: 5800.5, side_hustle_income: 400 });
});

test("Bank Accounts: the list and its actions in French, with the noun's gender", async () => {
  route.slug = "accounts";
  stubApi({
    "GET /api/v1/accounts": {
      body: [{ id: "a1", ...STAMPS, account_name: "Maya CELI", account_type: "tfsa", owner: "self", institution: "Desjardins", balance: "12345.67" }],
    },
  });
  renderScreen(<SettingsFormScreen />, french);
  const item = await screen.findByTestId("item-a1");
  expect(within(item).getByText("Maya CELI")).toBeTruthy();
  expect(within(item).getByText("12 345,67 $")).toBeTruthy();
  expect(within(item).getByText(/^CELI/)).toBeTruthy();
  expect(screen.getByText("Solde total 12 345,67 $")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Modifier le compte Maya CELI" })).toBeTruthy();
  fireEvent.press(screen.getByRole("button", { name: "Supprimer le compte Maya CELI" }));
  const confirm = screen.getByTestId("delete-confirm");
  expect(within(confirm).getByText("Supprimer ce compte?")).toBeTruthy();
  expect(within(confirm).getByText("Le compte « Maya CELI » sera supprimé.")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Ajouter un compte" })).toBeTruthy();
});

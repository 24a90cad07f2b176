import { fireEvent, screen, waitFor } from "@testing-library/react-native";
import { onlineManager } from "@tanstack/react-query";
import AsyncStorage from "@react-native-async-storage/async-storage";
import { DEVICE_PREFS_KEY } from "@/features/more/device-prefs";
import { renderScreen, stubApi } from "@/test/utils";
import { appRouteFor, PlanScreen } from "./plan-screen";
import type { PlanSummary } from "./plan-api";

jest.mock("expo-router", () => ({ router: { push: jest.fn() } }));

const SUMMARY: PlanSummary = {
  headline: "Financially independent in August 2035, when Maya is 42 and Daniel 44.",
  fi_date: "2035-08-01",
  fi_ages: [42, 44],
  months_to_fi: 105,
  fire_number: 1_180_000,
  rule_of_thumb: 1_500_000,
  investable_today: 590_000,
  progress: 0.5,
  net_worth_today: 912_345,
  spending: 60_000,
  plan_lasts: true,
  first_short_year: null,
  success_rate: 0.87,
  success_question: "How often does this plan last to age 95 over 2,000 simulated markets?",
  lifetime_tax: 400_000,
  estate: 1_000_000,
  target: { age: 52, date: "2044-11-01", met: true, months_early: 111, shortfall: null, extra_monthly: null, sentence: "On track for 52: independent 9 years and 3 months before it." },
  milestones: [],
  years: [2026, 2027, 2028],
  net_worth: [912_345, 1_000_000, 1_100_000],
  investable: [590_000, 650_000, 700_000],
  next_actions: [{ title: "Fill your TFSA room", detail: "You have $7,000 of TFSA room this year.", route: "/settings/accounts" }],
  gis_years: [],
  missing: [],
};

afterEach(() => {
  jest.restoreAllMocks();
  onlineManager.setOnline(true);
});

test("shows the FI date, FIRE number, net worth, success rate and next actions from the plan summary", async () => {
  const api = stubApi({ "GET /api/v1/plan/summary": { body: SUMMARY } });
  renderScreen(<PlanScreen />);
  expect(await screen.findByText("August 2035")).toBeTruthy();
  expect(screen.getByText(SUMMARY.headline)).toBeTruthy();
  expect(screen.getByText("$1,180,000")).toBeTruthy();
  expect(screen.getByText("$912,345")).toBeTruthy();
  expect(screen.getByText("87%")).toBeTruthy();
  expect(screen.getByText(SUMMARY.success_question)).toBeTruthy();
  expect(screen.getByTestId("target-sentence")).toHaveTextContent(SUMMARY.target!.sentence);
  expect(screen.getByText("Fill your TFSA room")).toBeTruthy();
  expect(api.calls("GET", "/api/v1/plan/summary")).toHaveLength(1);
});

test("the chart has a figures table behind it", async () => {
  stubApi({ "GET /api/v1/plan/summary": { body: SUMMARY } });
  renderScreen(<PlanScreen />);
  const chart = await screen.findByTestId("net-worth-chart");
  expect(chart.props.accessibilityLabel).toContain("financially independent in 2035");
  fireEvent.press(screen.getByRole("button", { name: "Show figures" }));
  expect(screen.getByTestId("net-worth-table")).toHaveTextContent(/2027.*\$1,000,000/);
});

test("privacy mode hides every balance", async () => {
  await AsyncStorage.setItem(DEVICE_PREFS_KEY, JSON.stringify({ privacy: true }));
  stubApi({ "GET /api/v1/plan/summary": { body: SUMMARY } });
  renderScreen(<PlanScreen />);
  await screen.findByText("August 2035");
  await waitFor(() => expect(screen.queryByText("$912,345")).toBeNull());
  expect(screen.queryByText("$1,180,000")).toBeNull();
  expect(screen.getAllByText("•••••").length).toBeGreaterThan(1);
  await AsyncStorage.removeItem(DEVICE_PREFS_KEY);
});

test("offline, the last plan shows with when it was last updated", async () => {
  const api = stubApi({});
  const { client } = renderScreen(<></>);
  client.setQueryData(["plan", "summary"], SUMMARY, { updatedAt: Date.parse("2026-11-28T14:05:00") });
  onlineManager.setOnline(false);
  renderScreen(<PlanScreen />, { client });
  expect(await screen.findByText("August 2035")).toBeTruthy();
  expect(screen.getByTestId("offline-banner")).toHaveTextContent(/offline.*last updated Nov 28, 2026/);
  expect(api.calls("GET", "/api/v1/plan/summary")).toHaveLength(0);
});

test("a failed plan load says why and offers to try again", async () => {
  stubApi({ "GET /api/v1/plan/summary": { status: 503, body: { code: "unavailable", message: "The plan could not be computed right now." } } });
  renderScreen(<PlanScreen />);
  expect(await screen.findByText("The plan could not be computed right now.")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
});

test("next actions open the matching app screen", () => {
  expect(appRouteFor("/settings/accounts")).toBe("/settings/accounts");
  expect(appRouteFor("/fi-coach?q=tfsa")).toBe("/coach");
  expect(appRouteFor("/unknown")).toBe("/");
});

describe("in French", () => {
  test("the plan's figures and words are French: dates, money and percentages formatted for fr-CA", async () => {
    stubApi({ "GET /api/v1/plan/summary": { body: SUMMARY } });
    renderScreen(<PlanScreen />, { locale: "fr-CA" });
    expect(await screen.findByText("août 2035")).toBeTruthy();
    expect(screen.getByText("Quand puis-je prendre ma retraite?")).toBeTruthy();
    expect(screen.getByText("Chiffre FIRE")).toBeTruthy();
    expect(screen.getByText("1\u00a0180\u00a0000\u00a0$")).toBeTruthy();
    expect(screen.getByText("Valeur nette")).toBeTruthy();
    expect(screen.getByText("912\u00a0345\u00a0$")).toBeTruthy();
    expect(screen.getByText("87\u00a0%")).toBeTruthy();
    expect(screen.getByText("Taux de réussite")).toBeTruthy();
    expect(screen.getByText(/Règle empirique \(25 × les dépenses\) : 1\s500\s000\s\$\./)).toBeTruthy();
    expect(screen.getByText("50\u00a0% du chemin : 590\u00a0000\u00a0$ investis aujourd’hui.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ouvrir : Fill your TFSA room" })).toBeTruthy();
    expect(screen.getByLabelText("Progrès vers le chiffre FIRE")).toBeTruthy();
  });

  test("the chart's summary and figures table are French", async () => {
    stubApi({ "GET /api/v1/plan/summary": { body: SUMMARY } });
    renderScreen(<PlanScreen />, { locale: "fr-CA" });
    const chart = await screen.findByTestId("net-worth-chart");
    expect(chart.props.accessibilityLabel).toBe(
      "Valeur nette au fil du temps : 912\u00a0345\u00a0$ en 2026, 1\u00a0100\u00a0000\u00a0$ en 2028; indépendance financière en 2035.",
    );
    fireEvent.press(screen.getByRole("button", { name: "Afficher les chiffres" }));
    expect(screen.getByTestId("net-worth-table")).toHaveTextContent(/2027\s?1\s000\s000\s\$/);
    expect(screen.getByRole("button", { name: "Masquer les chiffres" })).toBeTruthy();
  });

  test("offline, the banner says when the plan was saved, in French", async () => {
    const api = stubApi({});
    const { client } = renderScreen(<></>);
    client.setQueryData(["plan", "summary"], SUMMARY, { updatedAt: Date.parse("2026-11-28T14:05:00") });
    onlineManager.setOnline(false);
    renderScreen(<PlanScreen />, { client, locale: "fr-CA" });
    expect(await screen.findByText("août 2035")).toBeTruthy();
    expect(screen.getByTestId("offline-banner")).toHaveTextContent(
      "Vous êtes hors ligne. Voici ce qui a été enregistré sur cet appareil, mis à jour le 28 nov. 2026 à 14 h 05.",
    );
    expect(api.calls("GET", "/api/v1/plan/summary")).toHaveLength(0);
  });
});

/** The language: the phone's first, then the one chosen on this device, then the account's; the switch in both
 * languages; every request asks for the language shown. */
import AsyncStorage from "@react-native-async-storage/async-storage";
import { act, fireEvent, screen, waitFor } from "@testing-library/react-native";
import { PlanScreen } from "@/features/plan/plan-screen";
import { currentLocale, deviceLocale, LOCALE_KEY, loadLocale } from "@/lib/locale";
import { fakeAuth, renderScreen, stubApi } from "@/test/utils";
import { LocaleSync } from "./language";
import { MoreScreen } from "./more-screen";

jest.mock("expo-router", () => ({
  Link: ({ children, href }: { children: string; href: string }) => {
    const { Text } = jest.requireActual("react-native");
    return <Text accessibilityRole="link" testID={`link:${href}`}>{children}</Text>;
  },
  router: { push: jest.fn(), back: jest.fn() },
}));

const device = (globalThis as unknown as { mockDeviceLanguages: { tags: string[] } }).mockDeviceLanguages;

afterEach(async () => {
  jest.restoreAllMocks();
  await AsyncStorage.clear();
});

const headerOf = (call: unknown[] | undefined, name: string): string | null => {
  const [input, init] = (call ?? []) as [RequestInfo, RequestInit | undefined];
  if (init?.headers) return new Headers(init.headers).get(name);
  return input instanceof Request ? input.headers.get(name) : null;
};

test("the first start follows the phone: fr* is French, anything else English; a choice on the device wins", async () => {
  device.tags = ["fr-FR", "en-CA"];
  expect(deviceLocale()).toBe("fr-CA");
  device.tags = ["de-DE", "en-US"];
  expect(deviceLocale()).toBe("en-CA");
  device.tags = ["fr-CA"];
  expect(await loadLocale()).toBe("fr-CA");
  await AsyncStorage.setItem(LOCALE_KEY, "en-CA");
  expect(await loadLocale()).toBe("en-CA");
  expect(currentLocale()).toBe("en-CA");
});

test("the switch on More shows French at once, keeps it on the device and saves it to the account", async () => {
  const api = stubApi({ "PATCH /api/v1/preferences": (body) => ({ body: { ...(body as object), updated_at: "2026-12-01T00:00:00Z" } }) });
  renderScreen(<MoreScreen />);
  const toFrench = screen.getByRole("button", { name: "Français" });
  expect(toFrench.props.accessibilityHint).toBe("Show FIRE Path in French");
  await act(async () => fireEvent.press(toFrench));
  expect(await screen.findByText("Vos renseignements")).toBeTruthy();
  expect(screen.getByText("Profil personnel")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Se déconnecter partout" })).toBeTruthy();
  const back = screen.getByRole("button", { name: "English" });
  expect(back.props.accessibilityLanguage).toBe("en-CA");
  expect(back.props.accessibilityHint).toBe("Afficher FIRE Path en anglais");
  await waitFor(async () => expect(await AsyncStorage.getItem(LOCALE_KEY)).toBe("fr-CA"));
  await waitFor(() => expect(api.calls("PATCH", "/api/v1/preferences")).toHaveLength(1));
  expect(api.calls("PATCH", "/api/v1/preferences")[0]?.body).toEqual({ locale: "fr-CA" });
  expect(headerOf(api.spy.mock.calls.at(-1), "Accept-Language")).toBe("fr-CA");
  await act(async () => fireEvent.press(back));
  expect(await screen.findByText("Your details")).toBeTruthy();
});

test("signed out, the switch changes the device's language only", async () => {
  const api = stubApi({});
  renderScreen(<MoreScreen />, { auth: fakeAuth({ session: null }) });
  await act(async () => fireEvent.press(screen.getByRole("button", { name: "Français" })));
  expect(await screen.findByText("Cet appareil")).toBeTruthy();
  expect(api.sent).toHaveLength(0);
});

test("signed in, the account's saved language wins; an account that never chose takes the one shown", async () => {
  let api = stubApi({
    "GET /api/v1/preferences": { body: { locale: "fr-CA", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-02-01T00:00:00Z" } },
  });
  const first = renderScreen(
    <>
      <LocaleSync />
      <MoreScreen />
    </>,
  );
  expect(await screen.findByText("Vos renseignements")).toBeTruthy();
  expect(api.calls("PATCH", "/api/v1/preferences")).toHaveLength(0);
  first.unmount();
  jest.restoreAllMocks();

  api = stubApi({
    "GET /api/v1/preferences": { body: { locale: "en-CA", created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z" } },
    "PATCH /api/v1/preferences": (body) => ({ body: { ...(body as object), created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-02T00:00:00Z" } }),
  });
  renderScreen(
    <>
      <LocaleSync />
      <MoreScreen />
    </>,
    { locale: "fr-CA" },
  );
  await waitFor(() => expect(api.calls("PATCH", "/api/v1/preferences")[0]?.body).toEqual({ locale: "fr-CA" }));
  expect(screen.getByText("Vos renseignements")).toBeTruthy();
});

test("every API request asks for the language shown", async () => {
  const api = stubApi({ "GET /api/v1/plan/summary": { status: 503, body: { code: "unavailable", message: "Le plan n’a pas pu être calculé." } } });
  renderScreen(<PlanScreen />, { locale: "fr-CA" });
  expect(await screen.findByText("Le plan n’a pas pu être calculé.")).toBeTruthy();
  expect(api.calls("GET", "/api/v1/plan/summary")).toHaveLength(1);
  expect(headerOf(api.spy.mock.calls[0], "Accept-Language")).toBe("fr-CA");
});

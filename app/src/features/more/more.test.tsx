import AsyncStorage from "@react-native-async-storage/async-storage";
import { fireEvent, screen, waitFor } from "@testing-library/react-native";
import { router } from "expo-router";
import { SETTINGS_FORMS } from "@/features/settings/forms";
import { englishT } from "@/lib/i18n";
import { SERVER_KEY, serverUrl } from "@/lib/server";
import { fakeAuth, renderScreen, stubApi } from "@/test/utils";
import { DEVICE_PREFS_KEY } from "./device-prefs";
import { MoreScreen } from "./more-screen";
import { ServerScreen } from "./server-screen";

jest.mock("expo-router", () => ({
  Link: ({ children, href }: { children: string; href: string }) => {
    const { Text } = jest.requireActual("react-native");
    return <Text accessibilityRole="link" testID={`link:${href}`}>{children}</Text>;
  },
  router: { push: jest.fn(), back: jest.fn() },
}));
jest.mock("expo-local-authentication", () => ({
  hasHardwareAsync: jest.fn(async () => true),
  isEnrolledAsync: jest.fn(async () => true),
  authenticateAsync: jest.fn(async () => ({ success: true })),
}));

afterEach(async () => {
  jest.restoreAllMocks();
  await AsyncStorage.clear();
});

test("More lists every settings form, the calculators and voice onboarding", () => {
  renderScreen(<MoreScreen />);
  for (const form of SETTINGS_FORMS) expect(screen.getByTestId(`link:/settings/${form.slug}`)).toHaveTextContent(englishT(form.title));
  for (const kind of ["fire", "mortgage", "tax"]) expect(screen.getByTestId(`link:/calculators/${kind}`)).toBeTruthy();
  expect(screen.getByTestId("link:/onboarding/voice")).toBeTruthy();
});

test("privacy mode and the biometric lock are kept on the device", async () => {
  renderScreen(<MoreScreen />);
  fireEvent(screen.getByLabelText("Privacy mode"), "valueChange", true);
  const lock = await screen.findByLabelText("Lock with Face ID or fingerprint");
  fireEvent(lock, "valueChange", true);
  await waitFor(async () =>
    expect(JSON.parse((await AsyncStorage.getItem(DEVICE_PREFS_KEY)) ?? "{}")).toEqual({ privacy: true, biometricLock: true }),
  );
});

test("sign out everywhere ends every session", () => {
  const auth = fakeAuth();
  renderScreen(<MoreScreen />, { auth });
  expect(screen.getByText("Signed in as maya@example.ca")).toBeTruthy();
  fireEvent.press(screen.getByRole("button", { name: "Sign out everywhere" }));
  expect(auth.signOutEverywhere).toHaveBeenCalled();
});

test("a new server address is checked before it is kept, and changing it signs out", async () => {
  const auth = fakeAuth();
  const api = stubApi({ "GET /auth/v1/settings": { body: { external: { email: true } } } });
  renderScreen(<ServerScreen />, { auth });
  const field = screen.getByLabelText("Server address");
  fireEvent.changeText(field, "ftp://nowhere");
  fireEvent.press(screen.getByRole("button", { name: "Check and save" }));
  expect(await screen.findByText("Enter the server's address, starting with https:// (or http:// on your own network).")).toBeTruthy();
  expect(api.sent).toHaveLength(0);
  api.offline();
  fireEvent.changeText(field, "https://nobody.example.ca");
  fireEvent.press(screen.getByRole("button", { name: "Check and save" }));
  expect(await screen.findByText("No FIRE Path server answered at that address. Check it and your connection.")).toBeTruthy();
  expect(await AsyncStorage.getItem(SERVER_KEY)).toBeNull();
  api.offline(false);

  fireEvent.changeText(field, "https://fire.example.ca/");
  fireEvent.press(screen.getByRole("button", { name: "Check and save" }));
  await waitFor(() => expect(router.back).toHaveBeenCalled());
  expect(api.spy.mock.calls.some(([u]) => String(u) === "https://fire.example.ca/auth/v1/settings")).toBe(true);
  expect(await AsyncStorage.getItem(SERVER_KEY)).toBe("https://fire.example.ca");
  expect(serverUrl()).toBe("https://fire.example.ca");
  expect(auth.signOut).toHaveBeenCalled();
});

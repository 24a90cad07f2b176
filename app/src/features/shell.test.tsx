/** The app's shell: the signed-out guard on the tabs, the deep-link sign-in, and the biometric lock. */
import AsyncStorage from "@react-native-async-storage/async-storage";
import { act, fireEvent, screen, waitFor } from "@testing-library/react-native";
import * as LocalAuthentication from "expo-local-authentication";
import { AppState, Text, type AppStateStatus } from "react-native";
import { AuthCallbackScreen } from "@/features/auth/auth-callback-screen";
import { AppLock } from "@/features/more/app-lock";
import { DEVICE_PREFS_KEY } from "@/features/more/device-prefs";
import { TabsLayout } from "@/features/tabs-layout";
import { fakeAuth, renderScreen, stubApi } from "@/test/utils";

let mockLinkingUrl: string | null = null;
jest.mock("expo-linking", () => ({ useLinkingURL: () => mockLinkingUrl }));
jest.mock("expo-router", () => {
  const { Text: T } = jest.requireActual("react-native");
  const Tabs = ({ children }: { children: unknown }) => <T testID="tabs">{children as string}</T>;
  Tabs.Screen = ({ name }: { name: string }) => <T>{`tab:${name}`}</T>;
  return { Redirect: ({ href }: { href: string }) => <T>{`redirect:${href}`}</T>, Tabs };
});
jest.mock("expo-local-authentication", () => ({
  hasHardwareAsync: jest.fn(async () => true),
  isEnrolledAsync: jest.fn(async () => true),
  authenticateAsync: jest.fn(async () => ({ success: false })),
}));

afterEach(async () => {
  jest.restoreAllMocks();
  await AsyncStorage.clear();
});

test("signed out, every tab goes to sign-in; signed in, the four tabs show", () => {
  const { unmount } = renderScreen(<TabsLayout />, { auth: fakeAuth({ session: null }) });
  expect(screen.getByText("redirect:/sign-in")).toBeTruthy();
  unmount();
  renderScreen(<TabsLayout />);
  for (const tab of ["index", "coach", "help", "more"]) expect(screen.getByText(`tab:${tab}`)).toBeTruthy();
});

test("the firepath://auth-callback link signs in with the tokens in its fragment", async () => {
  const api = stubApi({
    "GET /auth/v1/user": { body: { id: "u1", email: "maya@example.ca", aud: "authenticated", app_metadata: {}, user_metadata: {} } },
  });
  mockLinkingUrl = "firepath://auth-callback#access_token=eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ1MSIsImV4cCI6NDEwMjQ0NDgwMH0.c2ln&refresh_token=r1&expires_in=3600";
  renderScreen(<AuthCallbackScreen />);
  expect(await screen.findByText("redirect:/")).toBeTruthy();
  expect(api.calls("GET", "/auth/v1/user")).toHaveLength(1);
});

test("a sign-in link without tokens says it did not work", async () => {
  stubApi({});
  mockLinkingUrl = "firepath://auth-callback#error=access_denied";
  renderScreen(<AuthCallbackScreen />);
  expect(await screen.findByText(/This sign-in link did not work/)).toBeTruthy();
});

test("with the lock on, coming back from the background covers the figures until unlocked", async () => {
  await AsyncStorage.setItem(DEVICE_PREFS_KEY, JSON.stringify({ biometricLock: true }));
  let listener: ((state: AppStateStatus) => void) | undefined;
  jest.spyOn(AppState, "addEventListener").mockImplementation((_type, handler) => {
    listener = handler as (state: AppStateStatus) => void;
    return { remove: () => undefined } as ReturnType<typeof AppState.addEventListener>;
  });
  renderScreen(
    <AppLock>
      <Text>Net worth $804,541</Text>
    </AppLock>,
  );
  await waitFor(() => expect(listener).toBeDefined());
  await waitFor(async () => expect(await AsyncStorage.getItem(DEVICE_PREFS_KEY)).toContain("true"));
  await act(async () => {
    listener?.("background");
    listener?.("active");
  });
  expect(await screen.findByText("FIRE Path is locked")).toBeTruthy();
  expect(screen.queryByText("Net worth $804,541")).toBeNull();
  expect(await screen.findByText("Not unlocked. Try again when you are ready.")).toBeTruthy();
  (LocalAuthentication.authenticateAsync as jest.Mock).mockResolvedValueOnce({ success: true });
  await act(async () => fireEvent.press(screen.getByRole("button", { name: "Unlock" })));
  expect(await screen.findByText("Net worth $804,541")).toBeTruthy();
});

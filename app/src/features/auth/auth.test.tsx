import { act, fireEvent, screen, waitFor } from "@testing-library/react-native";
import { render } from "@testing-library/react-native";
import { QueryClientProvider } from "@tanstack/react-query";
import * as SecureStore from "expo-secure-store";
import { Text } from "react-native";
import { tokensFromCallback } from "@/lib/auth";
import { fakeAuth, makeTestQueryClient, renderScreen, stubApi } from "@/test/utils";
import { AuthProvider, useAuth } from "./auth-provider";
import { ResetPasswordScreen } from "./reset-password-screen";
import { SignInScreen } from "./sign-in-screen";
import { SignUpScreen } from "./sign-up-screen";

jest.mock("expo-router", () => ({
  Redirect: ({ href }: { href: string }) => {
    const { Text: T } = jest.requireActual("react-native");
    return <T>{`redirect:${href}`}</T>;
  },
  Link: ({ children, href }: { children: string; href: string }) => {
    const { Text: T } = jest.requireActual("react-native");
    return <T accessibilityRole="link" testID={`link:${href}`}>{children}</T>;
  },
  router: { push: jest.fn(), back: jest.fn() },
}));
jest.mock("expo-web-browser", () => ({ openAuthSessionAsync: jest.fn() }));

const SERVER = "http://localhost:8000";
const SESSION_BODY = {
  access_token: "header.eyJzdWIiOiJ1MSIsImV4cCI6NDEwMjQ0NDgwMH0.sig",
  refresh_token: "refresh-1",
  token_type: "bearer",
  expires_in: 3600,
  expires_at: 4102444800,
  user: { id: "u1", email: "maya@example.ca", aud: "authenticated", app_metadata: {}, user_metadata: {}, created_at: "2026-01-01T00:00:00Z" },
};

afterEach(() => jest.restoreAllMocks());

function Probe() {
  const { session, signIn, signOutEverywhere } = useAuth();
  return (
    <>
      <Text testID="who">{session?.user.email ?? "signed out"}</Text>
      <Text accessibilityRole="button" onPress={() => void signIn("maya@example.ca", "correct horse")}>
        in
      </Text>
      <Text accessibilityRole="button" onPress={() => void signOutEverywhere()}>
        out
      </Text>
    </>
  );
}

test("signing in asks our /auth/v1 for a password grant and keeps the session in secure storage", async () => {
  const api = stubApi({
    "POST /auth/v1/token": { body: SESSION_BODY },
    "POST /auth/v1/logout": { status: 204 },
  });
  render(
    <QueryClientProvider client={makeTestQueryClient()}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(screen.getByTestId("who")).toHaveTextContent("signed out"));
  await act(async () => fireEvent.press(screen.getByText("in")));
  await waitFor(() => expect(screen.getByTestId("who")).toHaveTextContent("maya@example.ca"));
  const grant = api.calls("POST", "/auth/v1/token")[0];
  expect(grant?.body).toMatchObject({ email: "maya@example.ca", password: "correct horse" });
  expect(api.sent[0] && new URL(`${SERVER}${api.sent[0].path}`).origin).toBe(SERVER);
  const setItem = SecureStore.setItemAsync as jest.Mock;
  expect(setItem.mock.calls.some(([, v]: [string, string]) => v.includes("refresh-1"))).toBe(true);
  // Long values are split below SecureStore's 2 KB limit.
  expect(setItem.mock.calls.every(([, v]: [string, string]) => v.length <= 1800)).toBe(true);

  await act(async () => fireEvent.press(screen.getByText("out")));
  await waitFor(() => expect(screen.getByTestId("who")).toHaveTextContent("signed out"));
  const logout = api.spy.mock.calls.find(([input]) => String(typeof input === "string" ? input : (input as Request).url).includes("/auth/v1/logout"));
  expect(String(logout?.[0])).toContain("scope=global");
});

test("the sign-in screen checks the fields, signs in, and shows the server's refusal", async () => {
  const signIn = jest.fn(async () => {
    throw new Error("Invalid login credentials");
  });
  stubApi({ "GET /auth/v1/settings": { body: { external: { email: true, google: false } } } });
  renderScreen(<SignInScreen />, { auth: fakeAuth({ session: null, signIn }) });
  fireEvent.press(screen.getByRole("button", { name: "Sign in" }));
  expect(await screen.findByText("Enter your e-mail and password.")).toBeTruthy();
  expect(signIn).not.toHaveBeenCalled();
  fireEvent.changeText(screen.getByLabelText("E-mail"), "maya@example.ca ");
  fireEvent.changeText(screen.getByLabelText("Password"), "wrong");
  fireEvent.press(screen.getByRole("button", { name: "Sign in" }));
  expect(await screen.findByText("Invalid login credentials")).toBeTruthy();
  expect(signIn).toHaveBeenCalledWith("maya@example.ca ", "wrong");
  expect(screen.getByTestId("link:/server")).toBeTruthy();
});

test("Google is offered only when the server has it configured", async () => {
  const signInWithGoogle = jest.fn(async () => true);
  stubApi({ "GET /auth/v1/settings": { body: { external: { email: true, google: true } } } });
  renderScreen(<SignInScreen />, { auth: fakeAuth({ session: null, signInWithGoogle }) });
  fireEvent.press(await screen.findByRole("button", { name: "Continue with Google" }));
  await waitFor(() => expect(signInWithGoogle).toHaveBeenCalled());
});

test("no Google button when the server does not offer it", async () => {
  const api = stubApi({ "GET /auth/v1/settings": { body: { external: { email: true, google: false } } } });
  renderScreen(<SignInScreen />, { auth: fakeAuth({ session: null }) });
  await waitFor(() => expect(api.calls("GET", "/auth/v1/settings")).toHaveLength(1));
  expect(screen.queryByRole("button", { name: "Continue with Google" })).toBeNull();
});

test("signed in, the sign-in screen goes to the plan", () => {
  stubApi({});
  renderScreen(<SignInScreen />);
  expect(screen.getByText("redirect:/")).toBeTruthy();
});

test("sign-up uses the web's validation messages and says when an e-mail confirmation is needed", async () => {
  const signUp = jest.fn(async () => "confirm-email" as const);
  renderScreen(<SignUpScreen />, { auth: fakeAuth({ session: null, signUp }) });
  fireEvent.changeText(screen.getByLabelText("E-mail"), "not-an-address");
  fireEvent.press(screen.getByRole("button", { name: "Create account" }));
  expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
  fireEvent.changeText(screen.getByLabelText("E-mail"), "new@example.ca");
  fireEvent.changeText(screen.getByLabelText("Password"), "short");
  fireEvent.press(screen.getByRole("button", { name: "Create account" }));
  expect(await screen.findByText("Password must be at least 8 characters")).toBeTruthy();
  fireEvent.changeText(screen.getByLabelText("Password"), "long enough pass");
  fireEvent.press(screen.getByRole("button", { name: "Create account" }));
  expect(await screen.findByText(/We sent a confirmation link to new@example.ca/)).toBeTruthy();
  expect(signUp).toHaveBeenCalledWith("new@example.ca", "long enough pass");
});

test("password reset answers the same whatever the address", async () => {
  const resetPassword = jest.fn(async () => undefined);
  renderScreen(<ResetPasswordScreen />, { auth: fakeAuth({ session: null, resetPassword }) });
  fireEvent.changeText(screen.getByLabelText("E-mail"), "who@example.ca");
  fireEvent.press(screen.getByRole("button", { name: "Send reset link" }));
  expect(await screen.findByText(/If an account uses who@example.ca/)).toBeTruthy();
  expect(resetPassword).toHaveBeenCalledWith("who@example.ca");
});

test("the Google callback's fragment gives the session tokens", () => {
  expect(tokensFromCallback("firepath://auth-callback#access_token=a&refresh_token=r&expires_in=3600")).toEqual({
    access_token: "a",
    refresh_token: "r",
  });
  expect(tokensFromCallback("firepath://auth-callback#error=access_denied")).toBeNull();
});

test("in French, the sign-in screen, its checks and the switch back to English", async () => {
  const signIn = jest.fn(async () => undefined);
  stubApi({ "GET /auth/v1/settings": { body: { external: { email: true, google: true } } } });
  renderScreen(<SignInScreen />, { auth: fakeAuth({ session: null, signIn }), locale: "fr-CA" });
  expect(screen.getByText("Connectez-vous à FIRE Path")).toBeTruthy();
  expect(screen.getByLabelText("Courriel")).toBeTruthy();
  expect(screen.getByLabelText("Mot de passe")).toBeTruthy();
  expect(await screen.findByRole("button", { name: "Continuer avec Google" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "English" })).toBeTruthy();
  expect(screen.getByText("Mot de passe oublié?")).toBeTruthy();
  expect(screen.getByText("Utiliser un autre serveur")).toBeTruthy();
  fireEvent.press(screen.getByRole("button", { name: "Connexion" }));
  expect(await screen.findByText("Entrez votre courriel et votre mot de passe.")).toBeTruthy();
  expect(signIn).not.toHaveBeenCalled();
});

test("in French, sign-up checks with the shared French messages", async () => {
  renderScreen(<SignUpScreen />, { auth: fakeAuth({ session: null }), locale: "fr-CA" });
  expect(screen.getByText("Au moins 8 caractères.")).toBeTruthy();
  fireEvent.changeText(screen.getByLabelText("Courriel"), "pas-une-adresse");
  fireEvent.press(screen.getByRole("button", { name: "Créer le compte" }));
  expect(await screen.findByText("Entrez une adresse courriel valide")).toBeTruthy();
});

/** The session: who is signed in on this device, and the ways in and out (password, Google through the
 * firepath://auth-callback deep link, password reset, sign out everywhere). */
import type { Session } from "@supabase/auth-js";
import { useQueryClient } from "@tanstack/react-query";
import * as WebBrowser from "expo-web-browser";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { AppState, Platform } from "react-native";
import { authClient, NATIVE_CALLBACK, tokensFromCallback } from "@/lib/auth";
import { currentI18n } from "@/lib/i18n";
import { clearQueryCache } from "@/lib/query";
import { onServerUrlChange } from "@/lib/server";

export interface AuthState {
  session: Session | null;
  loading: boolean;
  signIn(email: string, password: string): Promise<void>;
  signUp(email: string, password: string): Promise<"signed-in" | "confirm-email">;
  resetPassword(email: string): Promise<void>;
  signInWithGoogle(): Promise<boolean>;
  /** Ends every session of this account, on every device. */
  signOutEverywhere(): Promise<void>;
  signOut(): Promise<void>;
}

export const AuthContext = createContext<AuthState | null>(null);

/** auth-js errors carry GoTrue's message; show it as the server wrote it. */
function fail(error: { message: string } | null): void {
  if (error) throw new Error(error.message || currentI18n().t("app.auth.somethingWrong"));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => onServerUrlChange(() => setGeneration((g) => g + 1)), []);

  useEffect(() => {
    const client = authClient();
    let live = true;
    setLoading(true);
    void client.getSession().then(({ data }) => {
      if (!live) return;
      setSession(data.session);
      setLoading(false);
    });
    const { data } = client.onAuthStateChange((event, next) => {
      setSession(next);
      if (event === "SIGNED_OUT") void clearQueryCache(queryClient);
    });
    // On a phone, renew the session only while the app is in the foreground (auth-js's advice for React Native).
    const appState =
      Platform.OS === "web"
        ? null
        : AppState.addEventListener("change", (state) => {
            if (state === "active") void client.startAutoRefresh();
            else void client.stopAutoRefresh();
          });
    return () => {
      live = false;
      data.subscription.unsubscribe();
      appState?.remove();
    };
  }, [generation, queryClient]);

  const signIn = useCallback(async (email: string, password: string) => {
    const { error } = await authClient().signInWithPassword({ email: email.trim(), password });
    fail(error);
  }, []);

  const signUp = useCallback(async (email: string, password: string) => {
    const { data, error } = await authClient().signUp({
      email: email.trim(),
      password,
      options: { emailRedirectTo: NATIVE_CALLBACK },
    });
    fail(error);
    return data.session ? "signed-in" : "confirm-email";
  }, []);

  const resetPassword = useCallback(async (email: string) => {
    const { error } = await authClient().resetPasswordForEmail(email.trim(), { redirectTo: NATIVE_CALLBACK });
    fail(error);
  }, []);

  const signInWithGoogle = useCallback(async () => {
    const { data, error } = await authClient().signInWithOAuth({
      provider: "google",
      options: { redirectTo: NATIVE_CALLBACK, skipBrowserRedirect: true },
    });
    fail(error);
    if (!data.url) return false;
    const result = await WebBrowser.openAuthSessionAsync(data.url, NATIVE_CALLBACK);
    if (result.type !== "success") return false;
    const tokens = tokensFromCallback(result.url);
    if (!tokens) return false;
    const { error: setError } = await authClient().setSession(tokens);
    fail(setError);
    return true;
  }, []);

  const signOutEverywhere = useCallback(async () => {
    const { error } = await authClient().signOut({ scope: "global" });
    if (error) await authClient().signOut({ scope: "local" });
  }, []);

  const signOut = useCallback(async () => {
    await authClient().signOut({ scope: "local" });
  }, []);

  const value = useMemo<AuthState>(
    () => ({ session, loading, signIn, signUp, resetPassword, signInWithGoogle, signOutEverywhere, signOut }),
    [session, loading, signIn, signUp, resetPassword, signInWithGoogle, signOutEverywhere, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth outside AuthProvider");
  return value;
}

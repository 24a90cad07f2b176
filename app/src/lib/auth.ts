/** The @supabase/auth-js client against our server's GoTrue-compatible /auth/v1, its session in secure storage.
 * One client per server address: changing the server signs this device out of the old one. */
import { AuthClient, type GoTrueClient } from "@supabase/auth-js";
import { Platform } from "react-native";
import { languageFetch } from "./request-language";
import { secureStorage } from "./secure-storage";
import { serverUrl } from "./server";

export const AUTH_STORAGE_KEY = "firepath-auth";
/** Where the server sends Google sign-ins and e-mail links back to the app. */
export const NATIVE_CALLBACK = "firepath://auth-callback";

let client: GoTrueClient | null = null;
let clientUrl = "";

export function authClient(): GoTrueClient {
  const url = serverUrl();
  if (!client || clientUrl !== url) {
    client = new AuthClient({
      url: `${url}/auth/v1`,
      storageKey: AUTH_STORAGE_KEY,
      storage: secureStorage,
      autoRefreshToken: true,
      persistSession: true,
      detectSessionInUrl: Platform.OS === "web",
      flowType: "implicit",
      // E-mails (confirmation, password reset) and refusals in the language shown.
      fetch: languageFetch(),
    });
    clientUrl = url;
  }
  return client;
}

export async function getAccessToken(): Promise<string | null> {
  const { data } = await authClient().getSession();
  return data.session?.access_token ?? null;
}

/** The signed-in person's id, or null. */
export async function getUserId(): Promise<string | null> {
  const { data } = await authClient().getSession();
  return data.session?.user.id ?? null;
}

/** Tokens from a deep link's fragment (`firepath://auth-callback#access_token=...&refresh_token=...`). */
export function tokensFromCallback(url: string): { access_token: string; refresh_token: string } | null {
  const hash = url.includes("#") ? url.slice(url.indexOf("#") + 1) : url.split("?")[1] ?? "";
  const params = new URLSearchParams(hash);
  const access_token = params.get("access_token");
  const refresh_token = params.get("refresh_token");
  return access_token && refresh_token ? { access_token, refresh_token } : null;
}

/** The one @supabase/auth-js client, pointed at our API's GoTrue-compatible /auth/v1 on the same origin. */
import { AuthClient } from "@supabase/auth-js";

export const AUTH_STORAGE_KEY = "fire-path-auth";

export const authClient = new AuthClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: AUTH_STORAGE_KEY,
  autoRefreshToken: true, // refreshes on 30 s ticks, three ticks before expiry; pauses while hidden
  persistSession: true,
  detectSessionInUrl: true, // reads the tokens our /auth/v1/verify and Google callback put in the URL
  flowType: "implicit",
});

export async function getAccessToken(): Promise<string | null> {
  const { data } = await authClient.getSession();
  return data.session?.access_token ?? null;
}

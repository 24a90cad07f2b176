/** The one @supabase/auth-js client, pointed at our API's GoTrue-compatible /auth/v1 on the same origin, and the
 * session chores around it: renewing the session once when the API refuses a token, ending it locally when it
 * cannot be renewed, and reading which sign-in methods the server offers. */
import { AuthClient } from "@supabase/auth-js";
import { languageFetch } from "@/lib/request-language";
import { local } from "@/lib/storage";

export const AUTH_STORAGE_KEY = "fire-path-auth";

// Read before auth-js touches storage: a session it drops while starting (its renewal refused) is one that
// ended, not a visitor who never signed in.
let storedAtLoad = local.get(AUTH_STORAGE_KEY) !== null;

/** Whether this browser held a session when the page loaded; answers once (later sign-outs are not "at load"). */
export function takeStoredSessionAtLoad(): boolean {
  const stored = storedAtLoad;
  storedAtLoad = false;
  return stored;
}

export const authClient = new AuthClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: AUTH_STORAGE_KEY,
  autoRefreshToken: true, // refreshes on 30 s ticks, three ticks before expiry; pauses while hidden
  persistSession: true,
  detectSessionInUrl: true, // reads the tokens our /auth/v1/verify and Google callback put in the URL
  flowType: "implicit",
  // Its messages (and the e-mails it sends) in the language shown.
  fetch: languageFetch(),
});

export async function getAccessToken(): Promise<string | null> {
  const { data } = await authClient.getSession();
  return data.session?.access_token ?? null;
}

/** Renews the session with its refresh token: the new access token, or null when the server refuses it. */
export async function refreshAccessToken(): Promise<string | null> {
  const { data, error } = await authClient.refreshSession();
  return error ? null : (data.session?.access_token ?? null);
}

/** Signs this browser out without asking the server (the session is already gone there). auth-js keeps a
 * session whose renewal was refused while its access token has time left, so this removes it; the SIGNED_OUT
 * that follows is what takes the person to sign-in. */
export async function endSessionLocally(): Promise<void> {
  const { error } = await authClient.signOut({ scope: "local" });
  if (error) local.remove(AUTH_STORAGE_KEY);
}

/** The part of GoTrue's GET /auth/v1/settings the client reads. */
export interface AuthSettings {
  external: { email: boolean; google: boolean };
  disable_signup: boolean;
}

export async function fetchAuthSettings(): Promise<AuthSettings> {
  const response = await fetch(`${window.location.origin}/auth/v1/settings`);
  if (!response.ok) throw new Error(`auth settings: ${response.status}`);
  const body = (await response.json()) as Partial<AuthSettings>;
  return {
    external: { email: body.external?.email !== false, google: body.external?.google === true },
    disable_signup: body.disable_signup === true,
  };
}

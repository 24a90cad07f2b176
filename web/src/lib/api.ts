/** The app's typed API client (same origin; the dev server proxies /api and /auth to the API). Every call goes
 * through `apiFetch`: a 401 renews the session once and retries, and a session that cannot be renewed ends here
 * (the auth provider then takes the person to sign-in and back). */
import { createApiClient } from "@firepath/shared/api";
import { createAuthRetryFetch } from "@/lib/auth-retry";
import { endSessionLocally, getAccessToken, refreshAccessToken } from "@/lib/auth-client";
import { languageFetch } from "@/lib/request-language";

export const apiFetch = createAuthRetryFetch({
  // Server messages in the language shown.
  fetch: languageFetch(),
  getAccessToken,
  refresh: refreshAccessToken,
  onSessionEnded: endSessionLocally,
});

export const api = createApiClient({ baseUrl: window.location.origin, getAccessToken, fetch: apiFetch });

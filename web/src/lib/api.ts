/** The app's typed API client (same origin; the dev server proxies /api and /auth to the API). */
import { createApiClient } from "@firepath/shared/api";
import { getAccessToken } from "@/lib/auth-client";

export const api = createApiClient({ baseUrl: window.location.origin, getAccessToken });

/** The shared, generated API client (packages/shared) pointed at the chosen server with the session's token. */
import { createApiClient, type ApiClient } from "@firepath/shared/api";
import { getAccessToken } from "./auth";
import { languageFetch } from "./request-language";
import { serverUrl } from "./server";

let client: ApiClient | null = null;
let clientUrl = "";

export function api(): ApiClient {
  const url = serverUrl();
  if (!client || clientUrl !== url) {
    // Server messages in the language shown.
    client = createApiClient({ baseUrl: url, getAccessToken, fetch: languageFetch((request) => globalThis.fetch(request)) });
    clientUrl = url;
  }
  return client;
}

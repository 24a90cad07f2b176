/** The shared, generated API client (packages/shared) pointed at the chosen server with the session's token. */
import { createApiClient, type ApiClient } from "@firepath/shared/api";
import { getAccessToken } from "./auth";
import { serverUrl } from "./server";

let client: ApiClient | null = null;
let clientUrl = "";

export function api(): ApiClient {
  const url = serverUrl();
  if (!client || clientUrl !== url) {
    client = createApiClient({ baseUrl: url, getAccessToken });
    clientUrl = url;
  }
  return client;
}

/** The typed API client (openapi-fetch over the generated schema) shared by the web and Expo clients. */
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema";

export type { components, operations, paths } from "./schema";
export type Schemas = components["schemas"];
export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** Origin of the API ("" for same-origin in the browser). */
  baseUrl: string;
  /** The current access token, or null when signed out. */
  getAccessToken: () => Promise<string | null> | string | null;
  fetch?: typeof globalThis.fetch;
}

export function createApiClient({ baseUrl, getAccessToken, fetch }: ApiClientOptions): ApiClient {
  const client = createClient<paths>({ baseUrl, fetch: fetch ?? ((req) => globalThis.fetch(req)) });
  client.use({
    async onRequest({ request }) {
      const token = await getAccessToken();
      if (token) request.headers.set("Authorization", `Bearer ${token}`);
      return request;
    },
  });
  return client;
}

/** An API error with the `{code, message, details}` body every endpoint returns. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

interface ErrorBodyLike {
  code?: unknown;
  message?: unknown;
  details?: unknown;
  detail?: unknown;
}

/** Turn an openapi-fetch result into its data, throwing ApiError on an error status. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const body = (result.error ?? {}) as ErrorBodyLike;
  const message =
    typeof body.message === "string"
      ? body.message
      : typeof body.detail === "string"
        ? body.detail
        : `Request failed (${result.response.status})`;
  const code = typeof body.code === "string" ? body.code : "http_error";
  throw new ApiError(result.response.status, code, message, body.details);
}

/** Reads and writes of the settings records through the shared API client, by method and path: the same requests
 * the web sends (web/src/api/*.ts), in a form the offline outbox can queue and replay. */
import { ApiError, unwrap } from "@firepath/shared/api";
import { api } from "@/lib/api";
import { getAccessToken } from "@/lib/auth";
import { type AppTranslate, currentI18n } from "@/lib/i18n";
import { requestLanguage } from "@/lib/request-language";
import { serverUrl } from "@/lib/server";

export type SaveMethod = "POST" | "PUT" | "PATCH" | "DELETE";

interface Result {
  data?: unknown;
  error?: unknown;
  response: Response;
}
type Call = (path: string, init?: { body?: unknown }) => Promise<Result>;
type LooseClient = Record<"GET", Call>;

const client = () => api() as unknown as LooseClient;

/** GET a settings record or list; `allow404` answers null for a record not made yet (the profile). */
export async function loadRecord<T>(path: string, { allow404 = false }: { allow404?: boolean } = {}): Promise<T> {
  const result = await client().GET(path);
  if (allow404 && result.response.status === 404) return null as T;
  return (unwrap(result) ?? null) as T;
}

/** Send one save as the outbox replays it (method, path, JSON body, the session's token); throws ApiError when the
 * server answers with an error (its message and details, as `unwrap` reads them), anything else when it cannot be
 * reached. */
export async function sendSave(method: SaveMethod, path: string, body?: unknown): Promise<unknown> {
  const token = await getAccessToken();
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": requestLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${serverUrl()}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let parsed: unknown;
  try {
    const text = await response.text();
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return unwrap(response.ok ? { data: parsed, response } : { error: parsed ?? {}, response });
}

/** A failure that is not the server's answer: the request never got one (offline, connection dropped). */
export const isNetworkError = (error: unknown): boolean => !(error instanceof ApiError);

/** The API's 422 details ({field, message}) by field name. */
export function serverDetails(error: unknown): { field: string; message: string }[] {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return [];
  return (error.details as { field?: string; message?: string }[]).map((d) => ({ field: d.field ?? "", message: d.message ?? currentI18n().t("app.settings.notValid") }));
}

export const errorMessage = (error: unknown, t: AppTranslate = currentI18n().t): string =>
  error instanceof Error && error.message ? error.message : t("app.settings.somethingWrong");

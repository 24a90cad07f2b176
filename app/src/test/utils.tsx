/** Screen-test harness: a fetch stub of the transport layer (answers by method and path, records every request with
 * its JSON body) and the providers a screen needs (query client, device preferences, a signed-in session). */
import type { Locale } from "@firepath/shared/i18n/locales";
import type { Session } from "@supabase/auth-js";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react-native";
import type { ReactElement } from "react";
import { AuthContext, type AuthState } from "@/features/auth/auth-provider";
import { DevicePrefsProvider } from "@/features/more/device-prefs";
import { I18nProvider } from "@/lib/i18n";

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}
export type Answer =
  | { status?: number; body?: unknown; stream?: string[]; headers?: Record<string, string> }
  | ((body: unknown) => { status?: number; body?: unknown; stream?: string[]; headers?: Record<string, string> });

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

/** Stub `fetch`: `routes` maps "GET /api/v1/plan/summary" to an answer (or a stream of text chunks); anything else
 * answers 404 with our error body. `offline()` makes every request fail as a dropped connection. */
export function stubApi(routes: Record<string, Answer>) {
  const sent: Sent[] = [];
  let down = false;
  const spy = jest.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (typeof input === "object" && "method" in input ? input.method : "GET")).toUpperCase();
    const path = new URL(url).pathname;
    // openapi-fetch hands over one Request with its body inside; plain fetch calls pass the body in init.
    let raw: unknown = init?.body;
    if (raw === undefined && typeof input === "object" && !(input instanceof URL) && method !== "GET" && method !== "HEAD") {
      raw = await (input as Request).clone().text();
    }
    let body: unknown;
    if (typeof raw === "string" && raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        body = raw;
      }
    } else if (raw !== undefined && typeof raw !== "string") body = raw;
    sent.push({ method, path, body });
    if (down) throw new TypeError("Network request failed");
    const answer = routes[`${method} ${path}`];
    const a = typeof answer === "function" ? answer(body) : answer;
    if (!a) return new Response(JSON.stringify({ code: "not_found", message: "Not found" }), { status: 404, headers: { "content-type": "application/json" } });
    const status = a.status ?? 200;
    if (a.stream) return new Response(streamOf(a.stream), { status, headers: { "content-type": "text/event-stream", ...a.headers } });
    if (status === 204) return new Response(null, { status });
    return new Response(JSON.stringify(a.body ?? null), { status, headers: { "content-type": "application/json", ...a.headers } });
  });
  return {
    sent,
    spy,
    calls: (method?: string, path?: string) => sent.filter((s) => (!method || s.method === method) && (!path || s.path === path)),
    offline: (value = true) => {
      down = value;
    },
  };
}

export const fakeSession = {
  access_token: "test-access-token",
  refresh_token: "test-refresh-token",
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  token_type: "bearer",
  user: { id: "00000000-0000-0000-0000-000000000001", email: "maya@example.ca", aud: "authenticated", app_metadata: {}, user_metadata: {}, created_at: "2026-01-01T00:00:00Z" },
} as unknown as Session;

export function fakeAuth(overrides: Partial<AuthState> = {}): AuthState {
  return {
    session: fakeSession,
    loading: false,
    signIn: jest.fn(async () => undefined),
    signUp: jest.fn(async () => "signed-in" as const),
    resetPassword: jest.fn(async () => undefined),
    signInWithGoogle: jest.fn(async () => true),
    signOutEverywhere: jest.fn(async () => undefined),
    signOut: jest.fn(async () => undefined),
    ...overrides,
  };
}

export function makeTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false, gcTime: Infinity } } });
}

/** Renders a screen inside the app's providers, in English unless `locale` says otherwise. */
export function renderScreen(ui: ReactElement, { auth = fakeAuth(), client = makeTestQueryClient(), locale = "en-CA" as Locale } = {}) {
  const result = render(
    <I18nProvider initial={locale}>
      <QueryClientProvider client={client}>
        <DevicePrefsProvider>
          <AuthContext.Provider value={auth}>{ui}</AuthContext.Provider>
        </DevicePrefsProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...result, client, auth };
}

/** Test harness for the settings pages: a fetch stub of the transport layer (answers by method and path, records
 * every request with its JSON body), and the providers a page needs (query client, router, auth, toaster). */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { Toaster } from "sonner";
import { vi } from "vitest";
import { useCompletion } from "@/api/completion";
import { AccessibilityProvider } from "@/app/accessibility-provider";
import { authState, fakeUser, WithAuth } from "@/test/auth";

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status?: number; body?: unknown } | ((body: unknown) => { status?: number; body?: unknown });

/** Stub `fetch`: `routes` maps "GET /api/v1/income" to an answer; analytics posts answer 202; anything else 404. */
export function stubApi(routes: Record<string, Answer>) {
  const sent: Sent[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const path = new URL(request.url).pathname;
    const text = request.method === "GET" || request.method === "DELETE" ? "" : await request.text();
    const body = text ? JSON.parse(text) : undefined;
    sent.push({ method: request.method, path, body });
    if (path === "/api/v1/analytics/events") return new Response(null, { status: 202 });
    const answer = routes[`${request.method} ${path}`] ?? (path === "/api/v1/completion" ? { body: { overall: 0, badge: "Not Started", sections: [] } } : undefined);
    const a = typeof answer === "function" ? answer(body) : answer;
    if (!a) return Response.json({ code: "not_found", message: "Not found" }, { status: 404 });
    const status = a.status ?? 200;
    return status === 204 ? new Response(null, { status }) : Response.json(a.body ?? null, { status });
  });
  return {
    sent,
    /** Requests other than analytics events. */
    calls: (method?: string, path?: string) =>
      sent.filter((s) => s.path !== "/api/v1/analytics/events" && (!method || s.method === method) && (!path || s.path === path)),
    events: () => sent.filter((s) => s.path === "/api/v1/analytics/events").map((s) => s.body as { event_type: string; event_name: string }),
  };
}

/** Watches the completion as the header does, so its refresh after a save is observable. */
function CompletionProbe() {
  const completion = useCompletion();
  return <span data-testid="completion-probe">{completion.data?.overall ?? ""}</span>;
}

export function renderPage(page: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AccessibilityProvider>
        <WithAuth value={authState({ user: fakeUser() })}>
          <MemoryRouter>{page}</MemoryRouter>
          <CompletionProbe />
          <Toaster />
        </WithAuth>
      </AccessibilityProvider>
    </QueryClientProvider>,
  );
}

export const row = (extra: Record<string, unknown>) => ({
  id: "11111111-1111-1111-1111-111111111111", user_id: "00000000-0000-0000-0000-000000000001",
  created_at: "2026-01-01T00:00:00Z", updated_at: "2026-01-01T00:00:00Z", ...extra,
});

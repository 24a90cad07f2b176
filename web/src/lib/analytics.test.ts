import { afterEach, describe, expect, it, vi } from "vitest";
import { analyticsSessionId, SESSION_ID_KEY, setAnalyticsSuppressed, trackPageView } from "@/lib/analytics";

describe("analytics (spec section 7)", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    setAnalyticsSuppressed(false);
    sessionStorage.clear();
  });

  it("keeps one session id in session storage", () => {
    const id = analyticsSessionId();
    expect(sessionStorage.getItem(SESSION_ID_KEY)).toBe(id);
    expect(analyticsSessionId()).toBe(id);
  });

  it("posts page_view with the session id to the events endpoint", async () => {
    // Record what is sent, then let the real fetch go on (nothing listens on the test origin).
    const realFetch = globalThis.fetch;
    const sent: Request[] = [];
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const request = new Request(input as RequestInfo, init);
      sent.push(request.clone());
      return realFetch(request);
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    await trackPageView("/analysis");
    expect(spy).toHaveBeenCalledOnce();
    expect(new URL(sent[0].url).pathname).toBe("/api/v1/analytics/events");
    const body = await sent[0].json();
    expect(body).toMatchObject({ event_type: "page_view", event_name: "/analysis", session_id: analyticsSessionId() });
  });

  it("sends nothing for admins", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    setAnalyticsSuppressed(true);
    await trackPageView("/admin");
    expect(spy).not.toHaveBeenCalled();
  });
});

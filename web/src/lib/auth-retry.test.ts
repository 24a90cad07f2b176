import { describe, expect, it, vi } from "vitest";
import { createAuthRetryFetch } from "@/lib/auth-retry";

/** A stand-in server: answers 200 with what it received to the token in `valid`, 401 to any other. */
function server(valid: { token: string }) {
  const seen: { auth: string | null; method: string; body: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = await request.text();
    seen.push({ auth: request.headers.get("Authorization"), method: request.method, body });
    if (request.headers.get("Authorization") !== `Bearer ${valid.token}`) {
      return new Response(JSON.stringify({ code: "invalid_token" }), { status: 401 });
    }
    return new Response(JSON.stringify({ ok: true, body }), { status: 200 });
  });
  return { fetch, seen };
}

function withToken(token: string | null, init: RequestInit = {}): RequestInit {
  return { ...init, headers: token ? { Authorization: `Bearer ${token}` } : {} };
}

const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([promise.then(() => true, () => true), new Promise((r) => setTimeout(() => r(false), ms))]);

describe("401 → renew the session once → retry", () => {
  it("passes answers other than 401 through without renewing", async () => {
    const api = server({ token: "fresh" });
    const refresh = vi.fn(async () => "never");
    const retryFetch = createAuthRetryFetch({ fetch: api.fetch, getAccessToken: async () => "fresh", refresh, onSessionEnded: vi.fn() });
    const response = await retryFetch("http://api.test/api/v1/profile", withToken("fresh"));
    expect(response.status).toBe(200);
    expect(refresh).not.toHaveBeenCalled();
    expect(api.fetch).toHaveBeenCalledTimes(1);
  });

  it("returns a 401 to a request without a token as it is (nobody is signed in)", async () => {
    const api = server({ token: "fresh" });
    const refresh = vi.fn(async () => "fresh");
    const ended = vi.fn();
    const retryFetch = createAuthRetryFetch({ fetch: api.fetch, getAccessToken: async () => null, refresh, onSessionEnded: ended });
    const response = await retryFetch("http://api.test/api/v1/profile", withToken(null));
    expect(response.status).toBe(401);
    expect(refresh).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
  });

  it("renews an expired token and sends the same request again with the new one", async () => {
    const valid = { token: "fresh" };
    const api = server(valid);
    let held = "stale";
    const refresh = vi.fn(async () => (held = "fresh"));
    const ended = vi.fn();
    const retryFetch = createAuthRetryFetch({ fetch: api.fetch, getAccessToken: async () => held, refresh, onSessionEnded: ended });
    const response = await retryFetch("http://api.test/api/v1/profile",
      withToken("stale", { method: "PUT", body: JSON.stringify({ first_name: "Maya" }) }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, body: '{"first_name":"Maya"}' });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(api.seen.map((s) => [s.auth, s.method, s.body])).toEqual([
      ["Bearer stale", "PUT", '{"first_name":"Maya"}'],
      ["Bearer fresh", "PUT", '{"first_name":"Maya"}'],
    ]);
    expect(ended).not.toHaveBeenCalled();
  });

  it("shares one renewal among requests that fail together", async () => {
    const api = server({ token: "fresh" });
    let held = "stale";
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const refresh = vi.fn(async () => {
      await gate;
      return (held = "fresh");
    });
    const retryFetch = createAuthRetryFetch({ fetch: api.fetch, getAccessToken: async () => held, refresh, onSessionEnded: vi.fn() });
    const calls = ["profile", "income", "expenses", "savings"].map((p) => retryFetch(`http://api.test/api/v1/${p}`, withToken("stale")));
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20)); // every request has had its 401 by now
    release();
    const statuses = (await Promise.all(calls)).map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("uses a token another request already renewed instead of renewing again", async () => {
    const api = server({ token: "fresh" });
    const refresh = vi.fn(async () => "newer");
    const retryFetch = createAuthRetryFetch({ fetch: api.fetch, getAccessToken: async () => "fresh", refresh, onSessionEnded: vi.fn() });
    const response = await retryFetch("http://api.test/api/v1/profile", withToken("stale"));
    expect(response.status).toBe(200);
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("a session that cannot be renewed", () => {
  it("ends the session once and leaves the requests pending (no error to flash) until they are aborted", async () => {
    const api = server({ token: "fresh" });
    const refresh = vi.fn(async () => null); // the refresh token was revoked
    const ended = vi.fn();
    const retryFetch = createAuthRetryFetch({ fetch: api.fetch, getAccessToken: async () => "stale", refresh, onSessionEnded: ended });
    const controller = new AbortController();
    const first = retryFetch("http://api.test/api/v1/profile", withToken("stale", { signal: controller.signal }));
    const second = retryFetch("http://api.test/api/v1/income", withToken("stale"));
    expect(await settledWithin(first, 50)).toBe(false);
    expect(await settledWithin(second, 10)).toBe(false);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledTimes(1);
    controller.abort();
    await expect(first).rejects.toBeDefined();
  });

  it("ends the session when even the renewed token is refused", async () => {
    const api = server({ token: "nobody" });
    const refresh = vi.fn(async () => "fresh");
    const ended = vi.fn();
    const retryFetch = createAuthRetryFetch({ fetch: api.fetch, getAccessToken: async () => "stale", refresh, onSessionEnded: ended });
    const pending = retryFetch("http://api.test/api/v1/profile", withToken("stale"));
    expect(await settledWithin(pending, 50)).toBe(false);
    expect(api.fetch).toHaveBeenCalledTimes(2);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("treats a failing renewal like a refused one", async () => {
    const api = server({ token: "fresh" });
    const ended = vi.fn();
    const retryFetch = createAuthRetryFetch({ fetch: api.fetch, getAccessToken: async () => "stale",
      refresh: async () => { throw new Error("network down"); }, onSessionEnded: ended });
    expect(await settledWithin(retryFetch("http://api.test/api/v1/profile", withToken("stale")), 50)).toBe(false);
    expect(ended).toHaveBeenCalledTimes(1);
  });

  it("does not end again a session that is already gone here (signed out meanwhile)", async () => {
    const api = server({ token: "fresh" });
    const refresh = vi.fn(async () => "fresh");
    const ended = vi.fn();
    const retryFetch = createAuthRetryFetch({ fetch: api.fetch, getAccessToken: async () => null, refresh, onSessionEnded: ended });
    expect(await settledWithin(retryFetch("http://api.test/api/v1/profile", withToken("stale")), 50)).toBe(false);
    expect(refresh).not.toHaveBeenCalled();
    expect(ended).not.toHaveBeenCalled();
  });
});

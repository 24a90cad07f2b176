/** A fetch for our API that survives an expired access token: on a 401 to a signed-in request it renews the
 * session once (one renewal shared by every request that failed together) and sends the request again; when
 * the session cannot be renewed it ends the session and leaves the request pending while the page goes to
 * sign-in, so no "Failed to load ..." flashes up behind that. */

export interface AuthRetryOptions {
  /** The access token now held (it may already be a newer one than a failed request carried). */
  getAccessToken: () => Promise<string | null>;
  /** Renews the session: the new access token, or null when the session cannot be renewed. */
  refresh: () => Promise<string | null>;
  /** The session is over (revoked, expired beyond renewal, or refused after renewal). */
  onSessionEnded: () => Promise<void> | void;
  fetch?: typeof globalThis.fetch;
}

function bearer(request: Request): string | null {
  const header = request.headers.get("Authorization");
  return header?.toLowerCase().startsWith("bearer ") ? header.slice(7).trim() || null : null;
}

/** A promise that only settles if the request is aborted (React Query cancels a query by aborting). */
function pendingUntilAborted(signal: AbortSignal): Promise<Response> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

export function createAuthRetryFetch(options: AuthRetryOptions): typeof globalThis.fetch {
  const send = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let renewal: Promise<string | null> | null = null;
  let ending: Promise<void> | null = null;

  const renewOnce = (): Promise<string | null> => {
    renewal ??= options.refresh().catch(() => null).finally(() => { renewal = null; });
    return renewal;
  };
  const endOnce = (): Promise<void> => {
    ending ??= Promise.resolve().then(options.onSessionEnded).catch(() => undefined).finally(() => { ending = null; });
    return ending;
  };

  return async function authRetryFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const request = new Request(input, init);
    const sent = bearer(request);
    // Without a token there is no session to renew: a 401 then is the answer itself.
    if (!sent) return send(request);
    const spare = request.clone(); // a body can be read once; the retry needs its own
    const response = await send(request);
    if (response.status !== 401) return response;
    // The refused answer is never read: release it, or the browser keeps its body (sent no-store) pending.
    void response.body?.cancel().catch(() => undefined);

    // Another request may have renewed the session while this one was out: use that token, don't renew again.
    // No session held at all means it is already over here (signed out, or auth-js dropped it and said so).
    const held = await options.getAccessToken().catch(() => null);
    if (held) {
      const token = held !== sent ? held : await renewOnce();
      if (token) {
        spare.headers.set("Authorization", `Bearer ${token}`);
        const retried = await send(spare);
        if (retried.status !== 401) return retried;
        void retried.body?.cancel().catch(() => undefined);
      }
      await endOnce();
    }
    return pendingUntilAborted(request.signal);
  };
}

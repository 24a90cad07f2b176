/** The `next` parameter of /login: where to return after signing in, kept to this site's own pages. */

/** Pages `next` never points at: returning to a sign-in page after signing in would only bounce. */
const AUTH_PAGES = new Set(["/login", "/signup", "/auth-callback", "/forgot-password", "/reset-password"]);
const PROBE_ORIGIN = "https://next.invalid";

/**
 * `raw` as a same-origin path (path, query and hash), or null. Only a relative path starting with one "/" is
 * accepted: "//host", "/\host" (browsers read "\" as "/"), absolute URLs, control characters and whitespace
 * (browsers drop tabs and newlines, so "/\t/host" would become "//host") are refused, since following them would
 * send a person signing in to another site (an open redirect).
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048 || !raw.startsWith("/")) return null;
  if (raw.startsWith("//") || raw.startsWith("/\\")) return null;
  if (/[\s\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN || AUTH_PAGES.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** /login with `next` set to the page at `pathname` + `search`, to come back to after signing in. */
export function loginPathReturningTo(pathname: string, search = ""): string {
  const next = safeNextPath(`${pathname}${search}`);
  return next ? `/login?next=${encodeURIComponent(next)}` : "/login";
}

/** The safe `next` of a /login query string ("?next=..."), or null. */
export function nextFromSearch(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get("next"));
}

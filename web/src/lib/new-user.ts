/** Where SIGNED_IN and SIGNED_OUT send the user (spec section 4). */

/** Accounts younger than this are new and start in the onboarding wizard. */
export const NEW_USER_WINDOW_MS = 300_000;

const AUTH_ENTRY_PATHS = new Set(["/", "/login", "/signup", "/auth-callback"]);
const SIGNED_OUT_PATHS = new Set(["/", "/login", "/signup"]);

export function isNewAccount(createdAt: string | undefined | null, now = Date.now()): boolean {
  if (!createdAt) return false;
  const created = Date.parse(createdAt);
  return Number.isFinite(created) && now - created < NEW_USER_WINDOW_MS;
}

/** The path to go to after SIGNED_IN on `pathname`, or null to stay. */
export function signedInTarget(pathname: string, createdAt: string | undefined | null, now = Date.now()): string | null {
  if (!AUTH_ENTRY_PATHS.has(pathname)) return null;
  return isNewAccount(createdAt, now) ? "/onboarding/wizard" : "/fire-dashboard";
}

/** The path to go to after SIGNED_OUT on `pathname`, or null to stay. */
export function signedOutTarget(pathname: string): string | null {
  return SIGNED_OUT_PATHS.has(pathname) ? null : "/";
}

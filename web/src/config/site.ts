/** Site facts shown on public pages; a deployment sets them at build time (VITE_* variables), checked here. The
 * Contact and Careers pages show the address the server is configured with instead (GET /api/v1/site). */
const env = import.meta.env;

function email(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) throw new Error(`Invalid e-mail address in configuration: ${value}`);
  return value;
}

export const SITE = {
  name: "FIRE Path",
  contactEmail: email(env.VITE_CONTACT_EMAIL, "support@firepath.example"),
  privacyEmail: email(env.VITE_PRIVACY_EMAIL, "privacy@firepath.example"),
  securityEmail: email(env.VITE_SECURITY_EMAIL, "security@firepath.example"),
  /** The month the policies were last updated, shown in the page's language ("November 2026", "novembre 2026"). */
  lastUpdated: "2026-11-01",
};

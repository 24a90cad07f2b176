import { describe, expect, it } from "vitest";
import { isNewAccount, signedInTarget, signedOutTarget } from "@/lib/new-user";

const now = Date.parse("2026-01-01T12:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();

describe("SIGNED_IN / SIGNED_OUT navigation (spec section 4)", () => {
  it("treats accounts under 300000 ms old as new", () => {
    expect(isNewAccount(ago(299_999), now)).toBe(true);
    expect(isNewAccount(ago(300_000), now)).toBe(false);
    expect(isNewAccount(undefined, now)).toBe(false);
  });
  it("sends new accounts to the wizard and others to the dashboard, only from the entry pages", () => {
    for (const path of ["/", "/login", "/signup", "/auth-callback"]) {
      expect(signedInTarget(path, ago(60_000), now)).toBe("/onboarding/wizard");
      expect(signedInTarget(path, ago(3_600_000), now)).toBe("/fire-dashboard");
    }
    expect(signedInTarget("/reset-password", ago(60_000), now)).toBeNull();
    expect(signedInTarget("/settings", ago(3_600_000), now)).toBeNull();
  });
  it("goes to / on sign-out unless already on /, login or signup", () => {
    expect(signedOutTarget("/settings")).toBe("/");
    expect(signedOutTarget("/auth-callback")).toBe("/");
    for (const path of ["/", "/login", "/signup"]) expect(signedOutTarget(path)).toBeNull();
  });
});

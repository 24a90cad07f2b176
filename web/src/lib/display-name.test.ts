import { describe, expect, it } from "vitest";
import { displayName } from "@/lib/display-name";

describe("displayName (spec section 2)", () => {
  it("uses first and last name together", () => {
    expect(displayName({ firstName: "Maya", lastName: "Tremblay", fullName: "M T", email: "m@example.com" })).toBe("Maya Tremblay");
  });
  it("falls back to the first name alone", () => {
    expect(displayName({ firstName: "Maya", lastName: " ", email: "m@example.com" })).toBe("Maya");
  });
  it("ignores a last name without a first name and uses the account's full name", () => {
    expect(displayName({ lastName: "Tremblay", fullName: "Maya T.", email: "m@example.com" })).toBe("Maya T.");
  });
  it("then the e-mail, then 'User'", () => {
    expect(displayName({ email: "m@example.com" })).toBe("m@example.com");
    expect(displayName({})).toBe("User");
    expect(displayName({ firstName: "", fullName: "  ", email: null })).toBe("User");
  });
});

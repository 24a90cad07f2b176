import { describe, expect, it } from "vitest";
import { loginPathReturningTo, nextFromSearch, safeNextPath } from "@/lib/safe-next";

describe("safeNextPath: only this site's own pages", () => {
  it.each([
    ["/settings/income", "/settings/income"],
    ["/settings/income?x=1", "/settings/income?x=1"],
    ["/fire-dashboard?tab=a&b=2#cards", "/fire-dashboard?tab=a&b=2#cards"],
    ["/resources/what-is-fire", "/resources/what-is-fire"],
    ["/a/../settings", "/settings"],
  ])("keeps %s", (raw, kept) => {
    expect(safeNextPath(raw)).toBe(kept);
  });

  it.each([
    ["https://evil.example/x"],
    ["http://127.0.0.1:9/settings"],
    ["//evil.example/x"],
    ["///evil.example"],
    ["/\\evil.example"],
    ["\\\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    [" /settings"],
    ["javascript:alert(1)"],
    ["settings"],
    ["data:text/html,hi"],
    [""],
    [null],
    [undefined],
    ["/login"],
    ["/login?next=/settings"],
    ["/signup"],
    ["/auth-callback#access_token=x"],
  ])("refuses %j", (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });

  it("keeps an encoded // as a path on this site, never a host", () => {
    expect(safeNextPath("/%2F%2Fevil.example")).toBe("/%2F%2Fevil.example");
  });
});

describe("login path with next", () => {
  it("carries the page and its query, encoded, and reads it back", () => {
    const path = loginPathReturningTo("/settings/income", "?x=1&y=2");
    expect(path).toBe("/login?next=%2Fsettings%2Fincome%3Fx%3D1%26y%3D2");
    expect(nextFromSearch(path.slice("/login".length))).toBe("/settings/income?x=1&y=2");
  });

  it("drops a next it would not follow", () => {
    expect(loginPathReturningTo("/login", "?next=/x")).toBe("/login");
    expect(nextFromSearch("?next=%2F%2Fevil.example")).toBeNull();
    expect(nextFromSearch("?next=https%3A%2F%2Fevil.example")).toBeNull();
    expect(nextFromSearch("")).toBeNull();
  });
});

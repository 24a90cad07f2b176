import { afterEach, describe, expect, it } from "vitest";
import { AB_TESTS, getVariant, pickVariant, VISITOR_ID_KEY } from "@/lib/ab-tests";

const test = (name: string) => AB_TESTS.find((t) => t.name === name)!;

describe("A/B assignment by visitor hash (spec section 9)", () => {
  afterEach(() => localStorage.clear());

  it("is stable for a visitor and splits onboarding-flow about 60/40", () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `visitor-${i}`);
    const guided = ids.filter((id) => pickVariant(test("onboarding-flow"), id) === "guided").length / ids.length;
    expect(guided).toBeGreaterThan(0.37);
    expect(guided).toBeLessThan(0.43);
    expect(pickVariant(test("onboarding-flow"), "visitor-7")).toBe(pickVariant(test("onboarding-flow"), "visitor-7"));
  });

  it("splits dashboard-layout about 50/50", () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `v${i}`);
    const enhanced = ids.filter((id) => pickVariant(test("dashboard-layout"), id) === "enhanced").length / ids.length;
    expect(Math.abs(enhanced - 0.5)).toBeLessThan(0.03);
  });

  it("gives the first variant of a disabled test", () => {
    for (let i = 0; i < 50; i++) expect(pickVariant(test("calculator-interface"), `v${i}`)).toBe("minimal");
  });

  it("keeps a random visitor id and saves the assignment in browser storage", () => {
    const variant = getVariant("dashboard-layout");
    const visitor = localStorage.getItem(VISITOR_ID_KEY);
    expect(visitor).toBeTruthy();
    expect(localStorage.getItem("fire-path-ab-dashboard-layout")).toBe(variant);
    expect(variant).toBe(pickVariant(test("dashboard-layout"), visitor!));
    expect(getVariant("no-such-test")).toBeNull();
  });
});

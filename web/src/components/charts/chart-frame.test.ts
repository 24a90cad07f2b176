/** The charts' axis and tooltip formats follow the language shown, with no cents floor on the compact axis. */
import { describe, expect, it } from "vitest";
import { chartFormat } from "./chart-frame";

const NBSP = "\u00a0";

describe("chartFormat", () => {
  it("writes money, a compact money axis and counts the French way in fr-CA", () => {
    const { money, compact, count } = chartFormat("fr-CA");
    expect(money(1234.56)).toBe(`1${NBSP}235${NBSP}$`);
    expect(money("1234")).toBe(`1${NBSP}234${NBSP}$`);
    expect(compact(250000)).toBe(`250${NBSP}k${NBSP}$`);
    expect(compact(1_500_000)).toBe(`1,5${NBSP}M${NBSP}$`);
    expect(count(12345)).toBe(`12${NBSP}345`);
  });

  it("keeps the English formats in en-CA", () => {
    const { money, compact, count } = chartFormat("en-CA");
    expect(money(1234.56)).toBe("$1,235");
    expect(compact(250000)).toBe("$250K");
    expect(compact(1_500_000)).toBe("$1.5M");
    expect(count(12345)).toBe("12,345");
  });
});

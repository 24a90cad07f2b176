import { formatCurrency, formatDate, formatMonth, formatPercent } from "@firepath/shared/format";
import { creditScore, parseNumberInput, percentage, signUpSchema } from "@firepath/shared/validation";
import { describe, expect, it } from "vitest";

describe("shared formatting (CAD, en-CA)", () => {
  it("formats money in Canadian dollars", () => {
    expect(formatCurrency(1234.5)).toBe("$1,234.50");
    expect(formatCurrency("2500000", { wholeDollars: true })).toBe("$2,500,000");
    expect(formatCurrency(null)).toBe("—");
  });
  it("shows rates kept as fractions as percents, and dates in en-CA", () => {
    expect(formatPercent(0.04)).toBe("4%");
    expect(formatPercent(0.045)).toBe("4.5%");
    expect(formatDate("2026-07-01")).toBe("Jul 1, 2026");
    expect(formatMonth("2035-08-01")).toBe("August 2035"); // an FI date is a month
    expect(formatMonth(null)).toBe("—");
  });
});

describe("shared validation", () => {
  it("bounds credit scores to 300-900 and percentages to 0-100, naming the field", () => {
    expect(creditScore.safeParse(899).success).toBe(true);
    expect(creditScore.safeParse(250).error?.issues[0].message).toBe("Credit score must be between 300 and 900");
    expect(percentage("Savings rate").safeParse(101).error?.issues[0].message).toBe("Savings rate must be between 0 and 100");
  });
  it("needs matching passwords of at least 8 characters at sign-up", () => {
    expect(signUpSchema.safeParse({ email: "a@b.ca", password: "short", confirmPassword: "short" }).success).toBe(false);
    const mismatch = signUpSchema.safeParse({ email: "a@b.ca", password: "long-enough", confirmPassword: "other-one" });
    expect(mismatch.error?.issues[0].message).toBe("Passwords do not match");
    expect(signUpSchema.safeParse({ email: "a@b.ca", password: "long-enough", confirmPassword: "long-enough" }).success).toBe(true);
  });
  it("parses typed amounts", () => {
    expect(parseNumberInput("$1,234.50")).toBe(1234.5);
    expect(parseNumberInput("  ")).toBeNull();
    expect(Number.isNaN(parseNumberInput("abc"))).toBe(true);
    expect(parseNumberInput("-12.5")).toBe(-12.5);
    expect(parseNumberInput(".5")).toBe(0.5);
  });
  it("refuses what people do not type as amounts: exponents, hex, infinity", () => {
    for (const odd of ["1e6", "2E3", "0x10", "Infinity", "1.2.3", "--5"]) expect(Number.isNaN(parseNumberInput(odd))).toBe(true);
  });
});

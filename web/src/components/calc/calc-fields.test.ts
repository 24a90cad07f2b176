import { describe, expect, it } from "vitest";
import { checkField, checkFields, type NumField, toRaw } from "@firepath/shared/calc-fields";

const money: NumField = { name: "principal", label: "Loan amount", kind: "money", required: true };
const rate: NumField = { name: "rate", label: "Interest rate", kind: "percent", min: 0, max: 100 };
const years: NumField = { name: "years", label: "Amortization", kind: "integer", min: 1, max: 40, required: true };
const growth: NumField = { name: "ret", label: "Return", kind: "percent", above: -100, max: 100 };

describe("checkField", () => {
  it("parses money with commas and a dollar sign", () => {
    expect(checkField(money, "$300,000.50")).toEqual({ value: 300000.5 });
  });
  it("requires required fields and leaves optional ones null", () => {
    expect(checkField(money, "")).toEqual({ error: "Loan amount is required" });
    expect(checkField(rate, " ")).toEqual({ value: null });
  });
  it("refuses text, negatives, fractions of whole numbers and values out of range", () => {
    expect(checkField(money, "abc").error).toBe("Loan amount must be a number");
    expect(checkField(money, "-5").error).toBe("Loan amount cannot be negative");
    expect(checkField(years, "25.5").error).toBe("Amortization must be a whole number");
    expect(checkField(years, "41").error).toBe("Amortization must be at least 1 and at most 40");
    expect(checkField(rate, "101").error).toBe("Interest rate must be at least 0% and at most 100%");
    expect(checkField(growth, "-100").error).toBe("Return must be above -100% and at most 100%");
  });
  it("sends percents as fractions", () => {
    expect(checkField(rate, "4.5")).toEqual({ value: 0.045 });
    expect(toRaw(rate, 0.045)).toBe("4.5");
    expect(toRaw(rate, 0.07)).toBe("7");
  });
});

describe("checkFields", () => {
  it("collects every error by field name", () => {
    const r = checkFields([money, years, rate], { principal: "", years: "0", rate: "5" });
    expect(r.ok).toBe(false);
    expect(r.errors).toEqual({ principal: "Loan amount is required", years: "Amortization must be at least 1 and at most 40" });
    expect(checkFields([money, rate], { principal: "1000", rate: "5" })).toEqual({ values: { principal: 1000, rate: 0.05 }, errors: {}, ok: true });
  });
});

describe("decimal commas", () => {
  it("refuses 4,5 for a rate instead of reading it as 45%", () => {
    expect(checkField(rate, "4,5")).toEqual({ error: "Interest rate must be a number: use a point for decimals (12.50)" });
    expect(checkField(money, "300 000,50")).toEqual({ error: "Loan amount must be a number: use a point for decimals (12.50)" });
    expect(checkField(rate, "4.5")).toEqual({ value: 0.045 });
    expect(checkField(money, "1,300,000")).toEqual({ value: 1300000 });
  });
});

import { describe, expect, it } from "vitest";
import { checkField, type FieldDef, fromForm, toForm, typedNumber, validate } from "@firepath/shared/form-kit";

const f = (kind: FieldDef["kind"], extra: Partial<FieldDef> = {}): FieldDef => ({ name: "x", label: "Amount", kind, ...extra });

describe("settings form kit: values to and from the API", () => {
  it("shows rates as percents and sends them back as fractions", () => {
    const fields = [f("rate", { name: "r" })];
    expect(toForm({ r: 0.0325 }, fields)).toEqual({ r: "3.25" });
    expect(fromForm({ r: "3.25" }, fields)).toEqual({ r: 0.0325 });
  });
  it("sends empty numbers as null, or 0 when the field says so, and parses 1,234.50", () => {
    const fields = [f("money", { name: "a" }), f("money", { name: "b", emptyAsZero: true }), f("money", { name: "c" })];
    expect(fromForm({ a: "", b: "", c: "$1,234.50" }, fields)).toEqual({ a: null, b: 0, c: 1234.5 });
  });
  it("trims text, sends empty text and dates as null, keeps checkboxes and multi-selects", () => {
    const fields = [f("text", { name: "t" }), f("date", { name: "d" }), f("checkbox", { name: "c" }), f("multi", { name: "m" })];
    expect(fromForm({ t: "  Avery ", d: "", c: true, m: ["credit"] }, fields)).toEqual({ t: "Avery", d: null, c: true, m: ["credit"] });
    expect(toForm(null, fields)).toEqual({ t: "", d: "", c: false, m: [] });
  });
});

describe("settings form kit: checks mirror the API's bounds, naming the field", () => {
  it("money is at least 0", () => {
    expect(checkField(f("money"), "-1")).toBe("Amount cannot be negative");
    expect(checkField(f("money"), "abc")).toBe("Amount must be a number");
    expect(checkField(f("money"), "0")).toBeNull();
    expect(checkField(f("signed-money"), "-250")).toBeNull();
  });
  it("percentages are 0 to 100, ages 0 to 120, credit scores 300 to 900", () => {
    expect(checkField(f("percent", { label: "Needs" }), "101")).toBe("Needs must be between 0 and 100");
    expect(checkField(f("age", { label: "Age" }), "150")).toBe("Age must be between 0 and 120");
    expect(checkField(f("age", { label: "Age" }), "34.5")).toBe("Age must be a whole number");
    expect(checkField(f("credit-score"), "250")).toBe("Credit score must be between 300 and 900");
    expect(checkField(f("credit-score"), "760")).toBeNull();
  });
  it("ints and rates use their own bounds", () => {
    expect(checkField(f("int", { label: "Payment due day", min: 1, max: 31 }), "32")).toBe("Payment due day must be between 1 and 31");
    expect(checkField(f("rate", { label: "Interest rate", min: 0, max: 100 }), "-1")).toBe("Interest rate must be between 0 and 100");
  });
  it("required, e-mail, length and choices", () => {
    expect(checkField(f("text", { label: "Account name", required: true }), " ")).toBe("Account name is required");
    expect(checkField(f("email", { label: "Email" }), "not-an-email")).toBe("Enter a valid email address");
    expect(checkField(f("text", { label: "City", maxLength: 3 }), "Ottawa")).toBe("City must be at most 3 characters");
    expect(checkField(f("select", { label: "Province", options: [{ value: "ON", label: "Ontario" }] }), "XX")).toBe("Choose a province");
  });
  it("validate collects one message per field", () => {
    const fields = [f("money", { name: "a" }), f("age", { name: "b", label: "Age" }), f("text", { name: "c" })];
    expect(validate({ a: "-5", b: "200", c: "fine" }, fields)).toEqual({ a: "Amount cannot be negative", b: "Age must be between 0 and 120" });
  });
});

describe("settings form kit: decimal commas", () => {
  it("refuses a decimal comma instead of dropping it (12,5 is not 125, 4 500,50 is not 450050)", () => {
    for (const raw of ["12,5", "4 500,50", "1,5", "12,50$", "1,2345"]) {
      expect(checkField(f("money"), raw)).toBe("Amount must be a number: use a point for decimals (12.50)");
    }
    expect(checkField(f("percent"), "7,5")).toBe("Amount must be a number: use a point for decimals (12.50)");
  });
  it("still takes commas as thousands separators", () => {
    for (const raw of ["1,234.56", "$12,345", "1,000,000", "4 500.50"]) expect(checkField(f("money"), raw)).toBeNull();
    expect(fromForm({ x: "1,234,567.5" }, [f("money")])).toEqual({ x: 1234567.5 });
  });
  it("does not read a decimal comma as a number meanwhile, so live totals never count 12,5 as 125", () => {
    expect(typedNumber("12,5")).toBeNull();
    expect(typedNumber("4 500,50")).toBeNull();
    expect(typedNumber("abc")).toBeNull();
    expect(typedNumber("$1,200.50")).toBe(1200.5);
    expect(fromForm({ x: "12,5" }, [f("money")])).toEqual({ x: null });
  });
});

describe("settings form kit: dates", () => {
  it("refuses the year 0030 that a two-digit year typed into the date field gives", () => {
    const d = f("date", { label: "Target date" });
    expect(checkField(d, "0030-03-15")).toBe("Target date must be between 1900 and 2200");
    expect(checkField(d, "2201-01-01")).toBe("Target date must be between 1900 and 2200");
    expect(checkField(d, "2030-03-15")).toBeNull();
    expect(checkField(d, "1999-12-31")).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { parseCashFlows } from "./cash-flows";

describe("parseCashFlows", () => {
  it("reads one periodic flow a line, the first now", () => {
    expect(parseCashFlows("-10000\n 3,000 \n\n$4200.50\n")).toEqual({ flows: [-10000, 3000, 4200.5], dated: [] });
  });

  it("reads dated flows with a comma, a semicolon or spaces after the date", () => {
    const parsed = parseCashFlows("2008-01-01, -10000\n2008-03-01;2750\n2008-10-30 4250");
    expect(parsed.error).toBeUndefined();
    expect(parsed.dated).toEqual([
      { on: "2008-01-01", amount: -10000 }, { on: "2008-03-01", amount: 2750 }, { on: "2008-10-30", amount: 4250 },
    ]);
  });

  it("refuses a mix of kinds, impossible dates, decimal commas and words, naming the line", () => {
    expect(parseCashFlows("-100\n2008-01-01, 50").error).toBe("Give every line a date, or none");
    expect(parseCashFlows("2024-02-30, 5").error).toBe("Line 1: 2024-02-30 is not a date");
    expect(parseCashFlows("-100\n12,5").error).toMatch(/^Line 2: the amount must be a number: use a point/);
    expect(parseCashFlows("-100\nlots").error).toBe('Line 2: "lots" is not an amount');
  });
});

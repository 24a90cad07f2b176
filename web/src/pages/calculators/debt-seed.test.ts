import { describe, expect, it } from "vitest";
import { debtSeed, SAMPLE } from "./debt-seed";

describe("debtSeed", () => {
  it("takes the API's cards and lines as rows, rates as percents, and a budget of the minimums", () => {
    const seed = debtSeed({
      debts: [
        { name: "Aeroplan Visa Infinite", kind: "card", balance: 1240.56, annual_rate: 0.2099, rate_assumed: false, minimum_payment: 37.22 },
        { name: "Student line", kind: "line", balance: 200, annual_rate: 0.07, rate_assumed: true, minimum_payment: 10 },
      ],
      notes: [],
    }, 7);
    expect(seed).toEqual({
      debts: [
        { id: 7, name: "Aeroplan Visa Infinite", balance: "1240.56", rate: "20.99", minimum: "37.22" },
        { id: 8, name: "Student line", balance: "200", rate: "7", minimum: "10" },
      ],
      budget: "48",
    });
  });

  it("gives nothing when no card or line has a balance", () => {
    expect(debtSeed({ debts: [], notes: [] })).toBeNull();
  });

  it("has an example whose highest-rate debt is not its smallest, so the avalanche saves something", () => {
    const rows = SAMPLE.debts.map((d) => ({ balance: Number(d.balance), rate: Number(d.rate) }));
    const highestRate = [...rows].sort((a, b) => b.rate - a.rate)[0];
    const smallest = [...rows].sort((a, b) => a.balance - b.balance)[0];
    expect(highestRate).not.toBe(smallest);
    const minimums = SAMPLE.debts.reduce((s, d) => s + Number(d.minimum), 0);
    expect(Number(SAMPLE.budget)).toBeGreaterThan(minimums); // room for the extra to go to the target debt
  });
});

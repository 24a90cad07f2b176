import { describe, expect, it } from "vitest";
import { debtSeed, SAMPLE_BUDGET, SAMPLE_DEBTS, sampleSeed } from "./debt-seed";
import { EN_CA } from "@firepath/shared/i18n/en-CA";
import { FR_CA } from "@firepath/shared/i18n/fr-CA";
import { createIntl, createIntlCache } from "react-intl";
import { englishI18n, i18nOf } from "@/lib/i18n";

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
    const rows = SAMPLE_DEBTS.map((d) => ({ balance: d.balance, rate: d.rate }));
    const highestRate = [...rows].sort((a, b) => b.rate - a.rate)[0];
    const smallest = [...rows].sort((a, b) => a.balance - b.balance)[0];
    expect(highestRate).not.toBe(smallest);
    const minimums = SAMPLE_DEBTS.reduce((s, d) => s + d.minimum, 0);
    expect(SAMPLE_BUDGET).toBeGreaterThan(minimums); // room for the extra to go to the target debt
  });

  it("writes the example in the page's language: French names, and rates with a decimal comma", () => {
    const french = i18nOf(createIntl({ locale: "fr-CA", messages: { ...EN_CA, ...FR_CA } }, createIntlCache()));
    expect(sampleSeed(french).debts.map((d) => [d.name, d.rate])).toEqual([["Carte de crédit", "19,99"], ["Prêt auto", "6,9"], ["Marge de crédit", "9,45"]]);
    expect(sampleSeed(englishI18n).debts.map((d) => [d.name, d.rate])).toEqual([["Credit card", "19.99"], ["Car loan", "6.9"], ["Line of credit", "9.45"]]);
  });

  it("writes the user's rates and cents with a decimal comma in French", () => {
    const seed = debtSeed({ debts: [{ name: "Visa", kind: "card", balance: 1240.5, annual_rate: 0.2099, rate_assumed: false, minimum_payment: 37 }], notes: [] }, 1, "fr-CA");
    expect(seed?.debts[0]).toMatchObject({ balance: "1240,50", rate: "20,99", minimum: "37" });
  });
});

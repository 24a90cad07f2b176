import { describe, expect, it } from "vitest";
import { itemsTotal, SAVING_LABEL, SAVINGS_SUMMARY_FIELDS as SUMMARY_FIELDS } from "@firepath/shared/settings-fields";

describe("savings settings", () => {
  it("asks the monthly saving once, in the wizard's words", () => {
    expect(SUMMARY_FIELDS.filter((f) => /month/i.test(f.label)).map((f) => [f.name, f.label])).toEqual([["monthly_savings", SAVING_LABEL]]);
  });

  it("adds up the Savings page's monthly items to the cent, leaving out amounts not yet typed as numbers", () => {
    const rows = [{ values: { amount: "0.1" } }, { values: { amount: "0.2" } }, { values: { amount: "12,5" } }, { values: { amount: "" } }, { values: { amount: "1200" } }];
    expect(itemsTotal(rows)).toBe(1200.3);
  });
});

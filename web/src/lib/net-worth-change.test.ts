import { describe, expect, it } from "vitest";
import { netWorthChange } from "@/lib/net-worth-change";

describe("net-worth change", () => {
  it("is the last snapshot minus the first", () => {
    const change = netWorthChange([
      { taken_on: "2026-01-31", assets: 100, liabilities: 40, net_worth: 60 },
      { taken_on: "2026-02-28", assets: 120, liabilities: 50, net_worth: 70 },
      { taken_on: "2026-03-31", assets: 90, liabilities: 45, net_worth: 45 },
    ]);
    expect(change).toEqual({ first: 60, last: 45, delta: -15, firstDate: "2026-01-31", lastDate: "2026-03-31" });
  });

  it("is null without snapshots", () => {
    expect(netWorthChange([])).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { emergencyMonths, emergencyStatus, needsSetup, savingsRateStatus } from "@/lib/plan-checks";
import { agesText, countdown } from "@/pages/dashboard/dashboard-model";
import { SUMMARY } from "@/test/plan-fixtures";

describe("savings rate and emergency fund checks", () => {
  it("rates the savings rate against 20%", () => {
    expect(savingsRateStatus(0.25)).toBe("good");
    expect(savingsRateStatus(0.2)).toBe("good");
    expect(savingsRateStatus(0.1)).toBe("warn");
    expect(savingsRateStatus(-0.1)).toBe("bad");
    expect(savingsRateStatus(null)).toBe("unknown");
  });

  it("counts the emergency fund in months of expenses, 3 to 6 being the target", () => {
    expect(emergencyMonths(12_000, 4000)).toBe(3);
    expect(emergencyMonths(null, 4000)).toBeNull();
    expect(emergencyMonths(1000, 0)).toBeNull();
    expect(emergencyStatus(3)).toBe("good");
    expect(emergencyStatus(1)).toBe("warn");
    expect(emergencyStatus(0)).toBe("bad");
    expect(emergencyStatus(null)).toBe("unknown");
  });
});

describe("how the plan summary reads", () => {
  it("asks for the setup while the plan has no spending (the API then calls anyone independent)", () => {
    expect(needsSetup(SUMMARY)).toBe(false);
    expect(needsSetup({ ...SUMMARY, spending: 0, fi_date: "2026-11-01", months_to_fi: 0 })).toBe(true);
  });

  it("writes the months to FI as years and months from now", () => {
    expect(countdown(105)).toBe("8 years and 9 months from now");
    expect(countdown(12)).toBe("1 year from now");
    expect(countdown(1)).toBe("1 month from now");
    expect(countdown(0)).toBe("now");
    expect(countdown(null)).toBeNull();
  });

  it("writes the FI ages as the headline does", () => {
    expect(agesText([42.75, 44.75])).toBe("42 and 44");
    expect(agesText([51])).toBe("51");
    expect(agesText(null)).toBeNull();
  });
});

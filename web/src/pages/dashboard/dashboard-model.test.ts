import { describe, expect, it } from "vitest";
import type { Plan } from "@/api/plan";
import type { Snapshot } from "@/api/snapshot";
import {
  emergencyMonths,
  emergencyStatus,
  fireProgress,
  formatYears,
  nextBestActions,
  savingsRateStatus,
} from "@/pages/dashboard/dashboard-model";

function section(key: string, label: string, group: "Essential" | "Important" | "Optional", score: number) {
  return { key, label, group, route: `/settings/${key}`, score, badge: score >= 100 ? "Complete" : score > 0 ? "In Progress" : "Not Started" } as const;
}

function snapshot(over: Partial<Snapshot> = {}): Snapshot {
  return {
    total_monthly_income: 6000,
    expenses: { needs: 3000, wants: 1500, bad_habits: 300, total: 4800 },
    monthly_surplus: 1200,
    savings_rate: 0.2,
    annual_expenses: 57600,
    fire_multiplier: 25,
    fire_number: 1_440_000,
    net_worth: { assets: 100_000, liabilities: 20_000, net_worth: 80_000 },
    completion: {
      overall: 50, badge: "In Progress",
      sections: [section("profile", "Personal Profile", "Essential", 100), section("goals", "Financial Goals", "Important", 0),
        section("income", "Income Sources", "Essential", 40), section("credit", "Credit Management", "Optional", 0)],
    },
    ...over,
  } as Snapshot;
}

function plan(fiDate: string | null, debts = 0): Plan {
  return {
    plan: { fire: { fi_date: fiDate, months_to_fi: fiDate ? 120 : null } },
    inputs: { debts },
    missing: [],
  } as unknown as Plan;
}

describe("dashboard figures", () => {
  it("progress is invested assets over the FIRE number, capped at 1", () => {
    expect(fireProgress(360_000, 1_440_000)).toBe(0.25);
    expect(fireProgress(2_000_000, 1_440_000)).toBe(1);
    expect(fireProgress(-5, 1_440_000)).toBe(0);
    expect(fireProgress(undefined, 1_440_000)).toBeNull();
    expect(fireProgress(1000, 0)).toBeNull();
  });

  it("savings rate is on target from 20%", () => {
    expect(savingsRateStatus(0.2)).toBe("good");
    expect(savingsRateStatus(0.19)).toBe("warn");
    expect(savingsRateStatus(-0.1)).toBe("bad");
    expect(savingsRateStatus(null)).toBe("unknown");
  });

  it("emergency fund is counted in months of total expenses, 3 or more on target", () => {
    expect(emergencyMonths(14_400, 4800)).toBe(3);
    expect(emergencyStatus(emergencyMonths(14_400, 4800))).toBe("good");
    expect(emergencyStatus(emergencyMonths(4800, 4800))).toBe("warn");
    expect(emergencyStatus(emergencyMonths(0, 4800))).toBe("bad");
    expect(emergencyMonths(1000, 0)).toBeNull();
    expect(emergencyStatus(null)).toBe("unknown");
  });

  it("formats years to FI", () => {
    expect(formatYears(12.34)).toBe("12.3 years");
    expect(formatYears(0.5)).toBe("6 months");
    expect(formatYears(null)).toBe("Not within the plan");
  });
});

describe("next best actions", () => {
  it("puts unfinished essentials first, skips complete sections, and stops at the limit", () => {
    const actions = nextBestActions({ snapshot: snapshot() }, 3);
    expect(actions.map((a) => a.id)).toEqual(["complete-income", "complete-goals", "complete-credit"]);
    expect(actions[0]).toMatchObject({ title: "Finish Income Sources", to: "/settings/income" });
    expect(actions[1].title).toBe("Add Financial Goals");
  });

  it("adds the savings-rate and emergency-fund steps when they are below target", () => {
    const ids = nextBestActions({ snapshot: snapshot({ savings_rate: 0.1 }), emergencyFund: 4800 }, 10).map((a) => a.id);
    expect(ids).toContain("savings-rate");
    expect(ids).toContain("emergency-fund");
    expect(ids.indexOf("savings-rate")).toBeLessThan(ids.indexOf("complete-goals"));
  });

  it("reads the plan: no FI date sends to the what-ifs, consumer debt to credit, a date to the account advice", () => {
    const none = nextBestActions({ snapshot: snapshot(), plan: plan(null, 1500) }, 10).map((a) => a.id);
    expect(none).toEqual(expect.arrayContaining(["fi-not-reached", "debts"]));
    expect(none).not.toContain("optimize");
    const dated = nextBestActions({ snapshot: snapshot(), plan: plan("2040-01-01") }, 10).map((a) => a.id);
    expect(dated).toContain("optimize");
    expect(dated).not.toContain("fi-not-reached");
    expect(dated).not.toContain("debts");
  });

  it("quotes the saving needed for FI by the retirement age when the plan falls short", () => {
    const needed = { months: 216, target_date: "2044-11-01", target_age: 52, monthly_savings_needed: 5232, current_monthly_savings: 5148,
      savings_difference: 84, share_of_income: 0.4023, fire_number: 2357100, fire_number_at_target: 3366000, on_track: false,
      target: "by age 52", missing: [] };
    const action = nextBestActions({ snapshot: snapshot(), plan: plan(null), savingsNeeded: needed }, 10).find((a) => a.id === "fi-not-reached");
    expect(action?.detail).toBe("Saving $84 more a month reaches your FIRE number by 52; the what-if sliders on Analysis show other ways.");
    const onTrack = nextBestActions({ snapshot: snapshot(), plan: plan(null), savingsNeeded: { ...needed, on_track: true, savings_difference: -10 } }, 10);
    expect(onTrack.find((a) => a.id === "fi-not-reached")?.detail).toContain("try the what-if sliders");
  });

  it("suggests investing an emergency fund far above 6 months", () => {
    const ids = nextBestActions({ snapshot: snapshot(), emergencyFund: 4800 * 12 }, 10).map((a) => a.id);
    expect(ids).toContain("emergency-excess");
  });
});

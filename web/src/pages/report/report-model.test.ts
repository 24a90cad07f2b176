import { describe, expect, it } from "vitest";
import { buildReportPdf } from "@/pages/report/report-pdf";
import { type Plan, reportModel, type Snapshot, yearlyPoints } from "@/pages/report/report-model";

const point = (month: number, netWorth: number) => ({
  month, date: `${2026 + Math.floor(month / 12)}-11-01`, age: 34 + month / 12, income: 13005, expenses: 7857, contribution: 5148,
  balances: { tfsa: 1 }, investable: netWorth, net_worth: netWorth, net_worth_real: netWorth * 0.9, fire_number: 2357100, retired: false,
});

const snapshot = {
  total_monthly_income: 13005, expenses: { needs: 6674, wants: 1183, bad_habits: 275, total: 7857 }, monthly_surplus: 5148,
  savings_rate: 0.3958, annual_expenses: 94284, fire_multiplier: 25, fire_number: 2357100,
  net_worth: { assets: 1418400, liabilities: 613858.76, net_worth: 804541.24 },
  completion: { overall: 100, badge: "Complete", sections: [] },
} as Snapshot;

const plan = {
  plan: {
    fire: {
      fire_number: 2357100, lean_fire_number: 1649970, fat_fire_number: 3535650, coast_fire_number: 1179439.11, barista_fire_number: 2357100,
      coast_reached: false, withdrawal_rate: 0.04, savings_rate: 0.395848, months_to_fi: 206, years_to_fi: 17.2, fi_date: "2044-01-01", fi_age: 51.2,
    },
    points: [point(0, 331541.24), point(6, 380000), point(12, 422249), point(24, 524028), point(30, 580000)],
    net_worth_at_retirement: 3118629.06, depleted_date: null, ending_net_worth: 3827318.73, ending_net_worth_real: 2112951.25,
    retirement_outlook: { success_rate: 0.93, paths: 1000, years: 40, starting_balance_real: 1, annual_spending_real: 1, median_ending_balance_real: 1 },
    assumptions: {
      rates: { investment_return_rate: 0.06, inflation_rate: 0.02 }, tax_year: 2026,
      limits: { fire_rule_multiplier: 25, max_projection_years: 30, retirement_age: 52 },
      data_source: ["the inputs given"], notes: ["Effective annual rates, applied monthly; amounts are after tax."],
    },
  },
  inputs: {
    start_date: "2026-11-01", current_age: 34, monthly_income: 13005, monthly_expenses: 7857, monthly_savings: null,
    contribution_split: { tfsa: 40, rrsp: 45, fhsa: 0, non_registered: 15 }, balances: { tfsa: 109700, rrsp: 170900, fhsa: 0, non_registered: 9800, cash: 43000 },
    debts: 1858.76, future_plans: { income_growth_rate: 0.03, side_hustle_date: "2027-01-01", side_hustle_amount: 800 }, monte_carlo_paths: 1000,
  },
  missing: ["credit"],
} as unknown as Plan;

const value = (rows: { label: string; value: string }[], label: string) => rows.find((r) => r.label === label)?.value;

describe("FIRE report model", () => {
  const model = reportModel(snapshot, plan);

  it("shows the API's FIRE number in whole dollars", () => {
    expect(model.fireNumber).toBe("$2,357,100");
    expect(value(model.snapshot, "Net worth")).toBe("$804,541");
    expect(value(model.snapshot, "Savings rate (target 20% or more)")).toBe("39.6%");
  });

  it("lists every assumption: rates, limits, tax year, inputs, balances, split and future plans", () => {
    expect(value(model.assumptions, "Investment return (yearly)")).toBe("6%");
    expect(value(model.assumptions, "Inflation (yearly)")).toBe("2%");
    expect(value(model.assumptions, "FIRE multiplier")).toBe("25 × yearly spending");
    expect(value(model.assumptions, "Target retirement age")).toBe("52");
    expect(value(model.assumptions, "Tax year")).toBe("2026");
    expect(value(model.assumptions, "Monthly savings used")).toBe("Income minus expenses ($5,148)");
    expect(value(model.assumptions, "Starting balance: RRSP")).toBe("$170,900");
    expect(value(model.assumptions, "Contribution split")).toBe("TFSA 40%, RRSP 45%, FHSA 0%, Non-registered 15%");
    expect(value(model.assumptions, "Future plan: Side income (monthly)")).toBe("$800");
    expect(value(model.assumptions, "Future plan: Income growth")).toBe("3%");
    expect(model.notes).toHaveLength(1);
    expect(model.missing).toEqual(["credit"]);
  });

  it("states the plan, with the Monte Carlo success rate when there is one", () => {
    expect(value(model.plan, "Financial independence date")).toBe("Jan 1, 2044");
    expect(value(model.plan, "Retirement success rate (Monte Carlo)")).toBe("93% of 1,000 paths over 40 years");
    expect(value(model.plan, "Savings run out")).toBe("Not within the projection");
  });

  it("keeps one projection row per year and the last month", () => {
    expect(yearlyPoints(plan.plan.points).map((y) => [y.year, y.age])).toEqual([[2026, 34], [2027, 35], [2028, 36], [2028, 36]]);
    expect(model.years.at(-1)?.netWorth).toBe(580000);
  });

  it("builds a PDF that holds the FIRE number", () => {
    const pdf = buildReportPdf(model, "Maya Chen", new Date("2026-11-23T12:00:00Z"));
    const text = new TextDecoder("latin1").decode(pdf.output("arraybuffer"));
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).toContain("$2,357,100");
    expect(text).toContain("Maya Chen");
    expect(text).toContain("Assumptions");
  });
});

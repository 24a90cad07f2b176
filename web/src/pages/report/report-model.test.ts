import { describe, expect, it } from "vitest";
import type { HouseholdPlan, PlanSummary } from "@/api/plan";
import { chartSummary, reportModel } from "@/pages/report/report-model";
import { buildReportPdf } from "@/pages/report/report-pdf";
import { demoHousehold, demoSummary } from "@/test/demo-plan-fixtures";

const value = (rows: { label: string; value: string }[], label: string) => rows.find((r) => r.label === label)?.value;

describe("FIRE report model", () => {
  const model = reportModel(demoSummary, demoHousehold);

  it("shows the plan summary's FI date and FIRE number, with the rule of thumb labelled as such", () => {
    expect(model.fiDate).toBe("August 2035");
    expect(model.fireNumber).toBe("$1,551,737");
    expect(value(model.keyFigures, "FIRE number (taxes, CPP and OAS counted)")).toBe("$1,551,737");
    expect(value(model.keyFigures, "Rule of thumb: 25 × yearly spending (for comparison only)")).toBe("$2,357,100");
    expect(value(model.keyFigures, "Age at financial independence")).toBe("Maya 42, Daniel 44");
    expect(model.headline).toBe(demoSummary.headline);
    expect(model.target).toBe("On track for 52: independent 9 years and 3 months before it.");
  });

  it("takes net worth, the success rate with its question, lifetime tax and estate from the summary", () => {
    expect(value(model.today, "Net worth")).toBe("$804,541");
    expect(value(model.today, "Investable savings")).toBe("$319,200");
    expect(model.successRate).toBe("99.2%");
    expect(model.successQuestion).toMatch(/^How often does the plan pay its spending/);
    expect(value(model.keyFigures, "Lifetime tax (today's dollars)")).toBe("$2,964,216");
    expect(value(model.keyFigures, "Estate at the horizon (after tax)")).toBe("$9,851,650");
  });

  it("lists what the plan was built from, how it works and what it had to assume", () => {
    expect(value(model.assumptions, "Province")).toBe("Ontario");
    expect(value(model.assumptions, "Maya: pay (gross, yearly)")).toBe("$118,000");
    expect(value(model.assumptions, "Daniel: retirement age")).toBe("54");
    expect(value(model.assumptions, "Return (yearly, before inflation)")).toBe("6%");
    expect(value(model.assumptions, "Savings split")).toBe("TFSA 40%, RRSP 45%, Non-registered 15%");
    expect(model.notes).toEqual(demoHousehold.assumptions);
    expect(model.missing).toEqual(demoSummary.missing);
    expect(model.empty).toBe(false);
  });

  it("charts the summary's yearly series and tabulates the household plan's years", () => {
    expect(model.chart[0]).toEqual({ year: 2026, netWorth: demoSummary.net_worth[0], investable: demoSummary.investable[0] });
    expect(model.years).toHaveLength(demoHousehold.years.length);
    expect(model.years[0]).toMatchObject({ year: 2026, ages: "34 / 36", tax: 33662.16, netWorth: 892792.76 });
    expect(model.fiYear).toBe(2035);
    expect(chartSummary(model)).toContain("Financial independence in August 2035, with $1,551,737 invested.");
    expect(model.nextActions.map((a) => a.route)).toEqual(["/settings/credit", "/analysis"]);
  });

  it("says when the plan does not reach FI, and treats a plan without spending as empty", () => {
    const short = { ...demoSummary, fi_date: null, fi_ages: null, months_to_fi: null, fire_number: null, progress: null } as PlanSummary;
    const m = reportModel(short, demoHousehold);
    expect(m.fiDate).toBeNull();
    expect(value(m.keyFigures, "Financial independence")).toBe("Not reached before the plan's horizon");
    expect(reportModel({ ...demoSummary, spending: 0 } as PlanSummary, { ...demoHousehold, missing: ["dépenses"] } as HouseholdPlan).empty).toBe(true);
    expect(reportModel(demoSummary, demoHousehold).empty).toBe(false);
  });

  it("builds a PDF that holds the FI date, the FIRE number and the assumptions", () => {
    const pdf = buildReportPdf(model, "Maya Chen", new Date("2026-11-23T12:00:00Z"));
    const text = new TextDecoder("latin1").decode(pdf.output("arraybuffer"));
    expect(text.startsWith("%PDF-")).toBe(true);
    expect(text).toContain("$1,551,737");
    expect(text).toContain("August 2035");
    expect(text).toContain("Maya Chen");
    expect(text).toContain("Assumptions");
    expect(text).toContain("Rule of thumb");
    expect(text).toContain("/Lang (en-CA)"); // the document says its language
  });
});

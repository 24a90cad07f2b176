import { describe, expect, it } from "vitest";
import { diffRows, fieldKind, formatField, headlineFigures, receiptLines, screenLinkOf, suggestedPrompts, toolLabel } from "@firepath/shared/coach-format";

// The fire_number tool's output as the coach streamed it for the demo household.
const FIRE_OUTPUT = {
  provenance: {
    data: ["expenses", "accounts", "preferences", "profile"],
    assumptions: { real_return: 0.039216, withdrawal_rate: 0.04, multiplier: 25.0, expected_return: 0.06, inflation: 0.02 },
    tax_year: null,
    notes: ["Lean and Fat default to 70% and 150% of expenses unless given."],
  },
  annual_spending: 94284.0,
  multiplier: 25.0,
  withdrawal_rate: 0.04,
  fire_number: 2357100.0,
  lean_fire_number: 1649970.0,
  fat_fire_number: 3535650.0,
  coast_reached: false,
  progress: 0.1414,
  years_to_retirement: 18,
  summary: "FIRE number $2,357,100.00 ($94,284.00 a year x 25)",
};

describe("coach tool cards", () => {
  it("formats figures by field: money, fractions as percents, counts", () => {
    expect(fieldKind("fire_number")).toBe("money");
    expect(fieldKind("withdrawal_rate")).toBe("fraction");
    expect(fieldKind("progress")).toBe("fraction");
    expect(fieldKind("needs_percentage")).toBe("percent");
    expect(fieldKind("years_to_retirement")).toBe("count");
    expect(fieldKind("tax_year")).toBe("year");
    expect(formatField("fire_number", 2357100)).toBe("$2,357,100.00");
    expect(formatField("withdrawal_rate", 0.04)).toBe("4%");
    expect(formatField("needs_percentage", 55)).toBe("55%");
    expect(formatField("multiplier", 25)).toBe("25");
    expect(formatField("tax_year", 2026)).toBe("2026");
    expect(formatField("anything", null)).toBe("—");
  });

  it("takes the top-level numbers in order, skipping provenance, booleans and text", () => {
    const figures = headlineFigures(FIRE_OUTPUT);
    expect(figures.map((f) => f.key)).toEqual(["annual_spending", "multiplier", "withdrawal_rate", "fire_number", "lean_fire_number", "fat_fire_number"]);
    expect(figures[3]).toEqual({ key: "fire_number", label: "FIRE number", value: "$2,357,100.00", kind: "money", raw: 2357100 });
    expect(headlineFigures(null)).toEqual([]);
    expect(headlineFigures([1, 2])).toEqual([]);
  });

  it("builds the receipt from the provenance", () => {
    const r = receiptLines(FIRE_OUTPUT.provenance);
    expect(r.read).toEqual(["expenses", "accounts", "preferences", "profile"]);
    expect(r.assumptions.find((a) => a.key === "withdrawal_rate")).toEqual({ key: "withdrawal_rate", label: "Withdrawal rate", value: "4%", kind: "fraction", raw: 0.04 });
    expect(r.taxYear).toBeNull();
    expect(r.notes).toHaveLength(1);
  });

  it("says which figures came from the question, apart from the saved data", () => {
    const r = receiptLines({
      data: ["profile", "income"],
      stated: { annual_spending: 72000, withdrawal_rate: 0.035 },
      notes: ["Your figures changed for this calculation only: spending = 72000.", "Amounts are in today's dollars."],
    });
    expect(r.stated).toEqual([
      { key: "annual_spending", label: "Annual spending", value: formatField("annual_spending", 72000), kind: "money", raw: 72000 },
      { key: "withdrawal_rate", label: "Withdrawal rate", value: "3.5%", kind: "fraction", raw: 0.035 },
    ]);
    expect(r.notes).toEqual(["Amounts are in today's dollars."]);
    expect(receiptLines({ data: ["profile"] }).stated).toEqual([]);
  });

  it("turns only in-app paths into screen links", () => {
    expect(screenLinkOf({ path: "/settings/budgeting", label: "Budget Planning", why: "Edit it" })).toEqual({
      path: "/settings/budgeting",
      label: "Budget Planning",
      why: "Edit it",
    });
    expect(screenLinkOf({ path: "https://example.com" })).toBeNull();
    expect(screenLinkOf({ path: "//example.com" })).toBeNull();
    expect(toolLabel("suggest_screen")).toBe("Open a screen");
    expect(toolLabel("some_new_tool")).toBe("Some new tool");
  });

  it("formats the approval diff's values by field", () => {
    const rows = diffRows({
      tool: "save_budget",
      target: "budget",
      title: "Save your budget",
      before: { wants_percentage: 15 },
      after: { wants_percentage: 30 },
      changes: [{ field: "wants_percentage", label: "Wants", before: 15, after: 30 }, { field: "monthly_take_home", label: "Take-home", before: null, after: 5200 }],
    });
    expect(rows).toEqual([
      { field: "wants_percentage", label: "Wants", before: "15%", after: "30%", rawBefore: 15, rawAfter: 30 },
      { field: "monthly_take_home", label: "Take-home", before: "—", after: "$5,200.00", rawBefore: null, rawAfter: 5200 },
    ]);
  });
});

describe("suggested prompts", () => {
  it("start with the least complete sections, then the questions the coach answers from saved data", () => {
    const prompts = suggestedPrompts([
      { key: "profile", label: "Personal Profile", score: 100 },
      { key: "budgeting", label: "Budget Planning", score: 0 },
      { key: "goals", label: "Financial Goals", score: 40 },
      { key: "credit", label: "Credit Management", score: 10 },
    ]);
    expect(prompts).toEqual([
      "Help me set up a 50/30/20 budget",
      "How long would it take to pay off my debt?",
      "What is my FIRE number?",
      "How many years until I reach financial independence?",
    ]);
  });
  it("fall back to the data questions when everything is complete or completion is loading", () => {
    expect(suggestedPrompts(undefined)).toEqual([
      "What is my FIRE number?",
      "How many years until I reach financial independence?",
      "What is my savings rate?",
      "Should I use my TFSA or RRSP first?",
    ]);
    expect(suggestedPrompts([{ key: "accounts", label: "Bank Accounts", score: 0 }], 3)).toEqual([
      "Should I use my TFSA or RRSP first?",
      "What is my FIRE number?",
      "How many years until I reach financial independence?",
    ]);
  });
});

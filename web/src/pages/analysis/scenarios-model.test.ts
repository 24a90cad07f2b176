import { EN_CA } from "@firepath/shared/i18n/en-CA";
import { FR_CA } from "@firepath/shared/i18n/fr-CA";
import type { MessageId } from "@firepath/shared/i18n/messages";
import { createIntl, createIntlCache } from "react-intl";
import { describe, expect, it } from "vitest";
import {
  balanceRows,
  bestOf,
  comparisonRows,
  describeChanges,
  emptiedIn,
  MAX_COMPARED,
  monthsApart,
  taxRows,
  toggleCompared,
  type ScenarioResult,
} from "@/pages/analysis/analysis-model";
import type { AnalysisI18n } from "@/pages/analysis/analysis-i18n";
import FR_CA_ANALYSIS from "../../../../packages/shared/src/i18n/fr-CA/analysis.json";
import { HOUSEHOLD, SUMMARY, WHAT_IF_500 } from "@/test/plan-fixtures";

describe("drawdown by account", () => {
  it("reads the API's balances on the summary's chart points, and they add up to its investable savings", () => {
    const rows = balanceRows(HOUSEHOLD.balances);
    expect(rows.map((r) => r.year)).toEqual(SUMMARY.years);
    rows.forEach((r, i) => {
      expect(r.rrsp + r.tfsa + r.fhsa + r.nonRegistered + r.cash).toBeCloseTo(SUMMARY.investable[i], 0);
    });
    expect(rows[0].rrsp).toBe(112300 + 58600);
  });

  it("says when an account the plan held runs out, and not for one that never empties or never held anything", () => {
    const rows = [2026, 2027, 2028, 2029].map((year, i) => ({ year, rrsp: [300, 200, 0, 0][i], tfsa: 50, fhsa: 0, nonRegistered: [10, 0.4, 0, 5][i], cash: 1 }));
    expect(emptiedIn(rows, "rrsp")).toBe(2028);
    expect(emptiedIn(rows, "tfsa")).toBeNull();
    expect(emptiedIn(rows, "fhsa")).toBeNull();
    expect(emptiedIn(rows, "nonRegistered")).toBeNull(); // refilled by the end: not run out
  });
});

describe("lifetime tax", () => {
  it("stacks each plan year's income tax, OAS recovery and payroll as the API states them", () => {
    const rows = taxRows(HOUSEHOLD.years);
    expect(rows).toHaveLength(HOUSEHOLD.years.length);
    expect(rows[0]).toEqual({ year: 2026, incomeTax: HOUSEHOLD.years[0].income_tax, oasRecovery: 0, payroll: HOUSEHOLD.years[0].payroll });
  });

  it("the fixture's lifetime tax splits into income tax and OAS recovery", () => {
    const s = HOUSEHOLD.summary;
    expect(s.lifetime_income_tax + s.lifetime_oas_recovery).toBeCloseTo(s.lifetime_tax, 1);
  });
});

describe("scenario comparison", () => {
  it("picks at most three, in order, and unpicks", () => {
    let ids: string[] = [];
    for (const id of ["a", "b", "c", "d"]) ids = toggleCompared(ids, id);
    expect(ids).toEqual(["a", "b", "c"]);
    expect(ids).toHaveLength(MAX_COMPARED);
    expect(toggleCompared(ids, "b")).toEqual(["a", "c"]);
  });

  it("puts every line on the summary's years, today's point shared", () => {
    const n = SUMMARY.years.length - 1;
    const plan: ScenarioResult = { ...WHAT_IF_500, name: "Your plan", net_worth: SUMMARY.net_worth.slice(1), years: SUMMARY.years.slice(1) };
    const what = { ...WHAT_IF_500, years: WHAT_IF_500.years.slice(0, n), net_worth: WHAT_IF_500.net_worth.slice(0, n) };
    expect(what.years).toEqual(plan.years);
    const rows = comparisonRows([plan, what], { year: SUMMARY.years[0], netWorth: SUMMARY.net_worth[0] });
    expect(rows[0]).toEqual({ year: 2026, s0: SUMMARY.net_worth[0], s1: SUMMARY.net_worth[0] });
    expect(rows[1]).toEqual({ year: 2027, s0: SUMMARY.net_worth[1], s1: WHAT_IF_500.net_worth[0] });
    expect(rows.map((r) => r.year)).toEqual(SUMMARY.years);
  });

  it("marks the best on a measure, and nothing on a tie or a lone value", () => {
    expect(bestOf([105, 99, 120], "low")).toBe(1);
    expect(bestOf([0.99, 0.97, null], "high")).toBe(0);
    expect(bestOf([5, 5], "low")).toBeNull();
    expect(bestOf([5, null], "high")).toBeNull();
  });

  it("describes a scenario's changes in words, with the adults' names for a couple", () => {
    const names = ["Maya", "Daniel"];
    expect(describeChanges({ retirement_ages: [50, null], cpp_start_age: 70 }, names)).toBe("Maya retires at 50 · CPP at 70");
    expect(describeChanges({ extra_monthly_saving: 500 }, ["You"])).toBe("$500 more saved a month");
    expect(describeChanges({ extra_monthly_saving: -250, spending: 80000 })).toBe("$250 less saved a month · spend $80,000 a year");
    expect(describeChanges({ return_rate: 0.07 })).toBe("7% return");
    expect(describeChanges({ one_offs: [{ on: "2028-06-01", amount: 150000, label: "Down payment" }] })).toBe("Down payment $150,000 in June 2028");
    expect(describeChanges({})).toBe("Your plan as saved");
  });
});

describe("in French", () => {
  const intl = createIntl({ locale: "fr-CA", messages: { ...EN_CA, ...FR_CA, ...FR_CA_ANALYSIS } }, createIntlCache());
  const french: AnalysisI18n = { locale: "fr-CA", t: (id, values) => intl.formatMessage({ id: id as MessageId }, values) };
  const NBSP = "\u00a0";

  it("describes a scenario's changes with French words, amounts, percentages and months", () => {
    expect(describeChanges({ retirement_ages: [50, null], cpp_start_age: 70 }, ["Maya", "Daniel"], french))
      .toBe("Maya prend sa retraite à 50 ans · RPC/RRQ à 70 ans");
    expect(describeChanges({ extra_monthly_saving: -250, spending: 80000 }, [], french))
      .toBe(`250${NBSP}$ de moins épargnés par mois · dépenser 80${NBSP}000${NBSP}$ par année`);
    expect(describeChanges({ return_rate: 0.065 }, [], french)).toBe(`Rendement de 6,5${NBSP}%`);
    expect(describeChanges({ one_offs: [{ on: "2028-06-01", amount: 150000, label: "Mise de fonds" }] }, [], french))
      .toBe(`Mise de fonds : 150${NBSP}000${NBSP}$ en juin 2028`);
    expect(describeChanges({}, [], french)).toBe("Votre plan tel qu’enregistré");
  });

  it("says how much sooner or later than the plan, with French plurals", () => {
    expect(monthsApart(105, 99, french)).toBe("6 mois plus tôt que votre plan");
    expect(monthsApart(105, 131, french)).toBe("2 ans et 2 mois plus tard que votre plan");
    expect(monthsApart(105, 93, french, { short: true })).toBe("1 an plus tôt");
    expect(monthsApart(105, 105, french)).toBe("Comme votre plan");
  });
});

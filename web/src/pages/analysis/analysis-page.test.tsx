import { EN_CA } from "@firepath/shared/i18n/en-CA";
import { FR_CA } from "@firepath/shared/i18n/fr-CA";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import AnalysisPage from "@/pages/analysis/analysis-page";
import { stubApi } from "@/test/page-test-utils";
import { HOUSEHOLD, OPTIMISED, RISK, SUMMARY, WHAT_IF_500 } from "@/test/plan-fixtures";

const SNAPSHOT = {
  total_monthly_income: 14000, expenses: { needs: 5000, wants: 2000, bad_habits: 200, total: 7200 }, monthly_surplus: 6800,
  savings_rate: 0.4857, annual_expenses: 86400, fire_multiplier: 25, fire_number: 2160000,
  net_worth: { assets: 806400, liabilities: 1858.76, net_worth: 804541.24 }, completion: { overall: 80, badge: "In Progress", sections: [] },
};

/** Twelve months of the plan from November 2026: pay until April 2027, then CPP. */
const MONTHS = {
  year: null, first_year: 2026, last_year: 2087,
  months: Array.from({ length: 12 }, (_, i) => {
    const month = `${2026 + Math.floor((10 + i) / 12)}-${String(((10 + i) % 12) + 1).padStart(2, "0")}-01`;
    const working = i < 5;
    return {
      month, ages: [60, 58], employment: working ? 9000 : 0, cpp: working ? 0 : 1200, oas: 0, pension: 0, other_income: 0,
      rental_income: 0, dividends: 20, payroll: working ? 500 : 0, tax: working ? 2100 : 150, spending: 5000, contributions: working ? 1420 : 0,
      rrsp_withdrawal: working ? 0 : 4100, non_registered_withdrawal: 0, tfsa_withdrawal: 0, cash_withdrawal: 0, shortfall: 0,
      rrsp: 400000, tfsa: 90000, fhsa: 0, non_registered: 10000, cash: 20000, investable: 520000 + i * 100, net_worth: 900000,
    };
  }),
};

/** As the app's I18nProvider shows French: the French catalogue over the English one. */
const french = (children: ReactNode) => (
  <IntlProvider locale="fr-CA" defaultLocale="en-CA" messages={{ ...EN_CA, ...FR_CA }}>{children}</IntlProvider>
);

function renderAnalysis(tab: string, extra: Parameters<typeof stubApi>[0] = {}, wrap = (children: ReactNode) => children) {
  const api = stubApi({
    "GET /api/v1/plan/summary": { body: SUMMARY },
    "GET /api/v1/plan/household": { body: HOUSEHOLD },
    "GET /api/v1/plan/household/months": { body: MONTHS },
    "GET /api/v1/plan/household/risk": { body: RISK },
    "GET /api/v1/plan/household/optimise": { body: OPTIMISED },
    "GET /api/v1/snapshot": { body: SNAPSHOT },
    "GET /api/v1/savings/summary": { body: { emergency_fund: 28800 } },
    "POST /api/v1/plan/what-if": (body) => ({
      body: (body as { extra_monthly_saving?: number }).extra_monthly_saving === 500
        ? WHAT_IF_500
        : { ...WHAT_IF_500, fi_date: "2036-01-01", months_to_fi: 110 },
    }),
    ...extra,
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {wrap(<MemoryRouter initialEntries={[`/analysis?tab=${tab}`]}><AnalysisPage /></MemoryRouter>)}
    </QueryClientProvider>,
  );
  return api;
}

// jsdom has no ResizeObserver; Radix's slider measures its thumb with one.
beforeAll(() => {
  globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as unknown as typeof ResizeObserver;
});
afterEach(() => vi.restoreAllMocks());

describe("AnalysisPage", () => {
  it("states the plan summary's FI date, and reads nothing from the old plan or its calculators", async () => {
    const api = renderAnalysis("overview");
    expect(await screen.findByTestId("analysis-fi-date")).toHaveTextContent("August 2035");
    expect(screen.getByTestId("plan-figures")).toHaveTextContent("$1,551,737");
    expect(screen.getByTestId("plan-figures")).toHaveTextContent("Rule of thumb (25x spending)");
    expect(api.calls("GET", "/api/v1/plan")).toHaveLength(0);
    expect(api.calls("POST").filter((c) => /calc\/(projection|monte-carlo)/.test(c.path))).toHaveLength(0);
  });

  it("shows the plan month by month, pay stopping in the month of retirement, and asks for the year picked", async () => {
    const api = renderAnalysis("fire-projections");
    const table = await screen.findByTestId("monthly-table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toHaveTextContent("November 2026");
    expect(rows[4]).toHaveTextContent("$9,000");
    expect(within(rows[5]).getAllByRole("cell")[0]).toHaveTextContent("–"); // no pay from April 2027
    expect(rows[5]).toHaveTextContent("$1,200");
    expect(within(table).getByRole("columnheader", { name: "Invested at month end" })).toBeInTheDocument();
    const before = api.calls("GET", "/api/v1/plan/household/months").length;
    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "2030" } });
    await waitFor(() => expect(api.calls("GET", "/api/v1/plan/household/months").length).toBe(before + 1));
  });

  it("projects the household plan and shows each risk card's question with its success rate", async () => {
    renderAnalysis("fire-projections");
    expect(await screen.findByTestId("projection-fi-date")).toHaveTextContent("August 2035");
    expect(screen.getByTestId("lifetime-tax")).toHaveTextContent("$2,964,216");
    expect(within(screen.getByTestId("cash-flow-table")).getAllByRole("row")).toHaveLength(HOUSEHOLD.years.length + 1);
    expect(await screen.findByTestId("mc-success")).toHaveTextContent("99.2%");
    expect(screen.getByTestId("monte-carlo-question")).toHaveTextContent(RISK.monte_carlo.question);
    expect(screen.getByTestId("backtest-success")).toHaveTextContent("100%");
    expect(screen.getByTestId("backtest-question")).toHaveTextContent(RISK.backtest.question);
    // When each share of the markets could stop working: the middle and the 9-in-10 dates.
    expect(screen.getByTestId("monte-carlo-fi-median")).toHaveTextContent("February 2038");
    expect(screen.getByTestId("monte-carlo-fi")).toHaveTextContent("in 9 of 10 by November 2043");
    expect(screen.getByTestId("backtest-fi-median")).toHaveTextContent("April 2036");
  });

  it("posts the moved slider to the what-if once it rests and shows the FI date that results", async () => {
    const api = renderAnalysis("optimization");
    const result = await screen.findByTestId("whatif-fi-date");
    expect(result).toHaveTextContent("August 2035");
    const thumb = screen.getByRole("slider", { name: "Extra monthly saving" });
    fireEvent.keyDown(thumb, { key: "ArrowRight" });
    expect(thumb).toHaveAttribute("aria-valuetext", "+$50 a month");
    for (let i = 0; i < 9; i++) fireEvent.keyDown(thumb, { key: "ArrowRight" });
    expect(thumb).toHaveAttribute("aria-valuetext", "+$500 a month");
    await waitFor(() => expect(screen.getByTestId("whatif-fi-date")).toHaveTextContent("February 2035"), { timeout: 3000 });
    expect(screen.getByTestId("whatif-result")).toHaveTextContent("6 months sooner than your plan");
    // Debounced: the resting value is sent, not every step on the way.
    const sent = api.calls("POST", "/api/v1/plan/what-if").map((c) => c.body);
    expect(sent).toContainEqual({ extra_monthly_saving: 500 });
    expect(sent).not.toContainEqual({ extra_monthly_saving: 50 });
    fireEvent.click(screen.getByRole("button", { name: "Reset to my plan" }));
    await waitFor(() => expect(screen.getByTestId("whatif-fi-date")).toHaveTextContent("August 2035"));
  });

  it("shows the lifetime tax in its parts and the drawdown by account, as the household plan states them", async () => {
    renderAnalysis("fire-projections");
    expect(await screen.findByTestId("lifetime-tax-total")).toHaveTextContent("$2,964,216");
    expect(screen.getByTestId("lifetime-income-tax")).toHaveTextContent("$2,567,686");
    expect(screen.getByTestId("lifetime-oas-recovery")).toHaveTextContent("$396,530");
    expect(screen.getByTestId("estate-tax")).toHaveTextContent("$1,149,578");
    const drawdown = screen.getByTestId("drawdown");
    expect(within(drawdown).getAllByRole("row")).toHaveLength(HOUSEHOLD.balances.years.length + 1);
    expect(within(drawdown).getByRole("columnheader", { name: "RRSP/RRIF" })).toBeInTheDocument();
    expect(within(drawdown).queryByRole("columnheader", { name: "FHSA" })).toBeNull(); // none held
  });

  it("compares saved scenarios beside the plan with the comparison's own figures", async () => {
    const scenario = { id: "5c0e7a52-0000-4000-8000-000000000001", name: "Save $500 more", changes: { extra_monthly_saving: 500 },
      created_at: "2026-11-20T00:00:00Z", updated_at: "2026-11-20T00:00:00Z" };
    const plan = { ...WHAT_IF_500, name: "Your plan", fi_date: SUMMARY.fi_date, months_to_fi: SUMMARY.months_to_fi, success_rate: 0.9915,
      lifetime_tax: SUMMARY.lifetime_tax, estate: SUMMARY.estate, years: SUMMARY.years.slice(1), net_worth: SUMMARY.net_worth.slice(1) };
    const api = renderAnalysis("scenarios", {
      "GET /api/v1/plan/scenarios": { body: [scenario] },
      "GET /api/v1/plan/scenarios/compare": { body: { results: [plan, { ...WHAT_IF_500, id: scenario.id, name: scenario.name, success_rate: 0.993 }], missing: [] } },
    });
    expect(await screen.findByTestId("comparison-table", {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: /Save \$500 more/ })).toBeChecked();
    expect(screen.getByText("$500 more saved a month")).toBeInTheDocument();
    expect(screen.getByTestId("compare-fi-0")).toHaveTextContent("August 2035");
    expect(screen.getByTestId("compare-fi-1")).toHaveTextContent("February 2035");
    expect(screen.getByTestId("compare-fi-1")).toHaveTextContent("(best)");
    expect(screen.getByTestId("compare-success-0")).toHaveTextContent("99.2%");
    expect(screen.getByTestId("compare-tax-1")).toHaveTextContent("$3,023,052");
    expect(screen.getByTestId("compare-estate-1")).toHaveTextContent("$10,436,694");
    const chartTable = within(screen.getByTestId("scenario-comparison")).getByRole("region", { name: /Net worth of your plan and each scenario/ });
    expect(within(chartTable).getAllByRole("row")).toHaveLength(WHAT_IF_500.years.length + 2); // header, today, each year end
    const asked = api.calls("GET", "/api/v1/plan/scenarios/compare");
    expect(asked.length).toBeGreaterThan(0);
  });

  it("with no scenario saved, says how to save one", async () => {
    renderAnalysis("scenarios", { "GET /api/v1/plan/scenarios": { body: [] } });
    const empty = await screen.findByTestId("scenarios-empty");
    expect(empty).toHaveTextContent("Save as a scenario");
    expect(within(empty).getByRole("link", { name: "Try a what-if" })).toHaveAttribute("href", "/analysis?tab=optimization");
  });

  it("saves a moved what-if as a scenario, named after its change unless named", async () => {
    const api = renderAnalysis("optimization", {
      "POST /api/v1/plan/scenarios": (body) => ({ status: 201, body: { ...(body as object), id: "5c0e7a52-0000-4000-8000-000000000002",
        created_at: "2026-11-28T00:00:00Z", updated_at: "2026-11-28T00:00:00Z" } }),
    });
    await screen.findByTestId("whatif-fi-date");
    const save = screen.getByRole("button", { name: "Save as a scenario" });
    expect(save).toBeDisabled(); // nothing moved yet: that is the plan itself
    const thumb = screen.getByRole("slider", { name: "Extra monthly saving" });
    for (let i = 0; i < 10; i++) fireEvent.keyDown(thumb, { key: "ArrowRight" });
    // Saved once the slider rests at +$500: the name suggested is the settled change's.
    await waitFor(() => expect(screen.getByLabelText("Keep this what-if as a scenario")).toHaveAttribute("placeholder", "$500 more saved a month"), { timeout: 5000 });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    expect(await screen.findByTestId("scenario-saved", {}, { timeout: 5000 })).toHaveTextContent('Saved "$500 more saved a month"');
    expect(api.calls("POST", "/api/v1/plan/scenarios").map((c) => c.body)).toEqual([
      { name: "$500 more saved a month", changes: { extra_monthly_saving: 500 } },
    ]);
  }, 15_000);

  it("speaks Canadian French when French is shown: its words, dates, money and percentages", async () => {
    const NBSP = "\u00a0";
    renderAnalysis("overview", {}, french);
    expect(await screen.findByTestId("analysis-fi-date", {}, { timeout: 5000 })).toHaveTextContent("août 2035");
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Analyse");
    expect(screen.getByRole("tab", { name: "Projections FIRE" })).toBeInTheDocument();
    const figures = screen.getByTestId("plan-figures");
    // The element's own text: toHaveTextContent would fold the no-break spaces French figures are written with.
    expect(figures.textContent).toContain(`1${NBSP}551${NBSP}737${NBSP}$`);
    expect(figures).toHaveTextContent("Règle empirique (25 fois les dépenses)");
    expect(screen.getByTestId("benchmarks").textContent).toContain(`50${NBSP}% du revenu ou moins`);
  });

  it("in French, the what-if sliders and their result read in French", async () => {
    renderAnalysis("optimization", {}, french);
    await screen.findByTestId("whatif-fi-date");
    const thumb = screen.getByRole("slider", { name: "Épargne mensuelle supplémentaire" });
    for (let i = 0; i < 10; i++) fireEvent.keyDown(thumb, { key: "ArrowRight" });
    expect(thumb).toHaveAttribute("aria-valuetext", "+500\u00a0$ par mois");
    await waitFor(() => expect(screen.getByTestId("whatif-fi-date")).toHaveTextContent("février 2035"), { timeout: 3000 });
    expect(screen.getByTestId("whatif-result")).toHaveTextContent("6 mois plus tôt que votre plan");
    expect(screen.getByRole("button", { name: "Revenir à mon plan" })).toBeInTheDocument();
  });
});

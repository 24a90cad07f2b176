/** The calculators' charts speak the language shown: in fr-CA the money axis, the tooltip and the key are French
 * ("250 k $", "12 345 $" with the no-break spaces Intl writes, "Solde"), in en-CA they stay English. */
import { EN_CA } from "@firepath/shared/i18n/en-CA";
import { FR_CA } from "@firepath/shared/i18n/fr-CA";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { cloneElement, type ReactElement, type ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { describe, expect, it, vi } from "vitest";
import { AmortizationChart, GrowthChart } from "./calc-charts";

// jsdom lays nothing out, so the responsive container would measure 0 × 0 and draw nothing: give the chart a size.
vi.mock("recharts", async (original) => {
  const recharts = await original<typeof import("recharts")>();
  return {
    ...recharts,
    ResponsiveContainer: ({ children }: { children: ReactNode }) => cloneElement(children as ReactElement<{ width: number; height: number }>, { width: 640, height: 300 }),
  };
});

const NBSP = "\u00a0";
const growth = [
  { year: 1, contributions: 6000, balance: 12345, balance_real: 12100 },
  { year: 2, contributions: 12000, balance: 125000, balance_real: 120000 },
  { year: 3, contributions: 18000, balance: 250000, balance_real: 235000 },
];
const mortgage = [
  { year: 1, principal: 9000, interest: 17500, prepayments: 0, ending_balance: 391000 },
  { year: 2, principal: 9400, interest: 17100, prepayments: 1000, ending_balance: 380600 },
];

function inLanguage(locale: "en-CA" | "fr-CA", ui: ReactElement) {
  const messages = locale === "fr-CA" ? { ...EN_CA, ...FR_CA } : EN_CA;
  return render(<IntlProvider locale={locale} defaultLocale="en-CA" messages={messages}>{ui}</IntlProvider>);
}

const ticks = (container: HTMLElement) => [...container.querySelectorAll(".recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value")].map((t) => t.textContent);
/** The money axes' tick labels, once recharts has drawn them (it lays the axes out after the first render). */
async function drawn(container: HTMLElement) {
  await waitFor(() => expect(ticks(container).length).toBeGreaterThan(1));
  return ticks(container);
}

describe("the calculators' charts", () => {
  it("writes the growth chart's money axis, key and tooltip in French", async () => {
    const { container } = inLanguage("fr-CA", <GrowthChart schedule={growth} summary="x" />);
    const axis = await drawn(container);
    expect(axis).toContain(`130${NBSP}k${NBSP}$`);
    for (const tick of axis) expect(tick).toMatch(new RegExp(`^\\d+(,\\d)?(${NBSP}(k|M))?${NBSP}\\$$`));
    const key = [...container.querySelectorAll(".recharts-legend-item-text")].map((e) => e.textContent);
    expect([...key].sort()).toEqual(["Cotisé", "Dollars d’aujourd’hui", "Solde"]);

    fireEvent.mouseMove(container.querySelector(".recharts-wrapper")!, { clientX: 80, clientY: 100 });
    await waitFor(() => expect(container.querySelector(".recharts-tooltip-label")?.textContent).toBe("Année 1"));
    const tooltip = container.querySelector(".recharts-default-tooltip")!.textContent;
    expect(tooltip).toContain(`Solde : 12${NBSP}345${NBSP}$`);
    expect(tooltip).toContain(`Cotisé : 6${NBSP}000${NBSP}$`);
  });

  it("keeps the growth chart English in en-CA", async () => {
    const { container } = inLanguage("en-CA", <GrowthChart schedule={growth} summary="x" />);
    expect(await drawn(container)).toContain("$130K");
    expect(screen.getByText("Today's dollars")).toBeInTheDocument();
  });

  it("writes the amortization chart's two money axes and key in French", async () => {
    const { container } = inLanguage("fr-CA", <AmortizationChart schedule={mortgage} summary="x" />);
    const axis = await drawn(container);
    expect(axis.some((t) => t?.endsWith(`k${NBSP}$`))).toBe(true);
    expect(axis.every((t) => !t?.startsWith("$"))).toBe(true);
    const key = [...container.querySelectorAll(".recharts-legend-item-text")].map((e) => e.textContent);
    expect([...key].sort()).toEqual(["Capital", "Intérêts", "Solde"]);
  });
});

/** What the recharts charts share: the `aria-hidden` frame that sizes a chart, and the money formats of its axis
 * and tooltips. Only lazily loaded modules import this, so recharts stays out of the first load. */
import { formatCurrency } from "@firepath/shared/format";
import type { Locale } from "@firepath/shared/i18n/locales";
import type { ReactElement, ReactNode } from "react";
import { ResponsiveContainer } from "recharts";

/** The axis and tooltip formats in one language (recharts passes formatters more arguments: these take one). */
export const chartFormat = (locale: Locale) => ({
  money: (v: unknown) => formatCurrency(typeof v === "number" ? v : Number(v), { wholeDollars: true, locale }),
  compact: (v: number) =>
    new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1, style: "currency", currency: "CAD" }).format(v),
});
export const { money, compact } = chartFormat("en-CA");

export function Frame({ children, height = 300, testId }: { children: ReactNode; height?: number; testId?: string }) {
  return (
    <div aria-hidden="true" style={{ width: "100%", height }} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">{children as ReactElement}</ResponsiveContainer>
    </div>
  );
}

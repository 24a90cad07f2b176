/** What the recharts charts share: the `aria-hidden` frame that sizes a chart, and the money formats of its axis
 * and tooltips. Only lazily loaded modules import this, so recharts stays out of the first load. */
import { formatCurrency } from "@firepath/shared/format";
import type { Locale } from "@firepath/shared/i18n/locales";
import type { ReactElement, ReactNode } from "react";
import { ResponsiveContainer } from "recharts";

/** The axis and tooltip formats in one language (recharts passes formatters more arguments: these take one): `money`
 * in whole dollars ("$1,234" / "1 234 $"), `compact` for a money axis ("$1.2M" / "1,2 M $"), `count` for a plain number
 * axis or tooltip ("1,234" / "1 234"). There is no English default: a chart takes the language it is shown in. */
export const chartFormat = (locale: Locale) => {
  // minimumFractionDigits: some engines otherwise keep the currency's cents as a floor ("$250.0K", "250,0 k $").
  const compactFormat = new Intl.NumberFormat(locale, { notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1, style: "currency", currency: "CAD" });
  const countFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const numeric = (v: unknown) => (typeof v === "number" ? v : Number(v));
  return {
    money: (v: unknown) => formatCurrency(numeric(v), { wholeDollars: true, locale }),
    compact: (v: unknown) => compactFormat.format(numeric(v)),
    count: (v: unknown) => countFormat.format(numeric(v)),
  };
};

export function Frame({ children, height = 300, testId }: { children: ReactNode; height?: number; testId?: string }) {
  return (
    <div aria-hidden="true" style={{ width: "100%", height }} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">{children as ReactElement}</ResponsiveContainer>
    </div>
  );
}

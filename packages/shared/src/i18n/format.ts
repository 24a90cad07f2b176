/** Money, numbers, percentages and dates with `Intl` in the person's language: en-CA "$1,234.56", "12.5%",
 * "Jul 1, 2026"; fr-CA "1 234,56 $", "12,5 %", "1 juil. 2026" (with the no-break spaces French typography uses).
 * Money is CAD unless told otherwise; rates are kept as fractions (0.04 is "4%" / "4 %"). Every function defaults
 * to en-CA, so code that has no language yet (the Expo app) shows what it always has. */
import type { Locale } from "./locales";

export const DEFAULT_LOCALE: Locale = "en-CA";
export const DEFAULT_CURRENCY = "CAD";

type Amount = number | string | null | undefined;

function toNumber(value: Amount): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** `1234.5` → "$1,234.50" (fr-CA "1 234,50 $"); `wholeDollars` drops the cents. Empty input gives "—". */
export function formatCurrency(
  value: Amount,
  { currency = DEFAULT_CURRENCY, locale = DEFAULT_LOCALE, wholeDollars = false } = {},
): string {
  const n = toNumber(value);
  if (n === null) return "—";
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: wholeDollars ? 0 : 2,
    maximumFractionDigits: wholeDollars ? 0 : 2,
  }).format(n);
}

/** A rate kept as a fraction (0.04) shown as a percent ("4%" / "4.5%"; fr-CA "4 %" / "4,5 %"). */
export function formatPercent(rate: Amount, { locale = DEFAULT_LOCALE, digits = 1 } = {}): string {
  const n = toNumber(rate);
  if (n === null) return "—";
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: digits }).format(n);
}

/** `digits` at most; `minDigits` at least ("3.0" with 1 and 1). */
export function formatNumber(value: Amount, { locale = DEFAULT_LOCALE, digits = 0, minDigits = 0 } = {}): string {
  const n = toNumber(value);
  if (n === null) return "—";
  return new Intl.NumberFormat(locale, { minimumFractionDigits: minDigits, maximumFractionDigits: Math.max(digits, minDigits) }).format(n);
}

/** An ISO date or timestamp as "Nov 23, 2026" (fr-CA "23 nov. 2026"). */
export function formatDate(value: string | Date | null | undefined, { locale = DEFAULT_LOCALE } = {}): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(value.length === 10 ? `${value}T00:00:00` : value) : value;
  if (Number.isNaN(d.getTime())) return "—";
  return new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric" }).format(d);
}

/** A month (an ISO date such as the plan's FI date, "2035-08-01") as "August 2035" (fr-CA "août 2035"): the plan works in months, so a
 * day would claim a precision it does not have. */
export function formatMonth(value: string | Date | null | undefined, { locale = DEFAULT_LOCALE } = {}): string {
  if (!value) return "—";
  const d = typeof value === "string" ? new Date(`${value.slice(0, 10)}T00:00:00`) : value;
  if (Number.isNaN(d.getTime())) return "—";
  return new Intl.DateTimeFormat(locale, { month: "long", year: "numeric" }).format(d);
}

export interface Formatters {
  locale: Locale;
  money: (value: Amount, options?: { wholeDollars?: boolean; currency?: string }) => string;
  percent: (rate: Amount, options?: { digits?: number }) => string;
  number: (value: Amount, options?: { digits?: number; minDigits?: number }) => string;
  date: (value: string | Date | null | undefined) => string;
  month: (value: string | Date | null | undefined) => string;
}

/** The formatters bound to one language (and a default currency): what the clients hand their screens. */
export function formattersFor(locale: Locale, currency: string = DEFAULT_CURRENCY): Formatters {
  return {
    locale,
    money: (value, options = {}) => formatCurrency(value, { currency, ...options, locale }),
    percent: (rate, options = {}) => formatPercent(rate, { ...options, locale }),
    number: (value, options = {}) => formatNumber(value, { ...options, locale }),
    date: (value) => formatDate(value, { locale }),
    month: (value) => formatMonth(value, { locale }),
  };
}

/** Round a money value to cents the way the API stores it. */
export function toCents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}

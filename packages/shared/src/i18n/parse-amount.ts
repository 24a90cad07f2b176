/** Amounts as people type them in each language. en-CA: "1,234.56" (commas group thousands, a point marks decimals).
 * fr-CA: "1 234,56" (spaces, including the no-break spaces `Intl` writes, group thousands; a comma marks decimals).
 * A dollar sign is allowed anywhere; what could mean two different amounts is refused rather than guessed:
 *  - en-CA refuses a comma that is not a thousands separator ("12,5", "1.234,5"), as it always has;
 *  - fr-CA refuses a comma followed by exactly three digits ("1,234": 1.234 or 1234?), a point followed by exactly
 *    three digits ("1.234"), both marks together ("1.234,5", "1,234.5") and more than one decimal mark. A point that
 *    cannot be a thousands separator ("12.5", a keypad's decimal point) is read as decimals.
 * Everywhere: only digits, one decimal mark and a leading sign count, so "1e6", "0x10" or "Infinity" are not amounts. */
import type { Locale } from "./locales";

export type AmountParse =
  | { kind: "empty" }
  | { kind: "number"; value: number }
  /** Letters, exponents, two signs...: not a number at all. */
  | { kind: "invalid" }
  /** Digits whose separators are not this language's, or could mean two amounts. */
  | { kind: "separators" };

const PLAIN = /^[-+]?(\d+\.?\d*|\.\d+)$/;
/** en-CA: a comma only ever groups thousands. */
const EN_THOUSANDS = /^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/;

function plain(text: string): AmountParse {
  if (text === "") return { kind: "empty" };
  return PLAIN.test(text) ? { kind: "number", value: Number(text) } : { kind: "invalid" };
}

function parseEnglish(raw: string): AmountParse {
  // The comma check ignores a percent sign, so "1,234%" is "not a number" (the % itself), not a separator problem.
  const forCommas = raw.replace(/[\s$%]/g, "");
  if (forCommas.includes(",") && !EN_THOUSANDS.test(forCommas)) return { kind: "separators" };
  return plain(raw.replace(/[\s,$]/g, ""));
}

function parseFrench(raw: string): AmountParse {
  const text = raw.replace(/[\s$]/g, "");
  const commas = (text.match(/,/g) ?? []).length;
  const points = (text.match(/\./g) ?? []).length;
  if (commas + points > 1) return /^[-+]?[\d.,]+$/.test(text) ? { kind: "separators" } : { kind: "invalid" };
  const mark = commas ? "," : points ? "." : null;
  if (mark !== null && /^[-+]?\d{1,3}[.,]\d{3}$/.test(text)) return { kind: "separators" };
  return plain(mark === "," ? text.replace(",", ".") : text);
}

/** Read one typed amount in the given language. */
export function parseAmount(raw: string, locale: Locale = "en-CA"): AmountParse {
  return locale === "fr-CA" ? parseFrench(raw ?? "") : parseEnglish(raw ?? "");
}

/** The number typed, or null when the field is empty or holds anything but a clear amount (live totals count only
 * what the save would accept). */
export function amountOrNull(raw: string, locale: Locale = "en-CA"): number | null {
  const r = parseAmount(raw, locale);
  return r.kind === "number" ? r.value : null;
}

/** A number as an amount field shows it for editing: no grouping, this language's decimal mark ("1234,5" in fr-CA). */
export function amountText(value: number, locale: Locale = "en-CA"): string {
  const text = String(value);
  return locale === "fr-CA" ? text.replace(".", ",") : text;
}

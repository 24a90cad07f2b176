/** A comma in a typed amount is only a thousands separator (en-CA: 1,234.56). The shared parser drops every comma,
 * so "12,5" or "4 500,50" (a decimal comma, as in fr-CA) would be read as 125 or 450050; forms refuse such text. */
const THOUSANDS = /^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/;

export function hasDecimalComma(raw: string): boolean {
  const cleaned = raw.replace(/[\s$%]/g, "");
  return cleaned.includes(",") && !THOUSANDS.test(cleaned);
}

export const decimalCommaMessage = (label: string) => `${label} must be a number: use a point for decimals (12.50)`;

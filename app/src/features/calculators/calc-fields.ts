/** Calculator inputs, checked as the web checks them (web/src/components/calc/calc-fields.ts): typed text parsed
 * with the shared parseNumberInput, checked against the API's bounds, with the web's messages; percent fields are
 * typed as 0-100 and sent as fractions. A decimal comma ("12,5") is refused rather than misread. */
import { parseNumberInput } from "@firepath/shared/validation";

export type FieldKind = "money" | "percent" | "integer" | "number";

export interface NumField {
  name: string;
  label: string;
  kind: FieldKind;
  min?: number;
  max?: number;
  /** Strict lower bound (e.g. a rate above -100%). */
  above?: number;
  required?: boolean;
  hint?: string;
}

export type Check = { value: number | null; error?: undefined } | { value?: undefined; error: string };

const MONEY_MAX = 999_999_999_999.99;
const THOUSANDS = /^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/;

export function hasDecimalComma(raw: string): boolean {
  const cleaned = raw.replace(/[\s$%]/g, "");
  return cleaned.includes(",") && !THOUSANDS.test(cleaned);
}

export const decimalCommaMessage = (label: string) => `${label} must be a number: use a point for decimals (12.50)`;

export function checkField(field: NumField, raw: string): Check {
  if (hasDecimalComma(raw ?? "")) return { error: decimalCommaMessage(field.label) };
  const n = parseNumberInput(raw ?? "");
  if (n === null) return field.required ? { error: `${field.label} is required` } : { value: null };
  if (Number.isNaN(n)) return { error: `${field.label} must be a number` };
  if (field.kind === "integer" && !Number.isInteger(n)) return { error: `${field.label} must be a whole number` };
  const min = field.min ?? (field.kind === "money" ? 0 : undefined);
  const max = field.max ?? (field.kind === "money" ? MONEY_MAX : undefined);
  const unit = field.kind === "percent" ? "%" : "";
  const range = () =>
    `${field.label} must be ${field.above !== undefined ? `above ${field.above}${unit}` : `at least ${min}${unit}`}` +
    (max !== undefined ? ` and at most ${max}${unit}` : "");
  if (field.above !== undefined && n <= field.above) return { error: range() };
  if (min !== undefined && n < min) return { error: field.kind === "money" && max === MONEY_MAX ? `${field.label} cannot be negative` : range() };
  if (max !== undefined && n > max) return { error: range() };
  return { value: field.kind === "percent" ? n / 100 : n };
}

export function checkFields(fields: NumField[], raw: Record<string, string>) {
  const values: Record<string, number | null> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const r = checkField(f, raw[f.name] ?? "");
    if (r.error !== undefined) errors[f.name] = r.error;
    else values[f.name] = r.value;
  }
  return { values, errors, ok: Object.keys(errors).length === 0 };
}

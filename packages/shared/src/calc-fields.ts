/** Calculator inputs of the web and the Expo app: each field is typed as text, checked against its bounds (the
 * API's), and turned into the number the API expects (percent fields are entered as 0-100 and sent as fractions). */
import { decimalCommaMessage, hasDecimalComma } from "./form-kit";
import { parseNumberInput } from "./validation";

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

/** Check one raw value against its field: "" is null (or "X is required"), else a number within bounds. */
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

/** Check every field; `values` holds numbers (fractions for percents) when `errors` is empty. */
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

/** A value shown in a field: fractions back to percents, without float noise. */
export function toRaw(field: NumField, value: number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const n = field.kind === "percent" ? value * 100 : value;
  return String(Math.round(n * 10000) / 10000);
}

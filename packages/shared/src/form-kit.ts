/** Field definitions for the settings forms of the web and the Expo app: how a saved record becomes form text and back, and the client-side
 * checks that mirror the API's bounds (money at least 0, percentages 0 to 100, ages 0 to 120, scores 300 to 900,
 * text lengths). Messages name the field, as the API's 422 answers do. */
import { PROVINCES as CANADA_PROVINCES } from "./canada";
import { age, amount, creditScore, parseNumberInput, percentage } from "./validation";
import type { z } from "zod";

export type FieldKind =
  | "text" | "email" | "textarea" | "money" | "signed-money" | "percent" | "rate" | "int" | "number" | "age" | "credit-score"
  | "date" | "select" | "checkbox" | "multi";

export interface Option {
  value: string;
  label: string;
}

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  options?: Option[];
  /** Bounds of int fields, and of rate fields in percent (the API keeps rates as fractions). */
  min?: number;
  max?: number;
  maxLength?: number;
  hint?: string;
  placeholder?: string;
  /** An empty number field is sent as 0 instead of null. */
  emptyAsZero?: boolean;
  /** Grid width: "full" spans both columns. */
  width?: "half" | "full";
}

/** Dates in these forms are plans (goals, raises, side hustles). A two-digit year typed into the browser's date
 * field ("03/15/30") becomes the year 0030, which was saved as is; years outside this range are refused. */
export const DATE_MIN = "1900-01-01";
export const DATE_MAX = "2200-12-31";

export type FormValue = string | boolean | string[];
export type FormValues = Record<string, FormValue>;
export type FormErrors = Record<string, string>;

/** A comma in a typed amount is only a thousands separator (en-CA: 1,234.56). The shared parser drops every comma,
 * so "12,5" or "4 500,50" (a decimal comma, as in fr-CA) would be read as 125 or 450050; forms refuse such text. */
const THOUSANDS = /^[-+]?\d{1,3}(,\d{3})+(\.\d*)?$/;

export function hasDecimalComma(raw: string): boolean {
  const cleaned = raw.replace(/[\s$%]/g, "");
  return cleaned.includes(",") && !THOUSANDS.test(cleaned);
}

export const decimalCommaMessage = (label: string) => `${label} must be a number: use a point for decimals (12.50)`;

const NUMERIC: FieldKind[] = ["money", "signed-money", "percent", "rate", "int", "number", "age", "credit-score"];
export const isNumeric = (kind: FieldKind) => NUMERIC.includes(kind);

const round = (n: number, places: number) => Math.round((n + Number.EPSILON) * 10 ** places) / 10 ** places;

/** A saved record (numbers, strings, nulls) as form values. */
export function toForm(record: Record<string, unknown> | null | undefined, fields: FieldDef[]): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = record?.[f.name];
    if (f.kind === "checkbox") out[f.name] = v === true;
    else if (f.kind === "multi") out[f.name] = Array.isArray(v) ? v.map(String) : [];
    else if (v === null || v === undefined) out[f.name] = "";
    else if (f.kind === "rate") out[f.name] = String(round(Number(v) * 100, 2));
    else out[f.name] = String(v);
  }
  return out;
}

/** A typed number as the forms read it, or null when it is empty or not a number. A decimal comma ("12,5") is
 * not a number here: the save refuses it, so live totals must not count it as 125 meanwhile. */
export function typedNumber(raw: string): number | null {
  if (hasDecimalComma(raw)) return null;
  const n = parseNumberInput(raw);
  return n === null || !Number.isFinite(n) ? null : n;
}

/** Form values as the API's request body (numbers parsed, rates back to fractions, empty → null). */
export function fromForm(values: FormValues, fields: FieldDef[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === "checkbox") out[f.name] = v === true;
    else if (f.kind === "multi") out[f.name] = Array.isArray(v) ? v : [];
    else if (isNumeric(f.kind)) {
      const n = typedNumber(String(v ?? ""));
      if (n === null) out[f.name] = f.emptyAsZero ? 0 : null;
      else out[f.name] = f.kind === "rate" ? round(n / 100, 4) : round(n, 2);
    } else {
      const s = String(v ?? "").trim();
      out[f.name] = s === "" ? null : s;
    }
  }
  return out;
}

function zodMessage(schema: z.ZodType, value: unknown): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? "Invalid value");
}

/** The first problem with one field's value, or null. */
export function checkField(f: FieldDef, value: FormValue | undefined): string | null {
  if (f.kind === "checkbox" || f.kind === "multi") return null;
  const raw = String(value ?? "");
  if (raw.trim() === "") return f.required ? `${f.label} is required` : null;
  if (isNumeric(f.kind)) {
    if (hasDecimalComma(raw)) return decimalCommaMessage(f.label);
    const n = parseNumberInput(raw);
    if (n === null || !Number.isFinite(n)) return `${f.label} must be a number`;
    switch (f.kind) {
      case "money":
        return zodMessage(amount(f.label), n) ?? (n > 999_999_999_999.99 ? `${f.label} is too large` : null);
      case "signed-money":
        return Math.abs(n) > 999_999_999_999.99 ? `${f.label} is too large` : null;
      case "percent":
        return zodMessage(percentage(f.label), n);
      case "age":
        return zodMessage(age(f.label), n);
      case "credit-score":
        return zodMessage(creditScore, n);
      case "rate":
      case "number":
      case "int": {
        if (f.kind === "int" && !Number.isInteger(n)) return `${f.label} must be a whole number`;
        const lo = f.min ?? (f.kind === "rate" ? -100 : 0);
        const hi = f.max ?? (f.kind === "rate" ? 100 : Number.MAX_SAFE_INTEGER);
        return n < lo || n > hi ? `${f.label} must be between ${lo} and ${hi}` : null;
      }
    }
  }
  if (f.kind === "email" && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(raw.trim())) return "Enter a valid email address";
  if (f.kind === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return `${f.label} must be a date`;
  if (f.kind === "date" && (raw < DATE_MIN || raw > DATE_MAX)) return `${f.label} must be between ${DATE_MIN.slice(0, 4)} and ${DATE_MAX.slice(0, 4)}`;
  if (f.kind === "select" && f.options && !f.options.some((o) => o.value === raw)) return `Choose a ${f.label.toLowerCase()}`;
  if (f.maxLength !== undefined && raw.length > f.maxLength) return `${f.label} must be at most ${f.maxLength} characters`;
  return null;
}

export function validate(values: FormValues, fields: FieldDef[]): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    const message = checkField(f, values[f.name]);
    if (message) errors[f.name] = message;
  }
  return errors;
}

export const CAD = (label: string, name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, label, kind: "money", ...extra });

export const PROVINCES: Option[] = CANADA_PROVINCES.map(([value, label]) => ({ value, label }));

export const options = (...pairs: [string, string][]): Option[] => pairs.map(([value, label]) => ({ value, label }));

export const labelOf = (opts: Option[], value: string | null | undefined): string => opts.find((o) => o.value === value)?.label ?? String(value ?? "");

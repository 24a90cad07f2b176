/** Field definitions for the settings forms of the web and the Expo app: how a saved record becomes form text and back, and the client-side
 * checks that mirror the API's bounds (money at least 0, percentages 0 to 100, ages 0 to 120, scores 300 to 900,
 * text lengths). Messages name the field, as the API's 422 answers do, in the language given (English by default).
 * Amounts are read in the form's language: "1 234,56" in fr-CA, "1,234.56" in en-CA (./i18n/parse-amount). */
import { provinceName, PROVINCES as CANADA_PROVINCES } from "./canada";
import { amountOrNull, amountText, parseAmount } from "./i18n/parse-amount";
import type { Locale } from "./i18n/locales";
import type { I18n, Translate } from "./i18n/messages";
import { ENGLISH, plainEnglish } from "./i18n/plain-english";
import { age, amount, creditScoreFor, numberText, percentage } from "./validation";
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

/** The message for an amount whose separators are not the language's, or could mean two amounts: en-CA "use a
 * point for decimals (12.50)", fr-CA "spaces for thousands, a comma for decimals". */
export const separatorsMessage = (label: string, t: Translate = plainEnglish) => t("validation.separators", { field: label });

const NUMERIC: FieldKind[] = ["money", "signed-money", "percent", "rate", "int", "number", "age", "credit-score"];
export const isNumeric = (kind: FieldKind) => NUMERIC.includes(kind);

const round = (n: number, places: number) => Math.round((n + Number.EPSILON) * 10 ** places) / 10 ** places;

/** A saved record (numbers, strings, nulls) as form values; numbers are written with the language's decimal mark. */
export function toForm(record: Record<string, unknown> | null | undefined, fields: FieldDef[], locale: Locale = "en-CA"): FormValues {
  const out: FormValues = {};
  for (const f of fields) {
    const v = record?.[f.name];
    if (f.kind === "checkbox") out[f.name] = v === true;
    else if (f.kind === "multi") out[f.name] = Array.isArray(v) ? v.map(String) : [];
    else if (v === null || v === undefined) out[f.name] = "";
    else if (f.kind === "rate") out[f.name] = amountText(round(Number(v) * 100, 2), locale);
    // Saved text ("5800.00") is kept as it came, with the language's decimal mark.
    else if (isNumeric(f.kind)) out[f.name] = locale === "fr-CA" ? String(v).replace(".", ",") : String(v);
    else out[f.name] = String(v);
  }
  return out;
}

/** A typed number as the forms read it, or null when it is empty or not a clear number. What the save refuses
 * ("12,5" in en-CA, "1,234" in fr-CA) counts as nothing here, so live totals never show 125 meanwhile. */
export function typedNumber(raw: string, locale: Locale = "en-CA"): number | null {
  return amountOrNull(raw, locale);
}

/** Form values as the API's request body (numbers parsed, rates back to fractions, empty → null). */
export function fromForm(values: FormValues, fields: FieldDef[], locale: Locale = "en-CA"): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === "checkbox") out[f.name] = v === true;
    else if (f.kind === "multi") out[f.name] = Array.isArray(v) ? v : [];
    else if (isNumeric(f.kind)) {
      const n = typedNumber(String(v ?? ""), locale);
      if (n === null) out[f.name] = f.emptyAsZero ? 0 : null;
      else out[f.name] = f.kind === "rate" ? round(n / 100, 4) : round(n, 2);
    } else {
      const s = String(v ?? "").trim();
      out[f.name] = s === "" ? null : s;
    }
  }
  return out;
}

function zodMessage(schema: z.ZodType, value: unknown, t: Translate): string | null {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? t("validation.invalid"));
}

/** The first problem with one field's value, or null, in the given language. */
export function checkField(f: FieldDef, value: FormValue | undefined, i18n: I18n = ENGLISH): string | null {
  const { t, locale } = i18n;
  if (f.kind === "checkbox" || f.kind === "multi") return null;
  const raw = String(value ?? "");
  const field = f.label;
  if (raw.trim() === "") return f.required ? t("validation.required", { field }) : null;
  if (isNumeric(f.kind)) {
    const parsed = parseAmount(raw, locale);
    if (parsed.kind === "separators") return separatorsMessage(field, t);
    if (parsed.kind !== "number") return t("validation.notNumber", { field });
    const n = parsed.value;
    switch (f.kind) {
      case "money":
        return zodMessage(amount(field, t), n, t) ?? (n > 999_999_999_999.99 ? t("validation.tooLarge", { field }) : null);
      case "signed-money":
        return Math.abs(n) > 999_999_999_999.99 ? t("validation.tooLarge", { field }) : null;
      case "percent":
        return zodMessage(percentage(field, i18n), n, t);
      case "age":
        return zodMessage(age(field, i18n), n, t);
      case "credit-score":
        return zodMessage(creditScoreFor(i18n), n, t);
      case "rate":
      case "number":
      case "int": {
        if (f.kind === "int" && !Number.isInteger(n)) return t("validation.wholeNumber", { field });
        const lo = f.min ?? (f.kind === "rate" ? -100 : 0);
        const hi = f.max ?? (f.kind === "rate" ? 100 : Number.MAX_SAFE_INTEGER);
        return n < lo || n > hi ? t("validation.between", { field, min: numberText(lo, locale), max: numberText(hi, locale) }) : null;
      }
    }
  }
  if (f.kind === "email" && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(raw.trim())) return t("validation.email");
  if (f.kind === "date" && !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return t("validation.date", { field });
  if (f.kind === "date" && (raw < DATE_MIN || raw > DATE_MAX)) return t("validation.between", { field, min: DATE_MIN.slice(0, 4), max: DATE_MAX.slice(0, 4) });
  if (f.kind === "select" && f.options && !f.options.some((o) => o.value === raw)) return t("validation.choose", { field, fieldLower: field.toLowerCase() });
  if (f.maxLength !== undefined && raw.length > f.maxLength) return t("validation.tooLong", { field, max: numberText(f.maxLength, locale) });
  return null;
}

export function validate(values: FormValues, fields: FieldDef[], i18n: I18n = ENGLISH): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    const message = checkField(f, values[f.name], i18n);
    if (message) errors[f.name] = message;
  }
  return errors;
}

export const CAD = (label: string, name: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, label, kind: "money", ...extra });

/** The provinces and territories as choices, named in the given language. */
export const provinceOptions = (t: Translate = plainEnglish): Option[] => CANADA_PROVINCES.map(([value]) => ({ value, label: provinceName(value, t) }));
export const PROVINCES: Option[] = provinceOptions();

export const options = (...pairs: [string, string][]): Option[] => pairs.map(([value, label]) => ({ value, label }));

export const labelOf = (opts: Option[], value: string | null | undefined): string => opts.find((o) => o.value === value)?.label ?? String(value ?? "");

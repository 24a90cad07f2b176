/** Calculator inputs of the web and the Expo app: each field is typed as text in the person's language ("1 234,56"
 * in fr-CA), checked against its bounds (the API's), and turned into the number the API expects (percent fields are
 * entered as 0-100 and sent as fractions). Messages come in the language given, English by default. */
import { separatorsMessage } from "./form-kit";
import type { Locale } from "./i18n/locales";
import type { I18n } from "./i18n/messages";
import { amountText, parseAmount } from "./i18n/parse-amount";
import { ENGLISH } from "./i18n/plain-english";
import { numberText } from "./validation";

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
export function checkField(field: NumField, raw: string, i18n: I18n = ENGLISH): Check {
  const { t, locale } = i18n;
  const label = field.label;
  const parsed = parseAmount(raw ?? "", locale);
  if (parsed.kind === "separators") return { error: separatorsMessage(label, t) };
  if (parsed.kind === "empty") return field.required ? { error: t("validation.required", { field: label }) } : { value: null };
  if (parsed.kind === "invalid") return { error: t("validation.notNumber", { field: label }) };
  const n = parsed.value;
  if (field.kind === "integer" && !Number.isInteger(n)) return { error: t("validation.wholeNumber", { field: label }) };
  const min = field.min ?? (field.kind === "money" ? 0 : undefined);
  const max = field.max ?? (field.kind === "money" ? MONEY_MAX : undefined);
  // A bound as typed in this field: "5%" / "5 %" for percents.
  const bound = (v: number) => (field.kind === "percent" ? `${numberText(v, locale)}${locale === "fr-CA" ? "\u00a0" : ""}%` : numberText(v, locale));
  const range = (): string => {
    if (field.above !== undefined) {
      return max !== undefined
        ? t("validation.aboveAtMost", { field: label, above: bound(field.above), max: bound(max) })
        : t("validation.above", { field: label, above: bound(field.above) });
    }
    if (min === undefined) return t("validation.atMost", { field: label, max: bound(max ?? 0) });
    return max !== undefined
      ? t("validation.atLeastAtMost", { field: label, min: bound(min), max: bound(max) })
      : t("validation.atLeast", { field: label, min: bound(min) });
  };
  if (field.above !== undefined && n <= field.above) return { error: range() };
  if (min !== undefined && n < min) return { error: field.kind === "money" && max === MONEY_MAX ? t("validation.negative", { field: label }) : range() };
  if (max !== undefined && n > max) return { error: range() };
  return { value: field.kind === "percent" ? n / 100 : n };
}

/** Check every field; `values` holds numbers (fractions for percents) when `errors` is empty. */
export function checkFields(fields: NumField[], raw: Record<string, string>, i18n: I18n = ENGLISH) {
  const values: Record<string, number | null> = {};
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const r = checkField(f, raw[f.name] ?? "", i18n);
    if (r.error !== undefined) errors[f.name] = r.error;
    else values[f.name] = r.value;
  }
  return { values, errors, ok: Object.keys(errors).length === 0 };
}

/** A value shown in a field: fractions back to percents, without float noise, with the language's decimal mark. */
export function toRaw(field: NumField, value: number | null | undefined, locale: Locale = "en-CA"): string {
  if (value === null || value === undefined) return "";
  const n = field.kind === "percent" ? value * 100 : value;
  return amountText(Math.round(n * 10000) / 10000, locale);
}

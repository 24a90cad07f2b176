/** Validation rules shared by the clients; the bounds match the API's (spec section 5 and our decisions). Messages
 * come from the catalogue in the language given (English by default, for callers that have none yet). */
import { z } from "zod";
import type { Locale } from "./i18n/locales";
import type { I18n, Translate } from "./i18n/messages";
import { amountOrNull, parseAmount } from "./i18n/parse-amount";
import { ENGLISH, plainEnglish } from "./i18n/plain-english";

export const MIN_PASSWORD_LENGTH = 8;

/** A bound as messages show it: no grouping, the language's decimal mark ("62.5", "62,5"). */
export const numberText = (n: number, locale: Locale = "en-CA"): string => (locale === "fr-CA" ? String(n).replace(".", ",") : String(n));

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/** The sign-in, sign-up and password forms' schemas with messages in one language. */
export function authSchemas(t: Translate = plainEnglish) {
  const email = z.string().trim().min(1, t("validation.emailRequired")).regex(EMAIL, t("validation.email"));
  const password = z.string().min(MIN_PASSWORD_LENGTH, t("validation.passwordLength", { min: String(MIN_PASSWORD_LENGTH) }));
  const matching = { message: t("validation.passwordsDiffer"), path: ["confirmPassword"] };
  return {
    email,
    password,
    signIn: z.object({ email, password: z.string().min(1, t("validation.passwordRequired")) }),
    signUp: z.object({ email, password, confirmPassword: z.string() }).refine((v) => v.password === v.confirmPassword, matching),
    resetPassword: z.object({ password, confirmPassword: z.string() }).refine((v) => v.password === v.confirmPassword, matching),
  };
}

const english = authSchemas();
export const emailSchema = english.email;
export const passwordSchema = english.password;
export const signInSchema = english.signIn;
export const signUpSchema = english.signUp;
export const resetPasswordSchema = english.resetPassword;

/** A money amount of at least 0 (field name in the message). */
export const amount = (field: string, t: Translate = plainEnglish) =>
  z.number({ error: t("validation.notNumber", { field }) }).min(0, t("validation.negative", { field }));

const between = (field: string, min: number, max: number, { t, locale }: I18n) =>
  t("validation.between", { field, min: numberText(min, locale), max: numberText(max, locale) });

/** A percentage entered as 0 to 100. */
export const percentage = (field: string, i18n: I18n = ENGLISH) =>
  z.number({ error: i18n.t("validation.notNumber", { field }) }).min(0, between(field, 0, 100, i18n)).max(100, between(field, 0, 100, i18n));

export const age = (field?: string, i18n: I18n = ENGLISH) => {
  const name = field ?? i18n.t("fields.age");
  return z
    .number({ error: i18n.t("validation.notNumber", { field: name }) })
    .int(i18n.t("validation.wholeNumber", { field: name }))
    .min(0, between(name, 0, 120, i18n))
    .max(120, between(name, 0, 120, i18n));
};

/** Canadian credit scores run from 300 to 900. */
export function creditScoreFor(i18n: I18n = ENGLISH) {
  const field = i18n.t("fields.credit.score");
  return z
    .number({ error: i18n.t("validation.notNumber", { field }) })
    .int(i18n.t("validation.wholeNumber", { field }))
    .min(300, between(field, 300, 900, i18n))
    .max(900, between(field, 300, 900, i18n));
}
export const creditScore = creditScoreFor();

/** Parse a form field as en-CA text: "" → null, "1,234.50" → 1234.5, anything else not a plain number → NaN. Only
 * digits, one point and a leading sign count: "1e6", "0x10" or "Infinity" are not amounts people type. Commas are
 * dropped; forms check them first with `parseAmount` (./i18n/parse-amount), which reads either language. */
export function parseNumberInput(raw: string): number | null {
  const r = parseAmount(raw.replace(/,/g, ""), "en-CA");
  return r.kind === "empty" ? null : r.kind === "number" ? r.value : Number.NaN;
}

export { amountOrNull, parseAmount };

/** The first message of a failed zod parse per field, for showing next to inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

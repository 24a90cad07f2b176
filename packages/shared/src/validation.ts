/** Validation rules shared by the clients; the bounds match the API's (spec section 5 and our decisions). */
import { z } from "zod";

export const MIN_PASSWORD_LENGTH = 8;

export const emailSchema = z
  .string()
  .trim()
  .min(1, "Email is required")
  .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, "Enter a valid email address");

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`);

export const signInSchema = z.object({ email: emailSchema, password: z.string().min(1, "Password is required") });

export const signUpSchema = z
  .object({ email: emailSchema, password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

export const resetPasswordSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match", path: ["confirmPassword"] });

/** A money amount of at least 0 (field name in the message). */
export const amount = (field: string) =>
  z.number({ error: `${field} must be a number` }).min(0, `${field} cannot be negative`);

/** A percentage entered as 0 to 100. */
export const percentage = (field: string) =>
  z.number({ error: `${field} must be a number` }).min(0, `${field} must be between 0 and 100`).max(100, `${field} must be between 0 and 100`);

export const age = (field = "Age") =>
  z.number({ error: `${field} must be a number` }).int(`${field} must be a whole number`).min(0, `${field} must be between 0 and 120`).max(120, `${field} must be between 0 and 120`);

/** Canadian credit scores run from 300 to 900. */
export const creditScore = z
  .number({ error: "Credit score must be a number" })
  .int("Credit score must be a whole number")
  .min(300, "Credit score must be between 300 and 900")
  .max(900, "Credit score must be between 300 and 900");

/** Parse a form field: "" → null, "1,234.50" → 1234.5, anything else not a plain number → NaN. Only digits, one
 * point and a leading sign count: "1e6", "0x10" or "Infinity" are not amounts people type. */
export function parseNumberInput(raw: string): number | null {
  const cleaned = raw.replace(/[\s,$]/g, "");
  if (cleaned === "") return null;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** The first message of a failed zod parse per field, for showing next to inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "_";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

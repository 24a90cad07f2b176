/** The English catalogue: every namespace file of ./en-CA merged. Its keys are the message ids (`MessageId`); the
 * web bundles it, since most visits are in English and every message falls back to it. */
import calculators from "./en-CA/calculators.json";
import canada from "./en-CA/canada.json";
import fields from "./en-CA/fields.json";
import validation from "./en-CA/validation.json";

export const EN_CA = { ...calculators, ...canada, ...fields, ...validation };

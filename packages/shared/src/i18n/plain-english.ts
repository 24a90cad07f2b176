/** English for code that has no ICU formatter in hand: shared helpers called without a language (the Expo app,
 * until its strings move to the catalogue, and tests). It fills `{name}` placeholders of the English catalogue and
 * nothing more, so it refuses a message with ICU syntax (plural, select, number formats) rather than show it raw:
 * messages that shared code builds this way keep to plain placeholders (a test reads them all). */
import { EN_CA } from "./en-CA";
import type { I18n, MessageId, MessageValues, Translate } from "./messages";

const ICU_ARGUMENT = /\{\s*\w+\s*,/;

/** An apostrophe before a brace or another apostrophe is ICU quoting; one inside a word ("partner's") is plain. */
const ICU_QUOTE = /'['{}]/;

export const isPlain = (message: string): boolean => !ICU_ARGUMENT.test(message) && !ICU_QUOTE.test(message);

export const plainEnglish: Translate = (id: MessageId, values?: MessageValues) => {
  const message = EN_CA[id];
  if (message === undefined) return id;
  if (!isPlain(message)) throw new Error(`message ${id} needs an ICU formatter`);
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = values?.[name];
    return v === undefined ? whole : v instanceof Date ? v.toISOString() : String(v);
  });
};

export const ENGLISH: I18n = { locale: "en-CA", t: plainEnglish };

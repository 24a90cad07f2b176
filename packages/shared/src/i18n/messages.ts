/** What code needs to name a message: its id (typed from the English catalogue, so a misspelt id does not compile),
 * the values it takes, and the translate function every screen and shared helper receives. */
import type { EN_CA } from "./en-CA";
import type { Locale } from "./locales";

export type MessageId = keyof typeof EN_CA;
export type Catalogue = Record<MessageId, string>;
export type MessageValues = Record<string, string | number | Date>;

/** Turn a message id into text in the current language. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** A language and its translate function: what shared helpers (checks, field lists) take to speak it. */
export interface I18n {
  locale: Locale;
  t: Translate;
}

/** Marks a message id kept in data (a menu entry, a field's label) to be translated where it is shown; it returns the
 * id unchanged. The catalogue check (web/scripts/check-messages.mjs) counts ids written inside msg(), t() and
 * <FormattedMessage id>, so an id stored any other way would look unused. */
export const msg = <T extends MessageId>(id: T): T => id;

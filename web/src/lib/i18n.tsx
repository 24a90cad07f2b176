/** The web's side of the message catalogue (react-intl): `useT()` gives the translate function, `useI18n()` the
 * language with it (what shared checks and field lists take), `useFormat()` money, percent, number and date
 * formatters in that language, and `<Message>` a message with markup in it ("Read the <link>guide</link>").
 * Outside the provider (a component test that renders without it) they speak English from the bundled catalogue. */
import { EN_CA } from "@firepath/shared/i18n/en-CA";
import { formattersFor, type Formatters } from "@firepath/shared/i18n/format";
import type { Locale } from "@firepath/shared/i18n/locales";
import type { I18n, MessageId, MessageValues } from "@firepath/shared/i18n/messages";
import { type ReactNode, useContext, useMemo } from "react";
import { createIntl, createIntlCache, IntlContext, type IntlShape } from "react-intl";

const english = createIntl({ locale: "en-CA", defaultLocale: "en-CA", messages: EN_CA }, createIntlCache());

function useIntlShape(): IntlShape {
  return useContext(IntlContext) ?? english;
}

/** A translator over a react-intl instance (the provider's, or a test's). */
export function i18nOf(intl: IntlShape): I18n {
  return { locale: intl.locale as Locale, t: (id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values) };
}

/** English with the full ICU formatter (plurals included): the default of the web's own helpers outside React. */
export const englishI18n: I18n = i18nOf(english);

export function useI18n(): I18n {
  const intl = useIntlShape();
  return useMemo(() => i18nOf(intl), [intl]);
}

export const useT = () => useI18n().t;

export function useFormat(): Formatters {
  const { locale } = useI18n();
  return useMemo(() => formattersFor(locale), [locale]);
}

type RichValue = string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode);

/** A message whose text holds markup or elements: `<Message id="x" values={{ link: (c) => <Link to="/">{c}</Link> }} />`. */
export function Message({ id, values }: { id: MessageId; values?: Record<string, RichValue> }) {
  const intl = useIntlShape();
  return <>{intl.formatMessage({ id }, values as Record<string, never>)}</>;
}

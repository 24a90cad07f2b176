/** The app's side of the message catalogue (react-intl over packages/shared/src/i18n, the web's catalogues plus the
 * app's own app.json): `I18nProvider` shows the language chosen (lib/locale.ts: the device's choice, else the
 * phone's language; signed in, the account's preference through LocaleSync), `useT()` gives the translate function,
 * `useI18n()` the language with it (what shared checks and field lists take), `useFormat()` money, percent, number
 * and date formatters in that language, `useLocale()` the language and its setter. `currentI18n()` is for code
 * outside React (the outbox's notices). Outside the provider (a test that renders without it) they speak English. */
import "./intl-polyfill";
import { EN_CA, EN_CA_APP } from "@firepath/shared/i18n/en-CA";
import { formattersFor, type Formatters } from "@firepath/shared/i18n/format";
import { FR_CA, FR_CA_APP } from "@firepath/shared/i18n/fr-CA";
import type { Locale } from "@firepath/shared/i18n/locales";
import type { MessageId, MessageValues } from "@firepath/shared/i18n/messages";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { createIntl, createIntlCache, IntlContext, IntlProvider, type IntlShape } from "react-intl";
import { Text } from "react-native";
import { currentLocale, onLocaleChange, saveLocale } from "./locale";
import { setRequestLanguage } from "./request-language";

/** A message of the web's catalogues or of the app's own. */
export type AppMessageId = MessageId | keyof typeof EN_CA_APP;
export type AppTranslate = (id: AppMessageId, values?: MessageValues) => string;
export interface AppI18n {
  locale: Locale;
  t: AppTranslate;
}

const ENGLISH = { ...EN_CA, ...EN_CA_APP };
/** Both catalogues are bundled (a phone has no page to load a chunk for); French falls back to English per id. */
export const MESSAGES: Record<Locale, Record<string, string>> = {
  "en-CA": ENGLISH,
  "fr-CA": { ...ENGLISH, ...FR_CA, ...FR_CA_APP },
};

const cache = createIntlCache();
const intlFor = (locale: Locale): IntlShape => createIntl({ locale, defaultLocale: "en-CA", messages: MESSAGES[locale] }, cache);
const english = intlFor("en-CA");

/** A translator over a react-intl instance (the provider's, or English). */
export const i18nOf = (intl: IntlShape): AppI18n => ({
  locale: intl.locale as Locale,
  t: (id, values) => intl.formatMessage({ id }, values),
});

/** English with the full ICU formatter, whatever is shown (tests name English text with it). */
export const englishT: AppTranslate = i18nOf(english).t;

let active: AppI18n = i18nOf(english);

/** The language shown and its translate function, for code outside React (a notice the outbox writes, a check in
 * lib/): `currentI18n().t("id")`. */
export const currentI18n = (): AppI18n => active;

interface LocaleContextValue {
  locale: Locale;
  /** Show another language (remembered on this device; the caller saves it to the account). */
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export function I18nProvider({ children, initial }: { children: ReactNode; initial?: Locale }) {
  const [locale, setLocale] = useState<Locale>(() => initial ?? currentLocale());
  useEffect(() => onLocaleChange(setLocale), []);
  const intl = useMemo(() => intlFor(locale), [locale]);
  // Before the children render, so their first requests already ask for this language.
  setRequestLanguage(locale);
  active = i18nOf(intl);
  const value = useMemo<LocaleContextValue>(
    () => ({
      locale,
      setLocale: (next) => {
        // A save sent right after the switch already asks for the new language.
        setRequestLanguage(next);
        void saveLocale(next);
      },
    }),
    [locale],
  );
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={locale} defaultLocale="en-CA" messages={MESSAGES[locale]} textComponent={Text}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

/** The language and its setter, or null outside the provider. */
export const useOptionalLocale = (): LocaleContextValue | null => useContext(LocaleContext);

export function useLocale(): LocaleContextValue {
  const ctx = useContext(LocaleContext);
  return ctx ?? { locale: "en-CA", setLocale: (next) => void saveLocale(next) };
}

export function useI18n(): AppI18n {
  const intl = useContext(IntlContext) ?? english;
  return useMemo(() => i18nOf(intl), [intl]);
}

export const useT = (): AppTranslate => useI18n().t;

export function useFormat(): Formatters {
  const { locale } = useI18n();
  return useMemo(() => formattersFor(locale), [locale]);
}

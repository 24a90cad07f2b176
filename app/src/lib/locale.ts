/** Which language the app shows before anyone signs in, and where that choice is kept on the device. The first
 * start follows the phone's language (fr* reads French, anything else English); a choice made with the language
 * switch is saved in AsyncStorage and wins from then on. Signed in, the account's saved preference decides
 * (LocaleSync in i18n.tsx). Like the server address, it is read once at start (`loadLocale`). */
import { isLocale, type Locale, matchLocale } from "@firepath/shared/i18n/locales";
import AsyncStorage from "@react-native-async-storage/async-storage";
import { getLocales } from "expo-localization";

export const LOCALE_KEY = "firepath.locale";

/** The phone's languages, most wanted first (expo-localization; else what Intl was started with). */
export function deviceLocale(): Locale {
  try {
    const tags = getLocales().map((l) => l.languageTag);
    if (tags.length) return matchLocale(tags);
  } catch {
    // no native module (a test, an old build): Intl knows the language the runtime started in
  }
  return matchLocale(Intl.DateTimeFormat().resolvedOptions().locale);
}

let current: Locale | null = null;
const listeners = new Set<(locale: Locale) => void>();

/** The language to show now: the one saved on this device once read, else the phone's. */
export const currentLocale = (): Locale => current ?? deviceLocale();

/** Reads the saved choice once at start (a listener hears when it differs from the phone's language). */
export async function loadLocale(): Promise<Locale> {
  const saved = await AsyncStorage.getItem(LOCALE_KEY).catch(() => null);
  const locale = isLocale(saved) ? saved : deviceLocale();
  setCurrent(locale);
  return locale;
}

/** Show another language, and remember it on this device. */
export async function saveLocale(locale: Locale): Promise<void> {
  setCurrent(locale);
  await AsyncStorage.setItem(LOCALE_KEY, locale);
}

function setCurrent(locale: Locale) {
  current = locale;
  // Always told: a provider started with another language (a test's) follows too; the same one is no change.
  for (const listener of listeners) listener(locale);
}

export function onLocaleChange(listener: (locale: Locale) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

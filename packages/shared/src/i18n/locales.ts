/** The languages FIRE Path speaks, and how a browser's or a saved preference's language tag maps onto one of them. */

export const LOCALES = ["en-CA", "fr-CA"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-CA";

export const isLocale = (value: unknown): value is Locale => typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The language a browser's tags ask for (`navigator.languages`, most wanted first): the first English or French tag
 * decides, so fr, fr-FR or fr-CA read fr-CA and en-US reads en-CA; a list with neither reads en-CA. */
export function matchLocale(tags: readonly string[] | string | null | undefined): Locale {
  const list = typeof tags === "string" ? [tags] : (tags ?? []);
  for (const tag of list) {
    const language = tag.toLowerCase().split(/[-_]/)[0];
    if (language === "fr") return "fr-CA";
    if (language === "en") return "en-CA";
  }
  return DEFAULT_LOCALE;
}

/** The other language: what the language switch offers. */
export const otherLocale = (locale: Locale): Locale => (locale === "fr-CA" ? "en-CA" : "fr-CA");

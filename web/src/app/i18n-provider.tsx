/** The language of the web client: English (bundled) or French (its catalogue loaded on demand). The first visit
 * follows the browser (fr* reads French, anything else English); a choice made with the language switch is kept in
 * local storage, and once signed in the saved preference (`locale`, PATCHed through /api/v1/preferences) wins.
 * `<html lang>` follows. URLs never carry the language. */
import { EN_CA } from "@firepath/shared/i18n/en-CA";
import { isLocale, type Locale, matchLocale } from "@firepath/shared/i18n/locales";
import type { Catalogue } from "@firepath/shared/i18n/messages";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { IntlProvider } from "react-intl";
import { toast } from "sonner";
import { preferencesQuery, savePreferences } from "@/api/preferences";
import { useAuth } from "@/app/auth-provider";
import { useT } from "@/lib/i18n";
import { setRequestLanguage } from "@/lib/request-language";
import { local } from "@/lib/storage";

export const LOCALE_STORAGE_KEY = "fire-path-locale";

const CATALOGUES: Record<Locale, () => Promise<Catalogue>> = {
  "en-CA": async () => EN_CA,
  // Its own chunk: an English visit never downloads it.
  "fr-CA": async () => ({ ...EN_CA, ...(await import("@firepath/shared/i18n/fr-CA")).FR_CA }),
};

/** The language before any sign-in: the one chosen in this browser, else the browser's own. */
export function initialLocale(): Locale {
  const saved = local.get(LOCALE_STORAGE_KEY);
  if (isLocale(saved)) return saved;
  return typeof navigator === "undefined" ? "en-CA" : matchLocale(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

interface LocaleContextValue {
  /** The language shown. */
  locale: Locale;
  /** Show another language (remembered in this browser; the caller saves it to the account). */
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleContextValue | null>(null);

export function I18nProvider({ children, initial = initialLocale }: { children: ReactNode; initial?: Locale | (() => Locale) }) {
  const [wanted, setWanted] = useState<Locale>(initial);
  const [shown, setShown] = useState<{ locale: Locale; messages: Catalogue } | null>(() =>
    wanted === "en-CA" ? { locale: "en-CA", messages: EN_CA } : null,
  );

  useEffect(() => {
    if (shown?.locale === wanted) return;
    let live = true;
    // Until the catalogue arrives the page keeps its language (on a first French visit, nothing is shown yet).
    CATALOGUES[wanted]().then(
      (messages) => live && setShown({ locale: wanted, messages }),
      () => live && setShown((s) => s ?? { locale: "en-CA", messages: EN_CA }),
    );
    return () => {
      live = false;
    };
  }, [wanted, shown?.locale]);

  useEffect(() => {
    if (shown) document.documentElement.lang = shown.locale;
  }, [shown]);

  const setLocale = useCallback((locale: Locale) => {
    local.set(LOCALE_STORAGE_KEY, locale);
    setWanted(locale);
  }, []);
  const value = useMemo(() => ({ locale: shown?.locale ?? wanted, setLocale }), [shown?.locale, wanted, setLocale]);

  if (!shown) return null;
  // Before the children render, so their first requests already ask for this language.
  setRequestLanguage(shown.locale);
  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider locale={shown.locale} defaultLocale="en-CA" messages={shown.messages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}

export function useLocale(): LocaleContextValue {
  const ctx = useContext(LocaleContext);
  if (!ctx) throw new Error("useLocale must be used within an I18nProvider");
  return ctx;
}

/** The language and its setter, or null outside the provider (a component test that renders a page alone). */
export const useOptionalLocale = (): LocaleContextValue | null => useContext(LocaleContext);

/** Switch the language: at once on screen and in this browser, and, signed in, in the account's preferences. */
export function useSwitchLocale() {
  const setLocale = useOptionalLocale()?.setLocale;
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const t = useT();
  return useCallback(
    (locale: Locale) => {
      if (!setLocale) return;
      setLocale(locale);
      if (!user) return;
      savePreferences({ locale }).then(
        (saved) => queryClient.setQueryData(preferencesQuery().queryKey, saved),
        () => toast.error(t("shell.language.saveFailed")),
      );
    },
    [setLocale, user, queryClient, t],
  );
}

/** Signed in, the saved preference decides the language. An account that never changed its preferences (they are
 * created with en-CA on first read) takes the language the visit already shows instead, so a French first visit
 * that signs up stays French. Renders nothing. */
export function LocaleSync() {
  const { user } = useAuth();
  const { locale, setLocale } = useLocale();
  const queryClient = useQueryClient();
  const prefs = useQuery({ ...preferencesQuery(), enabled: Boolean(user) });
  const current = useRef(locale);
  current.current = locale;
  const applied = useRef<string | null>(null);

  useEffect(() => {
    const data = prefs.data;
    if (!user || !data) return;
    const key = `${user.id}:${data.locale}:${data.updated_at}`;
    if (applied.current === key) return;
    applied.current = key;
    if (data.locale === current.current) return;
    if (data.created_at === data.updated_at) {
      void savePreferences({ locale: current.current }).then(
        (saved) => queryClient.setQueryData(preferencesQuery().queryKey, saved),
        () => undefined,
      );
    } else if (isLocale(data.locale)) {
      setLocale(data.locale);
    }
  }, [user, prefs.data, setLocale, queryClient]);

  // The server writes some text itself (the plan's sentences, the risk cards' questions, help): a change of language
  // asks for what is on screen again, in the new language.
  const asked = useRef(locale);
  useEffect(() => {
    if (asked.current === locale) return;
    asked.current = locale;
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== preferencesQuery().queryKey[0] });
  }, [locale, queryClient]);
  return null;
}

/** The analysis page's messages (packages/shared/src/i18n/<language>/analysis.json), kept out of the first load: they
 * are in neither catalogue the web bundles (EN_CA, and FR_CA for French), but come with this page, the English ones in
 * its chunk and the French ones in a small chunk of their own, fetched when the page is shown in French.
 * `<AnalysisMessages>` lays them under the messages of the language shown, so `useT()` and `<Message>` here (the web's
 * own, typed with the analysis ids as well) and every shared component inside speak them. Outside it (a test that
 * renders one card alone) they speak English, as `@/lib/i18n` does. */
import { EN_CA } from "@firepath/shared/i18n/en-CA";
// Straight from the catalogues' folder: the shared package exports no JSON file, and a re-export through en-CA.ts made
// the bundler split the first load into more pieces (4.5 KB gzipped more), though the messages stayed out of it.
import EN_CA_ANALYSIS from "../../../../packages/shared/src/i18n/en-CA/analysis.json";
import type { Locale } from "@firepath/shared/i18n/locales";
import type { MessageId, MessageValues } from "@firepath/shared/i18n/messages";
import { type ReactNode, useContext, useEffect, useMemo, useState } from "react";
import { createIntl, createIntlCache, IntlContext, IntlProvider, type IntlShape } from "react-intl";

export { useFormat } from "@/lib/i18n";

export type AnalysisId = keyof typeof EN_CA_ANALYSIS;
/** Any id this page shows: its own, or one of the shared catalogue (a chart's "Year", an account's name). */
export type AnyId = MessageId | AnalysisId;
export type AnalysisTranslate = (id: AnyId, values?: MessageValues) => string;
/** A language and its translate function, as the page's helpers take them (`I18n` with the analysis ids). */
export interface AnalysisI18n {
  locale: Locale;
  t: AnalysisTranslate;
}

/** Marks an id kept in data (a column, a rule's name) to be translated where it is shown; returns it unchanged. */
export const msg = <T extends AnyId>(id: T): T => id;

const english = createIntl(
  { locale: "en-CA", defaultLocale: "en-CA", messages: { ...EN_CA, ...EN_CA_ANALYSIS } },
  createIntlCache(),
);

const i18nOf = (intl: IntlShape): AnalysisI18n => ({
  locale: intl.locale as Locale,
  // react-intl's ids are typed as the shared catalogue's (lib/formatjs-intl.d.ts); this page's ids are as checked.
  t: (id, values) => intl.formatMessage({ id: id as MessageId }, values),
});

/** English with the full ICU formatter: the default of the page's helpers outside React (and of their tests). */
export const analysisEnglish: AnalysisI18n = i18nOf(english);

type Messages = Record<string, string>;
let french: Messages | undefined;
let frenchLoad: Promise<Messages> | undefined;

/** The French analysis messages (loaded once, then kept). Typed from the English ones, so a message missing in French
 * does not compile. Should the load fail, the page shows its English messages rather than an error, and the next
 * visit to it tries again. */
function loadFrench(): Promise<Messages> {
  frenchLoad ??= import("../../../../packages/shared/src/i18n/fr-CA/analysis.json").then(
    (m) => {
      const messages: Record<AnalysisId, string> = m.default;
      return (french = messages);
    },
    () => {
      frenchLoad = undefined;
      return {};
    },
  );
  return frenchLoad;
}

// Shown in French (the language provider sets <html lang> first), the French messages are fetched as soon as this
// page's code arrives, alongside its first requests.
if (typeof document !== "undefined" && document.documentElement.lang === "fr-CA") void loadFrench();

/** The page's messages under the language shown; `fallback` shows while the French ones load (the first time only). */
export function AnalysisMessages({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const parent = useContext(IntlContext) ?? english;
  const wantsFrench = parent.locale === "fr-CA";
  const [translated, setTranslated] = useState(french);
  useEffect(() => {
    if (!wantsFrench || translated) return;
    let live = true;
    void loadFrench().then((m) => live && setTranslated(m));
    return () => {
      live = false;
    };
  }, [wantsFrench, translated]);
  const messages = useMemo(
    (): Messages => ({ ...EN_CA_ANALYSIS, ...(parent.messages as Messages), ...(wantsFrench ? translated : undefined) }),
    [parent.messages, wantsFrench, translated],
  );
  if (wantsFrench && !translated) return <>{fallback}</>;
  return (
    <IntlProvider locale={parent.locale} defaultLocale="en-CA" messages={messages as Record<MessageId, string>}>
      {children}
    </IntlProvider>
  );
}

export function useI18n(): AnalysisI18n {
  const intl = useContext(IntlContext) ?? english;
  return useMemo(() => i18nOf(intl), [intl]);
}

export const useT = () => useI18n().t;

type RichValue = string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode);

/** A message whose text holds markup: `<Message id="x" values={{ b: (c) => <strong>{c}</strong> }} />`. */
export function Message({ id, values }: { id: AnyId; values?: Record<string, RichValue> }) {
  const intl = useContext(IntlContext) ?? english;
  return <>{intl.formatMessage({ id: id as MessageId }, values as Record<string, never>)}</>;
}

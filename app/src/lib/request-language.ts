/** The language the API and /auth/v1 should answer in (their error messages, e-mails): every request the app sends
 * carries the language shown as `Accept-Language`, which the API prefers to the saved preference. The I18nProvider
 * sets it; the API client, the auth client, the coach's stream, the settings saves and the voice upload all send
 * through `languageFetch` (as web/src/lib/request-language.ts does for the web). */
import type { Locale } from "@firepath/shared/i18n/locales";

let language: Locale = "en-CA";

export function setRequestLanguage(locale: Locale): void {
  language = locale;
}

export const requestLanguage = (): Locale => language;

/** A fetch that adds `Accept-Language` (unless the caller set one) before sending with `send`. */
export function languageFetch(send: typeof globalThis.fetch = (input, init) => globalThis.fetch(input, init)): typeof globalThis.fetch {
  return (input, init) => {
    if (typeof Request !== "undefined" && input instanceof Request && !init?.headers) {
      // Set on the request itself: copying it would read its body (an upload) a second time.
      if (!input.headers.has("Accept-Language")) input.headers.set("Accept-Language", language);
      return send(input, init);
    }
    const headers = new Headers(init?.headers ?? (typeof Request !== "undefined" && input instanceof Request ? input.headers : undefined));
    if (!headers.has("Accept-Language")) headers.set("Accept-Language", language);
    return send(input, { ...init, headers });
  };
}

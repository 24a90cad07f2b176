/** The language switch (a button naming the other language in that language: "Français" in English, "English" in
 * French, described in the language shown) and the account's side of the language: switching is immediate and
 * remembered on this device, and, signed in, saved to the account's preferences (`locale`, PATCH
 * /api/v1/preferences; offline, the change waits in the outbox). LocaleSync applies the account's saved language
 * once signed in, as the web's does, and has the server's text asked for again when the language changes. */
import { isLocale, type Locale, otherLocale } from "@firepath/shared/i18n/locales";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useContext, useEffect, useRef, useState } from "react";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { AuthContext } from "@/features/auth/auth-provider";
import { enqueueSave } from "@/features/settings/outbox";
import { isNetworkError, loadRecord, sendSave } from "@/features/settings/settings-api";
import { useLocale, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";

export const PREFERENCES_KEY = ["settings", "preferences"] as const;
const PREFERENCES_PATH = "/api/v1/preferences";

interface SavedPreferences {
  locale?: string | null;
  created_at?: string | null;
  updated_at?: string | null;
}

export const preferencesQuery = () => ({
  queryKey: [...PREFERENCES_KEY],
  queryFn: () => loadRecord<SavedPreferences>(PREFERENCES_PATH),
});

/** Switch the language: at once on screen and on this device, and, signed in, in the account's preferences. Resolves
 * to an error text when the account could not take it (the language stays switched on this device). */
export function useSwitchLocale(): (locale: Locale) => Promise<string | null> {
  const { setLocale } = useLocale();
  const session = useContext(AuthContext)?.session ?? null;
  const queryClient = useQueryClient();
  const t = useT();
  return useCallback(
    async (locale: Locale) => {
      setLocale(locale);
      if (!session) return null;
      try {
        queryClient.setQueryData(PREFERENCES_KEY, await sendSave("PATCH", PREFERENCES_PATH, { locale }));
        return null;
      } catch (error) {
        if (!isNetworkError(error)) return t("app.language.saveFailed");
        await enqueueSave({ label: t("settings.section.preferences.title"), method: "PATCH", path: PREFERENCES_PATH, body: { locale }, invalidate: [[...PREFERENCES_KEY]] });
        return null;
      }
    },
    [setLocale, session, queryClient, t],
  );
}

/** The switch: "Français" / "English", with its language for screen readers and a hint in the language shown. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { locale } = useLocale();
  const t = useT();
  const c = useColours();
  const switchTo = useSwitchLocale();
  const [problem, setProblem] = useState<string | null>(null);
  const other = otherLocale(locale);
  const label = t("shell.language.switch");
  return (
    <View style={compact ? undefined : styles.block}>
      <Pressable
        accessibilityRole="button"
        accessibilityLabel={label}
        accessibilityLanguage={other}
        accessibilityHint={t("shell.language.switchHint")}
        testID="language-switch"
        onPress={() => void switchTo(other).then(setProblem)}
        style={({ pressed }) => [compact ? styles.compact : styles.button, { borderColor: c.primary, opacity: pressed ? 0.8 : 1 }]}
      >
        <Text style={[styles.text, { color: c.primary }]}>{label}</Text>
      </Pressable>
      {problem ? (
        <Text accessibilityRole="alert" style={{ color: c.danger, fontSize: typeScale.small }}>
          {problem}
        </Text>
      ) : null}
    </View>
  );
}

/** Signed in, the saved preference decides the language. An account that never changed its preferences (they are
 * created with en-CA on first read) takes the language the app already shows instead, so a French first start that
 * signs up stays French. Renders nothing. */
export function LocaleSync() {
  const session = useContext(AuthContext)?.session ?? null;
  const { locale, setLocale } = useLocale();
  const queryClient = useQueryClient();
  const prefs = useQuery({ ...preferencesQuery(), enabled: Boolean(session) });
  const current = useRef(locale);
  current.current = locale;
  const applied = useRef<string | null>(null);
  const userId = session?.user.id;

  // What the server wrote (the plan's sentences, articles, help topics) comes in the language asked for: ask again.
  const shown = useRef(locale);
  useEffect(() => {
    if (shown.current === locale) return;
    shown.current = locale;
    void queryClient.invalidateQueries();
  }, [locale, queryClient]);

  useEffect(() => {
    const data = prefs.data;
    if (!userId || !data) return;
    const key = `${userId}:${data.locale}:${data.updated_at}`;
    if (applied.current === key) return;
    applied.current = key;
    if (data.locale === current.current) return;
    if (data.created_at && data.created_at === data.updated_at) {
      void sendSave("PATCH", PREFERENCES_PATH, { locale: current.current }).then(
        (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
        () => undefined,
      );
    } else if (isLocale(data.locale)) {
      setLocale(data.locale);
    }
  }, [userId, prefs.data, setLocale, queryClient]);
  return null;
}

const styles = StyleSheet.create({
  block: { gap: space.xs, alignItems: "flex-start" },
  button: { minHeight: 48, paddingHorizontal: space.lg, borderWidth: 1, borderRadius: 10, justifyContent: "center" },
  compact: { minHeight: 44, paddingHorizontal: space.md, justifyContent: "center" },
  text: { fontSize: typeScale.body, fontWeight: "600" },
});

/** "Offline, last updated ...": shown above any screen whose figures come from the device's cache. */
import { formatDate } from "@firepath/shared/format";
import type { Locale } from "@firepath/shared/i18n/locales";
import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { StyleSheet, Text, View } from "react-native";
import { currentI18n, useI18n } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";

export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** "Nov 28, 2026, 2:05 p.m." (fr-CA "28 nov. 2026 à 14 h 05"). */
export function lastUpdatedText(updatedAt: number, locale: Locale = "en-CA", t = currentI18n().t): string {
  const d = new Date(updatedAt);
  const time = d.toLocaleTimeString(locale, { hour: "numeric", minute: "2-digit" });
  return t("app.offline.lastUpdated", { date: formatDate(d, { locale }), time });
}

export function OfflineBanner({ updatedAt }: { updatedAt?: number }) {
  const online = useOnline();
  const c = useColours();
  const { locale, t } = useI18n();
  if (online) return null;
  const text = updatedAt
    ? t("app.offline.showingSaved", { when: lastUpdatedText(updatedAt, locale, t) })
    : t("app.offline.nothingSaved");
  return (
    <View accessibilityRole="alert" testID="offline-banner" style={[styles.banner, { backgroundColor: c.warningBg }]}>
      <Text style={[styles.text, { color: c.warning }]}>{text}</Text>
    </View>
  );
}

const styles = StyleSheet.create({
  banner: { padding: space.md, borderRadius: 8 },
  text: { fontSize: typeScale.small, fontWeight: "600" },
});

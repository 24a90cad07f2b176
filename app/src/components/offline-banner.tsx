/** "Offline, last updated ...": shown above any screen whose figures come from the device's cache. */
import { formatDate } from "@firepath/shared/format";
import { onlineManager } from "@tanstack/react-query";
import { useSyncExternalStore } from "react";
import { StyleSheet, Text, View } from "react-native";
import { space, type as typeScale, useColours } from "@/lib/theme";

export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => onlineManager.subscribe(cb),
    () => onlineManager.isOnline(),
    () => true,
  );
}

export function lastUpdatedText(updatedAt: number): string {
  const d = new Date(updatedAt);
  const time = d.toLocaleTimeString("en-CA", { hour: "numeric", minute: "2-digit" });
  return `${formatDate(d)}, ${time}`;
}

export function OfflineBanner({ updatedAt }: { updatedAt?: number }) {
  const online = useOnline();
  const c = useColours();
  if (online) return null;
  const text = updatedAt
    ? `You're offline. Showing what was saved on this device, last updated ${lastUpdatedText(updatedAt)}.`
    : "You're offline. Nothing was saved on this device for this screen yet.";
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

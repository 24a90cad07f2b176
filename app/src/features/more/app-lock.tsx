/** The biometric lock: when it is on and the app comes back from the background, the figures stay covered until
 * the person unlocks with Face ID, a fingerprint or the device passcode. */
import * as LocalAuthentication from "expo-local-authentication";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { AppState, Platform, StyleSheet, Text, View } from "react-native";
import { Button } from "@/components/ui";
import { currentI18n, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { useDevicePrefs } from "./device-prefs";

export async function biometricsAvailable(): Promise<boolean> {
  if (Platform.OS === "web") return false;
  const [hardware, enrolled] = await Promise.all([
    LocalAuthentication.hasHardwareAsync(),
    LocalAuthentication.isEnrolledAsync(),
  ]);
  return hardware && enrolled;
}

export function AppLock({ children }: { children: ReactNode }) {
  const { biometricLock } = useDevicePrefs();
  const colours = useColours();
  const t = useT();
  const [locked, setLocked] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const wentAway = useRef(false);

  const unlock = useCallback(async () => {
    setMessage(null);
    const result = await LocalAuthentication.authenticateAsync({ promptMessage: currentI18n().t("app.lock.prompt") });
    if (result.success) setLocked(false);
    else setMessage(currentI18n().t("app.lock.notUnlocked"));
  }, []);

  useEffect(() => {
    const sub = AppState.addEventListener("change", (state) => {
      if (state === "background") wentAway.current = true;
      if (state === "active" && wentAway.current && biometricLock) {
        wentAway.current = false;
        setLocked(true);
        void unlock();
      }
    });
    return () => sub.remove();
  }, [biometricLock, unlock]);

  if (!locked) return <>{children}</>;
  return (
    <View style={[styles.cover, { backgroundColor: colours.background }]} accessibilityViewIsModal>
      <Text accessibilityRole="header" style={[styles.title, { color: colours.text }]}>
        {t("app.lock.locked")}
      </Text>
      {message ? <Text style={{ color: colours.muted }}>{message}</Text> : null}
      <Button label={t("app.lock.unlock")} onPress={() => void unlock()} />
    </View>
  );
}

const styles = StyleSheet.create({
  cover: { flex: 1, alignItems: "center", justifyContent: "center", gap: space.lg, padding: space.xl },
  title: { fontSize: typeScale.title, fontWeight: "600" },
});

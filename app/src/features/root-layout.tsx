/** Providers around every screen: the query cache (kept on the device), the session, device preferences and the
 * biometric lock; then the navigation stack. */
import { QueryClientProvider } from "@tanstack/react-query";
import { Stack } from "expo-router";
import { StatusBar } from "expo-status-bar";
import { useEffect, useState } from "react";
import { SafeAreaProvider } from "react-native-safe-area-context";
import { Loading } from "@/components/ui";
import { AuthProvider } from "@/features/auth/auth-provider";
import { AppLock } from "@/features/more/app-lock";
import { DevicePrefsProvider } from "@/features/more/device-prefs";
import { startOutbox } from "@/features/settings/outbox";
import { makeQueryClient, persistQueryCache, wireOnlineManager } from "@/lib/query";
import { loadServerUrl } from "@/lib/server";
import { useColours } from "@/lib/theme";

const queryClient = makeQueryClient();

export function RootLayout() {
  const [ready, setReady] = useState(false);
  const colours = useColours();

  useEffect(() => {
    let stop: (() => void) | undefined;
    const unwire = wireOnlineManager();
    void (async () => {
      await loadServerUrl();
      stop = await persistQueryCache(queryClient);
      setReady(true);
    })();
    return () => {
      stop?.();
      unwire();
    };
  }, []);

  useEffect(() => (ready ? startOutbox(queryClient) : undefined), [ready]);

  return (
    <SafeAreaProvider>
      <QueryClientProvider client={queryClient}>
        <DevicePrefsProvider>
          <StatusBar style="auto" />
          {ready ? (
            <AuthProvider>
              <AppLock>
                <Stack
                  screenOptions={{
                    headerStyle: { backgroundColor: colours.card },
                    headerTintColor: colours.text,
                    contentStyle: { backgroundColor: colours.background },
                  }}
                >
                  <Stack.Screen name="(tabs)" options={{ headerShown: false }} />
                  <Stack.Screen name="sign-in" options={{ title: "Sign in" }} />
                  <Stack.Screen name="sign-up" options={{ title: "Create account" }} />
                  <Stack.Screen name="reset-password" options={{ title: "Reset password" }} />
                  <Stack.Screen name="auth-callback" options={{ title: "Signing in" }} />
                  <Stack.Screen name="server" options={{ title: "Server address" }} />
                  <Stack.Screen name="settings/[form]" options={{ title: "Settings" }} />
                  <Stack.Screen name="calculators/[kind]" options={{ title: "Calculator" }} />
                  <Stack.Screen name="help/[slug]" options={{ title: "Help" }} />
                  <Stack.Screen name="onboarding/voice" options={{ title: "Voice onboarding" }} />
                </Stack>
              </AppLock>
            </AuthProvider>
          ) : (
            <Loading label="Opening FIRE Path" />
          )}
        </DevicePrefsProvider>
      </QueryClientProvider>
    </SafeAreaProvider>
  );
}

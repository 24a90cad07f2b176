/** Providers around every screen: the language (the device's choice or the phone's, then the account's), the query
 * cache (kept on the device), the session, device preferences and the biometric lock; then the navigation stack. */
import { QueryClientProvider } from "@tanstack/react-query";
import { Stack } from "expo-router";
import { StatusBar } from "expo-status-bar";
import { useEffect, useState } from "react";
import { SafeAreaProvider } from "react-native-safe-area-context";
import { Loading } from "@/components/ui";
import { AuthProvider } from "@/features/auth/auth-provider";
import { AppLock } from "@/features/more/app-lock";
import { DevicePrefsProvider } from "@/features/more/device-prefs";
import { LanguageSwitch, LocaleSync } from "@/features/more/language";
import { startOutbox } from "@/features/settings/outbox";
import { I18nProvider, useT } from "@/lib/i18n";
import { loadLocale } from "@/lib/locale";
import { makeQueryClient, persistQueryCache, wireOnlineManager } from "@/lib/query";
import { loadServerUrl } from "@/lib/server";
import { useColours } from "@/lib/theme";

const queryClient = makeQueryClient();

export function RootLayout() {
  return (
    <I18nProvider>
      <Root />
    </I18nProvider>
  );
}

function Root() {
  const [ready, setReady] = useState(false);
  const colours = useColours();
  const t = useT();
  const languageSwitch = { headerRight: () => <LanguageSwitch compact /> };

  useEffect(() => {
    let stop: (() => void) | undefined;
    const unwire = wireOnlineManager();
    void (async () => {
      await Promise.all([loadServerUrl(), loadLocale()]);
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
              <LocaleSync />
              <AppLock>
                <Stack
                  screenOptions={{
                    headerStyle: { backgroundColor: colours.card },
                    headerTintColor: colours.text,
                    contentStyle: { backgroundColor: colours.background },
                  }}
                >
                  <Stack.Screen name="(tabs)" options={{ headerShown: false }} />
                  <Stack.Screen name="sign-in" options={{ title: t("auth.login.signIn"), ...languageSwitch }} />
                  <Stack.Screen name="sign-up" options={{ title: t("app.stack.createAccount"), ...languageSwitch }} />
                  <Stack.Screen name="reset-password" options={{ title: t("app.stack.resetPassword"), ...languageSwitch }} />
                  <Stack.Screen name="auth-callback" options={{ title: t("app.stack.signingIn") }} />
                  <Stack.Screen name="server" options={{ title: t("app.stack.server") }} />
                  <Stack.Screen name="settings/[form]" options={{ title: t("nav.settings") }} />
                  <Stack.Screen name="calculators/[kind]" options={{ title: t("app.stack.calculator") }} />
                  <Stack.Screen name="help/[slug]" options={{ title: t("app.stack.help") }} />
                  <Stack.Screen name="onboarding/voice" options={{ title: t("app.stack.voice") }} />
                </Stack>
              </AppLock>
            </AuthProvider>
          ) : (
            <Loading label={t("app.opening")} />
          )}
        </DevicePrefsProvider>
      </QueryClientProvider>
    </SafeAreaProvider>
  );
}

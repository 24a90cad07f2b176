/** Sign in with e-mail and password or Google; links to sign-up, password reset and the server address. */
import { useQuery } from "@tanstack/react-query";
import { Link, Redirect } from "expo-router";
import { useState } from "react";
import { KeyboardAvoidingView, Platform, View } from "react-native";
import { Body, Button, Heading, Screen, TextField } from "@/components/ui";
import { LanguageSwitch } from "@/features/more/language";
import { useT } from "@/lib/i18n";
import { languageFetch } from "@/lib/request-language";
import { serverUrl } from "@/lib/server";
import { useColours } from "@/lib/theme";
import { useAuth } from "./auth-provider";

export function SignInScreen() {
  const { session, signIn, signInWithGoogle } = useAuth();
  const c = useColours();
  const t = useT();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Which ways in this server offers (GoTrue's /auth/v1/settings): Google only when it is configured.
  const methods = useQuery({
    queryKey: ["auth-settings", serverUrl()],
    queryFn: async () => {
      const response = await languageFetch()(`${serverUrl()}/auth/v1/settings`);
      if (!response.ok) throw new Error(`auth settings: ${response.status}`);
      return (await response.json()) as { external?: { google?: boolean } };
    },
    retry: false,
  });
  const offersGoogle = methods.data?.external?.google === true;

  if (session) return <Redirect href="/" />;

  const submit = async () => {
    setError(null);
    if (!email.trim() || !password) {
      setError(t("app.auth.enterEmailAndPassword"));
      return;
    }
    setBusy(true);
    try {
      await signIn(email, password);
    } catch (e) {
      setError(e instanceof Error ? e.message : t("app.auth.couldNotSignIn"));
    } finally {
      setBusy(false);
    }
  };

  const google = async () => {
    setError(null);
    try {
      await signInWithGoogle();
    } catch (e) {
      setError(e instanceof Error ? e.message : t("app.auth.googleDidNotFinish"));
    }
  };

  return (
    <KeyboardAvoidingView style={{ flex: 1 }} behavior={Platform.OS === "ios" ? "padding" : undefined}>
      <Screen>
        <LanguageSwitch />
        <Heading>{t("app.auth.signInTitle")}</Heading>
        <Body muted>{t("app.auth.server", { url: serverUrl() })}</Body>
        <TextField
          label={t("app.auth.email")}
          value={email}
          onChangeText={setEmail}
          autoCapitalize="none"
          autoComplete="email"
          keyboardType="email-address"
          textContentType="username"
        />
        <TextField
          label={t("auth.login.password")}
          value={password}
          onChangeText={setPassword}
          secureTextEntry
          autoComplete="current-password"
          textContentType="password"
          onSubmitEditing={() => void submit()}
          error={error}
        />
        <Button label={t("auth.login.signIn")} onPress={() => void submit()} busy={busy} />
        {offersGoogle ? <Button label={t("auth.google.continue")} variant="secondary" onPress={() => void google()} /> : null}
        <View style={{ gap: 12 }}>
          <Link href="/sign-up" style={{ color: c.primary, fontSize: 16 }} accessibilityRole="link">
            {t("app.auth.createAnAccount")}
          </Link>
          <Link href="/reset-password" style={{ color: c.primary, fontSize: 16 }} accessibilityRole="link">
            {t("app.auth.forgotPassword")}
          </Link>
          <Link href="/server" style={{ color: c.primary, fontSize: 16 }} accessibilityRole="link">
            {t("app.auth.useAnotherServer")}
          </Link>
        </View>
      </Screen>
    </KeyboardAvoidingView>
  );
}

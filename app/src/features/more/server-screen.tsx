/** The server address: people run their own FIRE Path, so the app can point at any of them. */
import { router } from "expo-router";
import { useState } from "react";
import { Body, Button, Heading, Screen, TextField } from "@/components/ui";
import { useAuth } from "@/features/auth/auth-provider";
import { useT } from "@/lib/i18n";
import { languageFetch } from "@/lib/request-language";
import { defaultServerUrl, normaliseServerUrl, saveServerUrl, serverUrl } from "@/lib/server";

export function ServerScreen() {
  const { session, signOut } = useAuth();
  const t = useT();
  const [value, setValue] = useState(serverUrl());
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const save = async () => {
    setError(null);
    setChecking(true);
    try {
      const candidate = normaliseServerUrl(value);
      if (!candidate) {
        setError(t("app.server.invalid"));
        return;
      }
      const response = await languageFetch()(`${candidate}/auth/v1/settings`).catch(() => null);
      if (!response || !response.ok) {
        setError(t("app.server.noAnswer"));
        return;
      }
      if (session) await signOut();
      await saveServerUrl(value);
      router.back();
    } catch (e) {
      setError(e instanceof Error ? e.message : t("app.server.cannotUse"));
    } finally {
      setChecking(false);
    }
  };

  return (
    <Screen>
      <Heading>{t("app.server.title")}</Heading>
      <Body muted>{t("app.server.intro", { url: defaultServerUrl() })}</Body>
      <TextField
        label={t("app.server.field")}
        value={value}
        onChangeText={setValue}
        autoCapitalize="none"
        autoCorrect={false}
        keyboardType="url"
        error={error}
        hint={t("app.server.example")}
      />
      <Button label={t("app.server.checkAndSave")} onPress={() => void save()} busy={checking} />
      <Button
        label={t("app.server.useDefault")}
        variant="secondary"
        onPress={() => void saveServerUrl(null).then((url) => setValue(url))}
      />
    </Screen>
  );
}

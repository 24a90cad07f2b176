/** The server address: people run their own FIRE Path, so the app can point at any of them. */
import { router } from "expo-router";
import { useState } from "react";
import { Body, Button, Heading, Screen, TextField } from "@/components/ui";
import { useAuth } from "@/features/auth/auth-provider";
import { defaultServerUrl, normaliseServerUrl, saveServerUrl, serverUrl } from "@/lib/server";

export function ServerScreen() {
  const { session, signOut } = useAuth();
  const [value, setValue] = useState(serverUrl());
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const save = async () => {
    setError(null);
    setChecking(true);
    try {
      const candidate = normaliseServerUrl(value);
      if (!candidate) {
        setError("Enter the server's address, starting with https:// (or http:// on your own network).");
        return;
      }
      const response = await fetch(`${candidate}/auth/v1/settings`).catch(() => null);
      if (!response || !response.ok) {
        setError("No FIRE Path server answered at that address. Check it and your connection.");
        return;
      }
      if (session) await signOut();
      await saveServerUrl(value);
      router.back();
    } catch (e) {
      setError(e instanceof Error ? e.message : "That address cannot be used.");
    } finally {
      setChecking(false);
    }
  };

  return (
    <Screen>
      <Heading>Server address</Heading>
      <Body muted>
        The FIRE Path server this app uses. Changing it signs you out of the current one. The build's default is{" "}
        {defaultServerUrl()}.
      </Body>
      <TextField
        label="Server address"
        value={value}
        onChangeText={setValue}
        autoCapitalize="none"
        autoCorrect={false}
        keyboardType="url"
        error={error}
        hint="For example https://fire.example.ca"
      />
      <Button label="Check and save" onPress={() => void save()} busy={checking} />
      <Button
        label="Use the default"
        variant="secondary"
        onPress={() => void saveServerUrl(null).then((url) => setValue(url))}
      />
    </Screen>
  );
}

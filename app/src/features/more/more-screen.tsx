/** More: every settings form, the calculators, voice onboarding, and this device's settings (privacy mode, the
 * biometric lock, the server address, sign out). */
import { Link, router, type Href } from "expo-router";
import { useEffect, useState } from "react";
import { Switch, Text, View } from "react-native";
import { Body, Button, Card, Screen } from "@/components/ui";
import { useAuth } from "@/features/auth/auth-provider";
import { SETTINGS_FORMS } from "@/features/settings/forms";
import { serverUrl } from "@/lib/server";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { biometricsAvailable } from "./app-lock";
import { useDevicePrefs } from "./device-prefs";

function Row({ label, href }: { label: string; href: Href }) {
  const c = useColours();
  return (
    <Link href={href} accessibilityRole="link" style={{ color: c.primary, fontSize: typeScale.body, paddingVertical: space.sm }}>
      {label}
    </Link>
  );
}

function Toggle({ label, value, onChange, hint }: { label: string; value: boolean; onChange: (v: boolean) => void; hint: string }) {
  const c = useColours();
  return (
    <View style={{ flexDirection: "row", alignItems: "center", gap: space.md }}>
      <View style={{ flex: 1 }}>
        <Text style={{ color: c.text, fontSize: typeScale.body, fontWeight: "600" }}>{label}</Text>
        <Text style={{ color: c.muted, fontSize: typeScale.small }}>{hint}</Text>
      </View>
      <Switch accessibilityLabel={label} accessibilityHint={hint} value={value} onValueChange={onChange} />
    </View>
  );
}

export function MoreScreen() {
  const { session, signOut, signOutEverywhere } = useAuth();
  const prefs = useDevicePrefs();
  const [canLock, setCanLock] = useState(false);
  useEffect(() => {
    void biometricsAvailable().then(setCanLock);
  }, []);
  return (
    <Screen>
      <Card title="Your details">
        {SETTINGS_FORMS.map((form) => (
          <Row key={form.slug} label={form.title} href={`/settings/${form.slug}` as Href} />
        ))}
      </Card>
      <Card title="Tools">
        <Row label="FIRE calculator" href="/calculators/fire" />
        <Row label="Mortgage calculator" href="/calculators/mortgage" />
        <Row label="Tax calculator" href="/calculators/tax" />
        <Row label="Voice onboarding" href="/onboarding/voice" />
      </Card>
      <Card title="This device">
        <Toggle
          label="Privacy mode"
          hint="Hides balances and amounts on every screen."
          value={prefs.privacy}
          onChange={(privacy) => void prefs.update({ privacy })}
        />
        {canLock ? (
          <Toggle
            label="Lock with Face ID or fingerprint"
            hint="Asks to unlock when you come back to the app."
            value={prefs.biometricLock}
            onChange={(biometricLock) => void prefs.update({ biometricLock })}
          />
        ) : null}
        <Body muted>Server: {serverUrl()}</Body>
        <Button label="Change server" variant="secondary" onPress={() => router.push("/server")} />
      </Card>
      <Card title="Account">
        <Body muted>Signed in as {session?.user.email ?? "—"}</Body>
        <Button label="Sign out" variant="secondary" onPress={() => void signOut()} />
        <Button
          label="Sign out everywhere"
          variant="danger"
          accessibilityHint="Ends your sessions on every device."
          onPress={() => void signOutEverywhere()}
        />
      </Card>
    </Screen>
  );
}

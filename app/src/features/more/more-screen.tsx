/** More: every settings form, the calculators, voice onboarding, the language, and this device's settings (privacy
 * mode, the biometric lock, the server address, sign out). */
import { Link, router, type Href } from "expo-router";
import { useEffect, useState } from "react";
import { Switch, Text, View } from "react-native";
import { Body, Button, Card, Screen } from "@/components/ui";
import { useAuth } from "@/features/auth/auth-provider";
import { SETTINGS_FORMS } from "@/features/settings/forms";
import { useT } from "@/lib/i18n";
import { serverUrl } from "@/lib/server";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { biometricsAvailable } from "./app-lock";
import { useDevicePrefs } from "./device-prefs";
import { LanguageSwitch } from "./language";

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
  const t = useT();
  const [canLock, setCanLock] = useState(false);
  useEffect(() => {
    void biometricsAvailable().then(setCanLock);
  }, []);
  return (
    <Screen>
      <Card title={t("app.more.yourDetails")}>
        {SETTINGS_FORMS.map((form) => (
          <Row key={form.slug} label={t(form.title)} href={`/settings/${form.slug}` as Href} />
        ))}
      </Card>
      <Card title={t("app.more.tools")}>
        <Row label={t("app.more.fireCalculator")} href="/calculators/fire" />
        <Row label={t("app.more.mortgageCalculator")} href="/calculators/mortgage" />
        <Row label={t("app.more.taxCalculator")} href="/calculators/tax" />
        <Row label={t("app.more.voice")} href="/onboarding/voice" />
      </Card>
      <Card title={t("app.more.language")}>
        <Body muted>{t("app.more.languageHint")}</Body>
        <LanguageSwitch />
      </Card>
      <Card title={t("app.more.thisDevice")}>
        <Toggle
          label={t("app.more.privacy")}
          hint={t("app.more.privacyHint")}
          value={prefs.privacy}
          onChange={(privacy) => void prefs.update({ privacy })}
        />
        {canLock ? (
          <Toggle
            label={t("app.more.lock")}
            hint={t("app.more.lockHint")}
            value={prefs.biometricLock}
            onChange={(biometricLock) => void prefs.update({ biometricLock })}
          />
        ) : null}
        <Body muted>{t("app.more.server", { url: serverUrl() })}</Body>
        <Button label={t("app.more.changeServer")} variant="secondary" onPress={() => router.push("/server")} />
      </Card>
      <Card title={t("app.more.account")}>
        <Body muted>{t("app.more.signedInAs", { email: session?.user.email ?? "—" })}</Body>
        <Button label={t("app.more.signOut")} variant="secondary" onPress={() => void signOut()} />
        <Button
          label={t("app.more.signOutEverywhere")}
          variant="danger"
          accessibilityHint={t("app.more.signOutEverywhereHint")}
          onPress={() => void signOutEverywhere()}
        />
      </Card>
    </Screen>
  );
}

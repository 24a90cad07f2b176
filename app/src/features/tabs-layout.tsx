/** The signed-in app: four tabs (Plan, Coach, Help, More). Signed out, every tab goes to sign-in. */
import { Redirect, Tabs } from "expo-router";
import { Loading } from "@/components/ui";
import { useAuth } from "@/features/auth/auth-provider";
import { LanguageSwitch } from "@/features/more/language";
import { useT } from "@/lib/i18n";
import { useColours } from "@/lib/theme";

export function TabsLayout() {
  const { session, loading } = useAuth();
  const c = useColours();
  const t = useT();
  if (loading) return <Loading label={t("shell.guards.checkingYourSession")} />;
  if (!session) return <Redirect href="/sign-in" />;
  return (
    <Tabs
      screenOptions={{
        tabBarActiveTintColor: c.primary,
        tabBarInactiveTintColor: c.muted,
        tabBarStyle: { backgroundColor: c.card, borderTopColor: c.border },
        headerStyle: { backgroundColor: c.card },
        headerTintColor: c.text,
        // Words, not icons: each tab says what it is, and nothing is left for an icon font to draw.
        tabBarIconStyle: { display: "none" },
        tabBarLabelStyle: { fontSize: 15, fontWeight: "600" },
        tabBarLabelPosition: "beside-icon",
        // The language switch in every tab's header ("Français" / "English").
        headerRight: () => <LanguageSwitch compact />,
      }}
    >
      <Tabs.Screen name="index" options={{ title: t("app.tabs.plan"), tabBarAccessibilityLabel: t("app.tabs.plan") }} />
      <Tabs.Screen name="coach" options={{ title: t("app.tabs.coach"), tabBarAccessibilityLabel: t("app.tabs.coachLabel") }} />
      <Tabs.Screen name="help" options={{ title: t("app.tabs.help"), tabBarAccessibilityLabel: t("app.tabs.help") }} />
      <Tabs.Screen name="more" options={{ title: t("app.tabs.more"), tabBarAccessibilityLabel: t("app.tabs.moreLabel") }} />
    </Tabs>
  );
}

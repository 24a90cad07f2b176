/** The signed-in app: four tabs (Plan, Coach, Help, More). Signed out, every tab goes to sign-in. */
import { Redirect, Tabs } from "expo-router";
import { Loading } from "@/components/ui";
import { useAuth } from "@/features/auth/auth-provider";
import { useColours } from "@/lib/theme";

export function TabsLayout() {
  const { session, loading } = useAuth();
  const c = useColours();
  if (loading) return <Loading label="Checking your session" />;
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
      }}
    >
      <Tabs.Screen name="index" options={{ title: "Plan", tabBarAccessibilityLabel: "Plan" }} />
      <Tabs.Screen name="coach" options={{ title: "Coach", tabBarAccessibilityLabel: "FI coach" }} />
      <Tabs.Screen name="help" options={{ title: "Help", tabBarAccessibilityLabel: "Help" }} />
      <Tabs.Screen name="more" options={{ title: "More", tabBarAccessibilityLabel: "More: settings and tools" }} />
    </Tabs>
  );
}

/** The few building blocks every screen uses: buttons, fields, cards, figures (hidden in privacy mode), and the
 * loading, empty and error states. Every control has a screen-reader label; text scales with the system size. */
import type { ReactNode } from "react";
import {
  ActivityIndicator,
  Pressable,
  RefreshControl,
  ScrollView,
  StyleSheet,
  Text,
  TextInput,
  View,
  type TextInputProps,
} from "react-native";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { useFormat, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";

export const HIDDEN = "•••••";

export function Button({
  label,
  onPress,
  variant = "primary",
  disabled,
  busy,
  accessibilityHint,
  testID,
}: {
  label: string;
  onPress: () => void;
  variant?: "primary" | "secondary" | "danger";
  disabled?: boolean;
  busy?: boolean;
  accessibilityHint?: string;
  testID?: string;
}) {
  const c = useColours();
  const bg = variant === "primary" ? c.primary : variant === "danger" ? c.danger : "transparent";
  const fg = variant === "secondary" ? c.primary : c.primaryText;
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={label}
      accessibilityHint={accessibilityHint}
      accessibilityState={{ disabled: !!disabled || !!busy, busy: !!busy }}
      disabled={disabled || busy}
      onPress={onPress}
      testID={testID}
      style={({ pressed }) => [
        styles.button,
        { backgroundColor: bg, borderColor: c.primary, opacity: disabled ? 0.5 : pressed ? 0.8 : 1 },
      ]}
    >
      {busy ? <ActivityIndicator color={fg} /> : <Text style={[styles.buttonText, { color: fg }]}>{label}</Text>}
    </Pressable>
  );
}

export function TextField({
  label,
  error,
  hint,
  ...props
}: TextInputProps & { label: string; error?: string | null; hint?: string }) {
  const c = useColours();
  return (
    <View style={styles.field}>
      <Text style={[styles.label, { color: c.text }]}>{label}</Text>
      <TextInput
        accessibilityLabel={label}
        accessibilityHint={error ?? hint}
        placeholderTextColor={c.muted}
        style={[
          styles.input,
          { color: c.text, borderColor: error ? c.danger : c.border, backgroundColor: c.inputBg },
        ]}
        {...props}
      />
      {error ? (
        <Text accessibilityRole="alert" style={[styles.small, { color: c.danger }]}>
          {error}
        </Text>
      ) : hint ? (
        <Text style={[styles.small, { color: c.muted }]}>{hint}</Text>
      ) : null}
    </View>
  );
}

export function Card({ title, children, testID }: { title?: string; children: ReactNode; testID?: string }) {
  const c = useColours();
  return (
    <View testID={testID} style={[styles.card, { backgroundColor: c.card, borderColor: c.border }]}>
      {title ? (
        <Text accessibilityRole="header" style={[styles.cardTitle, { color: c.text }]}>
          {title}
        </Text>
      ) : null}
      {children}
    </View>
  );
}

export function Body({ children, muted, style }: { children: ReactNode; muted?: boolean; style?: object }) {
  const c = useColours();
  return <Text style={[styles.body, { color: muted ? c.muted : c.text }, style]}>{children}</Text>;
}

export function Heading({ children }: { children: ReactNode }) {
  const c = useColours();
  return (
    <Text accessibilityRole="header" style={[styles.heading, { color: c.text }]}>
      {children}
    </Text>
  );
}

/** A money figure; privacy mode shows dots (and says "hidden" to screen readers). */
export function Money({ value, whole = true, style }: { value: number | string | null | undefined; whole?: boolean; style?: object }) {
  const { privacy } = useDevicePrefs();
  const c = useColours();
  const t = useT();
  const fmt = useFormat();
  const text = privacy ? HIDDEN : fmt.money(value, { wholeDollars: whole });
  return (
    <Text accessibilityLabel={privacy ? t("app.ui.hidden") : text} style={[{ color: c.text }, style]}>
      {text}
    </Text>
  );
}

/** A scrolling screen with pull to refresh. */
export function Screen({
  children,
  onRefresh,
  refreshing = false,
}: {
  children: ReactNode;
  onRefresh?: () => void;
  refreshing?: boolean;
}) {
  const c = useColours();
  return (
    <ScrollView
      style={{ backgroundColor: c.background }}
      contentContainerStyle={styles.screen}
      keyboardShouldPersistTaps="handled"
      refreshControl={onRefresh ? <RefreshControl refreshing={refreshing} onRefresh={onRefresh} /> : undefined}
    >
      {children}
    </ScrollView>
  );
}

export function Loading({ label: given }: { label?: string }) {
  const c = useColours();
  const t = useT();
  const label = given ?? t("components.loading");
  return (
    <View style={styles.centre} accessibilityLabel={label} accessibilityRole="progressbar">
      <ActivityIndicator color={c.primary} />
      <Text style={{ color: c.muted }}>{label}…</Text>
    </View>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const c = useColours();
  const t = useT();
  return (
    <View style={styles.centre}>
      <Text accessibilityRole="alert" style={[styles.body, { color: c.danger, textAlign: "center" }]}>
        {message}
      </Text>
      {onRetry ? <Button label={t("components.pageStates.tryAgain")} variant="secondary" onPress={onRetry} /> : null}
    </View>
  );
}

export const styles = StyleSheet.create({
  button: {
    minHeight: 48,
    paddingHorizontal: space.lg,
    paddingVertical: space.sm,
    borderRadius: 10,
    borderWidth: 1,
    alignItems: "center",
    justifyContent: "center",
  },
  buttonText: { fontSize: typeScale.body, fontWeight: "600" },
  field: { gap: space.xs },
  label: { fontSize: typeScale.small, fontWeight: "600" },
  input: { minHeight: 48, borderWidth: 1, borderRadius: 8, paddingHorizontal: space.md, fontSize: typeScale.body },
  small: { fontSize: typeScale.small },
  card: { borderWidth: 1, borderRadius: 12, padding: space.lg, gap: space.sm },
  cardTitle: { fontSize: typeScale.body, fontWeight: "700" },
  body: { fontSize: typeScale.body, lineHeight: 22 },
  heading: { fontSize: typeScale.title, fontWeight: "700" },
  // Wide screens (a tablet, the web export on a desktop) keep a readable column.
  screen: { padding: space.lg, gap: space.lg, paddingBottom: space.xl * 2, width: "100%", maxWidth: 760, alignSelf: "center" },
  centre: { padding: space.xl, alignItems: "center", justifyContent: "center", gap: space.md },
});

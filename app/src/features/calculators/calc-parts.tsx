/** The calculators' shared pieces: checked number fields (each error under its field, read out as an alert), a
 * choice row, result cards, and the results block with its loading, invalid, offline and error states. */
import { ApiError } from "@firepath/shared/api";
import { checkFields, type NumField } from "@firepath/shared/calc-fields";
import type { Locale } from "@firepath/shared/i18n/locales";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { useOnline } from "@/components/offline-banner";
import { Body, HIDDEN, Loading, TextField } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { useFormat, useI18n, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";

/** The typed values, read and checked in the person's language ("12,5" in fr-CA; what could mean two amounts is
 * refused with the field's message in that language). */
export function useCalcForm(fields: NumField[], initial: Record<string, string>) {
  const i18n = useI18n();
  const { locale } = i18n;
  const [raw, setRaw] = useState<Record<string, string>>(() => inLocale(initial, locale));
  const checked = useMemo(() => checkFields(fields, raw, i18n), [fields, raw, i18n]);
  const set = (name: string, value: string) => setRaw((r) => ({ ...r, [name]: value }));
  /** Puts numbers written with a point (the examples, the plan's figures) in the fields as this language writes them. */
  const fill = useCallback((values: Record<string, string>) => setRaw((r) => ({ ...r, ...inLocale(values, locale) })), [locale]);
  return { raw, set, fill, ...checked };
}

/** "2.1" as fr-CA types it, "2,1"; English unchanged. */
function inLocale(values: Record<string, string>, locale: Locale): Record<string, string> {
  return locale === "fr-CA" ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.replace(".", ",")])) : values;
}
export type CalcForm = ReturnType<typeof useCalcForm>;

const UNIT: Record<NumField["kind"], string> = { money: " ($)", percent: " (%)", integer: "", number: "" };

export function FieldList({ fields, form, errors = form.errors }: { fields: NumField[]; form: CalcForm; errors?: Record<string, string> }) {
  return (
    <View style={{ gap: space.md }}>
      {fields.map((f) => (
        <TextField
          key={f.name}
          label={`${f.label}${UNIT[f.kind]}`}
          value={form.raw[f.name] ?? ""}
          onChangeText={(v) => form.set(f.name, v)}
          keyboardType={f.kind === "integer" ? "number-pad" : "numbers-and-punctuation"}
          autoComplete="off"
          error={errors[f.name]}
          hint={f.hint}
          testID={`field-${f.name}`}
        />
      ))}
    </View>
  );
}

export interface Option<T extends string | number> {
  value: T;
  label: string;
}

/** A single choice as a row of buttons, each carrying its selected state. */
export function Choices<T extends string | number>({ label, options, value, onChange, hint }: {
  label: string;
  options: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
  hint?: string;
}) {
  const c = useColours();
  return (
    <View style={{ gap: space.xs }} accessibilityRole="radiogroup" accessibilityLabel={label}>
      <Text style={[styles.label, { color: c.text }]}>{label}</Text>
      <View style={styles.choices}>
        {options.map((o) => {
          const on = o.value === value;
          return (
            <Pressable
              key={String(o.value)}
              accessibilityRole="radio"
              accessibilityLabel={o.label}
              accessibilityHint={label}
              accessibilityState={{ selected: on, checked: on }}
              onPress={() => onChange(o.value)}
              style={[styles.choice, { borderColor: on ? c.primary : c.border, backgroundColor: on ? c.primary : c.inputBg }]}
            >
              <Text style={[styles.choiceText, { color: on ? c.primaryText : c.text }]}>{o.label}</Text>
            </Pressable>
          );
        })}
      </View>
      {hint ? <Text style={[styles.small, { color: c.muted }]}>{hint}</Text> : null}
    </View>
  );
}

/** Money as text for details and tables (dots in privacy mode). */
export function useMoneyText() {
  const { privacy } = useDevicePrefs();
  const fmt = useFormat();
  return (value: number | string | null | undefined, whole = false) => (privacy ? HIDDEN : fmt.money(value, { wholeDollars: whole }));
}

/** One result: its label, the figure (a Money or text) and what it means. */
export function Stat({ label, value, detail, testID, emphasis }: { label: string; value: ReactNode; detail?: string; testID?: string; emphasis?: boolean }) {
  const c = useColours();
  return (
    <View
      testID={testID}
      style={[styles.stat, { borderColor: emphasis ? c.primary : c.border, backgroundColor: c.card }]}
    >
      <Text style={[styles.small, { color: c.muted }]}>{label}</Text>
      {typeof value === "string" ? <Text style={[emphasis ? styles.big : styles.figure, { color: c.text }]}>{value}</Text> : value}
      {detail ? <Text style={[styles.small, { color: c.muted }]}>{detail}</Text> : null}
    </View>
  );
}

export const figureStyle = (emphasis?: boolean) => (emphasis ? styles.big : styles.figure);

/** The results, or why there are none: invalid fields, offline, the API's error, or loading. */
export function Results({ label, invalid, query, children }: {
  label: string;
  invalid: boolean;
  query: { data?: unknown; error: unknown; fetchStatus: string; isPending: boolean; pending: boolean };
  children: ReactNode;
}) {
  const c = useColours();
  const t = useT();
  const online = useOnline();
  let notice: string | null = null;
  if (invalid) notice = t("app.calc.fixFields");
  else if (query.error) notice = query.error instanceof ApiError ? query.error.message : t("app.calc.failed");
  else if (!query.data && (!online || query.fetchStatus === "paused")) notice = t("app.calc.offline");
  return (
    <View accessibilityLabel={label} accessibilityState={{ busy: query.pending }} style={{ gap: space.md }} testID="calc-results">
      <Text accessibilityRole="header" style={[styles.heading, { color: c.text }]}>{label}</Text>
      {notice ? (
        <Text accessibilityRole="alert" style={[styles.notice, { borderColor: c.border, color: c.muted }]}>{notice}</Text>
      ) : query.data ? (
        <View accessibilityLiveRegion="polite" style={{ gap: space.md, opacity: query.pending ? 0.7 : 1 }}>{children}</View>
      ) : (
        <Loading label={t("app.calc.working")} />
      )}
    </View>
  );
}

export function Notes({ notes }: { notes?: string[] | null }) {
  if (!notes?.length) return null;
  return (
    <View style={{ gap: space.xs }}>
      {notes.map((n) => <Body key={n} muted>{`• ${n}`}</Body>)}
    </View>
  );
}

const styles = StyleSheet.create({
  label: { fontSize: typeScale.small, fontWeight: "600" },
  small: { fontSize: typeScale.small },
  choices: { flexDirection: "row", flexWrap: "wrap", gap: space.sm },
  choice: { minHeight: 44, borderWidth: 1, borderRadius: 22, paddingHorizontal: space.md, paddingVertical: space.sm, justifyContent: "center" },
  choiceText: { fontSize: typeScale.body },
  stat: { borderWidth: 1, borderRadius: 12, padding: space.md, gap: space.xs },
  figure: { fontSize: typeScale.title, fontWeight: "700" },
  big: { fontSize: typeScale.figure, fontWeight: "700" },
  heading: { fontSize: typeScale.title, fontWeight: "700" },
  notice: { borderWidth: 1, borderStyle: "dashed", borderRadius: 8, padding: space.md, fontSize: typeScale.body },
});

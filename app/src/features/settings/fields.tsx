/** FieldDefs as native controls: text inputs (numbers with the decimal keypad), choice lists for pickers (buttons
 * carrying their selected state), checkboxes, and each field's error under it, read out as an alert. */
import { type FieldDef, type FormErrors, type FormValue, type FormValues, isNumeric, type Option } from "@firepath/shared/form-kit";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { TextField } from "@/components/ui";
import { useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";

/** The unit a number field's label names: "Rent ($)", "Return (%)". */
const UNIT: Partial<Record<FieldDef["kind"], string>> = { percent: "%", rate: "%", money: "$", "signed-money": "$" };

export function ChoiceList({
  label,
  options,
  selected,
  onSelect,
  error,
  hint,
  multiple,
}: {
  label: string;
  options: Option[];
  selected: string[];
  onSelect: (value: string) => void;
  error?: string;
  hint?: string;
  multiple?: boolean;
}) {
  const c = useColours();
  return (
    <View style={styles.field} accessibilityRole={multiple ? undefined : "radiogroup"} accessibilityLabel={label}>
      <Text style={[styles.label, { color: c.text }]}>{label}</Text>
      <View style={styles.choices}>
        {options.map((o) => {
          const on = selected.includes(o.value);
          return (
            <Pressable
              key={o.value || "none"}
              accessibilityRole={multiple ? "checkbox" : "button"}
              accessibilityLabel={o.label}
              accessibilityHint={`${label}`}
              accessibilityState={multiple ? { checked: on } : { selected: on }}
              onPress={() => onSelect(o.value)}
              style={[
                styles.choice,
                { borderColor: on ? c.primary : c.border, backgroundColor: on ? c.primary : c.inputBg },
              ]}
            >
              <Text style={[styles.choiceText, { color: on ? c.primaryText : c.text }]}>
                {multiple ? `${on ? "✓ " : ""}${o.label}` : o.label}
              </Text>
            </Pressable>
          );
        })}
      </View>
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

export function Checkbox({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: string }) {
  const c = useColours();
  return (
    <View style={styles.field}>
      <Pressable
        accessibilityRole="checkbox"
        accessibilityLabel={label}
        accessibilityState={{ checked }}
        onPress={() => onChange(!checked)}
        style={styles.checkRow}
      >
        <View style={[styles.box, { borderColor: checked ? c.primary : c.border, backgroundColor: checked ? c.primary : c.inputBg }]}>
          {checked ? (
            <Text allowFontScaling={false} importantForAccessibility="no" style={{ color: c.primaryText, fontWeight: "700" }}>
              ✓
            </Text>
          ) : null}
        </View>
        <Text style={[styles.checkLabel, { color: c.text }]}>{label}</Text>
      </Pressable>
      {hint ? <Text style={[styles.small, { color: c.muted }]}>{hint}</Text> : null}
    </View>
  );
}

export function Field({
  field: f,
  value,
  error,
  onChange,
}: {
  field: FieldDef;
  value: FormValue | undefined;
  error?: string;
  onChange: (name: string, value: FormValue) => void;
}) {
  const t = useT();
  if (f.kind === "checkbox") {
    return <Checkbox label={f.label} checked={value === true} onChange={(v) => onChange(f.name, v)} hint={f.hint} />;
  }
  if (f.kind === "multi") {
    const selected = Array.isArray(value) ? value : [];
    return (
      <ChoiceList
        multiple
        label={f.label}
        options={f.options ?? []}
        selected={selected}
        hint={f.hint}
        onSelect={(v) => onChange(f.name, selected.includes(v) ? selected.filter((x) => x !== v) : [...selected, v])}
      />
    );
  }
  const text = typeof value === "string" ? value : "";
  if (f.kind === "select") {
    const opts = f.required ? (f.options ?? []) : [{ value: "", label: t("components.formFields.notSet") }, ...(f.options ?? [])];
    return (
      <ChoiceList
        label={f.required ? t("app.settings.required", { label: f.label }) : f.label}
        options={opts}
        selected={[text]}
        error={error}
        hint={f.hint}
        onSelect={(v) => onChange(f.name, v)}
      />
    );
  }
  const numeric = isNumeric(f.kind);
  const whole = f.kind === "int" || f.kind === "age" || f.kind === "credit-score";
  const unit = UNIT[f.kind];
  const named = unit ? t("app.settings.withUnit", { label: f.label, unit }) : f.label;
  return (
    <TextField
      label={f.required ? t("app.settings.required", { label: named }) : named}
      accessibilityLabel={f.label}
      value={text}
      error={error}
      hint={f.kind === "date" ? [f.hint, t("app.settings.dateHint")].filter(Boolean).join(". ") : f.hint}
      placeholder={f.kind === "date" ? t("app.settings.datePlaceholder") : f.placeholder}
      maxLength={f.maxLength}
      multiline={f.kind === "textarea"}
      keyboardType={numeric ? (whole ? "number-pad" : f.kind === "signed-money" || f.kind === "rate" ? "numbers-and-punctuation" : "decimal-pad") : f.kind === "email" ? "email-address" : "default"}
      autoCapitalize={f.kind === "text" || f.kind === "textarea" ? "sentences" : "none"}
      autoCorrect={f.kind === "textarea"}
      onChangeText={(text) => onChange(f.name, text)}
    />
  );
}

export function FormFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: FieldDef[];
  values: FormValues;
  errors: FormErrors;
  onChange: (name: string, value: FormValue) => void;
}) {
  return (
    <View style={styles.fields}>
      {fields.map((f) => (
        <Field key={f.name} field={f} value={values[f.name]} error={errors[f.name]} onChange={onChange} />
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
  fields: { gap: space.md },
  field: { gap: space.xs },
  label: { fontSize: typeScale.small, fontWeight: "600" },
  small: { fontSize: typeScale.small },
  choices: { flexDirection: "row", flexWrap: "wrap", gap: space.sm },
  choice: { minHeight: 44, paddingHorizontal: space.md, paddingVertical: space.sm, borderRadius: 8, borderWidth: 1, justifyContent: "center" },
  choiceText: { fontSize: typeScale.body },
  checkRow: { flexDirection: "row", alignItems: "center", gap: space.sm, minHeight: 44 },
  box: { width: 24, height: 24, borderRadius: 4, borderWidth: 2, alignItems: "center", justifyContent: "center" },
  checkLabel: { fontSize: typeScale.body, flexShrink: 1 },
});

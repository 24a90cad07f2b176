/** Renders FieldDefs as labelled controls: each error sits under its field, tied to it by aria-describedby, and
 * the control carries aria-invalid while it has one. */
import { DATE_MAX, DATE_MIN, type FieldDef, type FormErrors, type FormValue, type FormValues, isNumeric } from "@firepath/shared/form-kit";
import { fieldId } from "@/components/forms/form-focus";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { useT } from "@/lib/i18n";

/** Signs, not words: the same in every language. */
const DOLLAR = "$";
const REQUIRED_MARK = " *";

interface FieldProps {
  field: FieldDef;
  value: FormValue | undefined;
  error?: string;
  prefix: string;
  onChange: (name: string, value: FormValue) => void;
}

const SUFFIX: Partial<Record<FieldDef["kind"], string>> = { percent: "%", rate: "%" };

export function Field({ field: f, value, error, prefix, onChange }: FieldProps) {
  const t = useT();
  const id = fieldId(prefix, f.name);
  const describedBy = [f.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const common = { id, name: f.name, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, "aria-required": f.required || undefined };

  if (f.kind === "checkbox") {
    return (
      <div className={cn("flex flex-col gap-1", f.width === "full" && "sm:col-span-2")}>
        <div className="flex items-center gap-2">
          <input type="checkbox" className="size-4 accent-primary" checked={value === true} onChange={(e) => onChange(f.name, e.target.checked)} {...common} />
          <Label htmlFor={id}>{f.label}</Label>
        </div>
        {f.hint && <p id={`${id}-hint`} className="text-xs text-muted-foreground">{f.hint}</p>}
      </div>
    );
  }

  if (f.kind === "multi") {
    const selected = Array.isArray(value) ? value : [];
    return (
      <fieldset className={cn("flex flex-col gap-2", f.width !== "half" && "sm:col-span-2")} aria-describedby={describedBy}>
        <legend className="mb-1 text-sm font-medium">{f.label}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {f.options?.map((o) => {
            const oid = `${id}-${o.value}`;
            return (
              <span key={o.value} className="flex items-center gap-2">
                <input
                  id={oid}
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={selected.includes(o.value)}
                  onChange={(e) => onChange(f.name, e.target.checked ? [...selected, o.value] : selected.filter((v) => v !== o.value))}
                />
                <Label htmlFor={oid} className="font-normal">{o.label}</Label>
              </span>
            );
          })}
        </div>
        {f.hint && <p id={`${id}-hint`} className="text-xs text-muted-foreground">{f.hint}</p>}
      </fieldset>
    );
  }

  const text = typeof value === "string" ? value : "";
  let control;
  if (f.kind === "textarea") {
    control = <Textarea value={text} maxLength={f.maxLength} placeholder={f.placeholder} onChange={(e) => onChange(f.name, e.target.value)} {...common} />;
  } else if (f.kind === "select") {
    control = (
      <NativeSelect value={text} onChange={(e) => onChange(f.name, e.target.value)} {...common}>
        {!f.required && <option value="">{t("components.formFields.notSet")}</option>}
        {f.required && text === "" && <option value="" disabled>{t("components.formFields.choose")}</option>}
        {f.options?.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </NativeSelect>
    );
  } else {
    const numeric = isNumeric(f.kind);
    const money = f.kind === "money" || f.kind === "signed-money";
    const suffix = SUFFIX[f.kind];
    control = (
      <div className="relative">
        {money && <span className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden="true">{DOLLAR}</span>}
        <Input
          type={f.kind === "email" ? "email" : f.kind === "date" ? "date" : "text"}
          inputMode={numeric ? (f.kind === "int" || f.kind === "age" || f.kind === "credit-score" ? "numeric" : "decimal") : undefined}
          autoComplete="off"
          min={f.kind === "date" ? DATE_MIN : undefined}
          max={f.kind === "date" ? DATE_MAX : undefined}
          value={text}
          placeholder={f.placeholder}
          maxLength={f.maxLength}
          className={cn(money && "pl-7", suffix && "pr-8")}
          onChange={(e) => onChange(f.name, e.target.value)}
          {...common}
        />
        {suffix && <span className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden="true">{suffix}</span>}
      </div>
    );
  }

  return (
    <div className={cn("flex flex-col gap-2", f.width === "full" && "sm:col-span-2")}>
      <Label htmlFor={id}>
        {f.label}
        {f.required && <span aria-hidden="true" className="text-destructive">{REQUIRED_MARK}</span>}
      </Label>
      {control}
      {f.hint && <p id={`${id}-hint`} className="text-xs text-muted-foreground">{f.hint}</p>}
      {error && <p id={`${id}-error`} className="text-sm text-destructive">{error}</p>}
    </div>
  );
}

export function FormFields({ fields, values, errors, prefix, onChange }: {
  fields: FieldDef[];
  values: FormValues;
  errors: FormErrors;
  prefix: string;
  onChange: (name: string, value: FormValue) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((f) => (
        <Field key={f.name} field={f} value={values[f.name]} error={errors[f.name]} prefix={prefix} onChange={onChange} />
      ))}
    </div>
  );
}

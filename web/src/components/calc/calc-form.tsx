/** The calculators' shared pieces: validated number inputs (errors tied to their field), a results region that
 * announces new results politely, stat tiles, and the API error / loading states. */
import { ApiError } from "@firepath/shared/api";
import { checkFields, type NumField } from "@firepath/shared/calc-fields";
import type { Locale } from "@firepath/shared/i18n/locales";
import { amountText } from "@firepath/shared/i18n/parse-amount";
import { AlertCircle } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useI18n, useT } from "@/lib/i18n";

/** Inputs beside results from lg up, stacked below. The base grid-cols-1 (minmax(0, 1fr)) lets the column shrink to
 * the screen: an implicit auto column grew to the schedule table's width, so at 390px the Mortgage and Investment
 * tabs scrolled sideways (the page was 663px and 565px wide). */
export const CALC_LAYOUT = "grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]";

/** The example values are written as code writes numbers ("4.5"); a field shows them as people type them in the page's
 * language ("4,5" in French). */
function inLanguage(values: Record<string, string>, locale: Locale): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, /^-?\d+\.\d+$/.test(v) ? amountText(Number(v), locale) : v]));
}

export function useCalcForm(fields: NumField[], initial: Record<string, string>) {
  const i18n = useI18n();
  const [raw, setRaw] = useState<Record<string, string>>(() => inLanguage(initial, i18n.locale));
  const checked = useMemo(() => checkFields(fields, raw, i18n), [fields, raw, i18n]);
  const set = (name: string, value: string) => setRaw((r) => ({ ...r, [name]: value }));
  return { raw, set, setRaw, ...checked };
}

const UNIT: Record<NumField["kind"], string | null> = { money: "$", percent: "%", integer: null, number: null };

export function NumInput({ field, value, error, prefix, onChange }: {
  field: NumField;
  value: string;
  error?: string;
  prefix: string;
  onChange: (name: string, value: string) => void;
}) {
  const t = useT();
  const id = `${prefix}-${field.name}`;
  const describedBy = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  const unit = UNIT[field.kind];
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>
        {field.label}
        {unit && <span className="sr-only"> {unit === "$" ? t("components.calcForm.dollars") : t("components.calcForm.percent")}</span>}
      </Label>
      <div className="relative">
        {unit === "$" && <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground">{unit}</span>}
        <Input
          id={id}
          name={field.name}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(field.name, e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          aria-required={field.required || undefined}
          className={cn(unit === "$" && "pl-7", unit === "%" && "pr-8")}
        />
        {unit === "%" && <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-muted-foreground">{unit}</span>}
      </div>
      {field.hint && <p id={`${id}-hint`} className="text-xs text-muted-foreground">{field.hint}</p>}
      {error && <p id={`${id}-error`} className="text-xs font-medium text-destructive">{error}</p>}
    </div>
  );
}

export function FieldGrid({ fields, form, prefix }: { fields: NumField[]; form: ReturnType<typeof useCalcForm>; prefix: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((f) => (
        <NumInput key={f.name} field={f} prefix={prefix} value={form.raw[f.name] ?? ""} error={form.errors[f.name]} onChange={form.set} />
      ))}
    </div>
  );
}

export function Stat({ label, value, detail, testId, emphasis }: { label: string; value: ReactNode; detail?: ReactNode; testId?: string; emphasis?: boolean }) {
  return (
    <div className={cn("rounded-lg border p-4", emphasis && "border-primary/50 bg-primary/5")}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn("mt-1 font-semibold tabular-nums", emphasis ? "text-2xl" : "text-lg")} data-testid={testId}>{value}</dd>
      {detail && <dd className="mt-1 text-xs text-muted-foreground">{detail}</dd>}
    </div>
  );
}

/** Results: a loading skeleton first, then the summary (a polite live region, so new figures are read out) and
 * the details (tables, charts: not announced), kept on screen while newer ones load; or the reason there are
 * none (invalid inputs or the API's error). */
export function Results({ label, invalid, error, loading, pending, summary, children }: {
  label: string;
  invalid: boolean;
  error: unknown;
  loading: boolean;
  pending: boolean;
  summary: ReactNode;
  children?: ReactNode;
}) {
  const t = useT();
  let body: ReactNode = null;
  if (invalid) body = <Notice>{t("components.calcForm.fixTheHighlightedFields")}</Notice>;
  else if (error) body = <Notice>{error instanceof ApiError ? error.message : t("components.calcForm.theCalculationFailedPlease")}</Notice>;
  else if (loading) body = (
    <div role="status" className="grid gap-3 sm:grid-cols-2" aria-label={t("components.calcForm.loadingResults")}>
      {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-20" />)}
    </div>
  );
  const ready = body === null;
  return (
    <section aria-label={label} aria-busy={pending || loading} className="flex flex-col gap-4">
      <div aria-live="polite" className="flex flex-col gap-4">{ready ? summary : body}</div>
      {ready && children}
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
      <AlertCircle className="size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}

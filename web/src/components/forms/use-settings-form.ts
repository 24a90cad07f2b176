/** State and saving for the settings forms: values as text, errors by field (client checks first, then the API's
 * 422 details), focus on the first invalid field, and a save that toasts the spec's texts, records a form_submit
 * event and refreshes the saved data and the profile completion. */
import { ApiError } from "@firepath/shared/api";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { checkField, type FieldDef, type FormErrors, type FormValue, type FormValues, fromForm, toForm, validate } from "@firepath/shared/form-kit";
import type { Translate } from "@firepath/shared/i18n/messages";
import { plainEnglish } from "@firepath/shared/i18n/plain-english";
import { focusFirstError, incompleteDates } from "@/components/forms/form-focus";
import { trackFormSubmit } from "@/lib/analytics";
import { useI18n } from "@/lib/i18n";

/** The API's 422 details ({field, message}) as errors by field name, for the fields this form has. */
export function serverFieldErrors(error: unknown, fields: FieldDef[], t: Translate = plainEnglish): FormErrors {
  const out: FormErrors = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return out;
  for (const d of error.details as { field?: string; message?: string }[]) {
    const name = d.field?.split(".").pop();
    const f = fields.find((x) => x.name === name);
    if (f && !out[f.name]) out[f.name] = t("components.form.serverError", { field: f.label, message: d.message ?? t("components.form.notValid") });
  }
  return out;
}

export function useFormState(fields: FieldDef[], prefix: string, record?: Record<string, unknown> | null) {
  const i18n = useI18n();
  const [values, setValues] = useState<FormValues>(() => toForm(record, fields, i18n.locale));
  const [errors, setErrors] = useState<FormErrors>({});

  // Fill the form once the saved record arrives (and again after a save refreshes it). This happens while
  // rendering, not in an effect, so the form never paints one frame of defaults before the saved values.
  const [filledFrom, setFilledFrom] = useState({ record, fields });
  if (filledFrom.record !== record || filledFrom.fields !== fields) {
    setFilledFrom({ record, fields });
    if (record !== undefined) setValues(toForm(record, fields, i18n.locale));
  }

  const onChange = useCallback((name: string, value: FormValue) => {
    setValues((v) => ({ ...v, [name]: value }));
    // Once a field has shown an error, re-check it as the user types so the message clears when fixed.
    setErrors((e) => {
      if (!e[name]) return e;
      const f = fields.find((x) => x.name === name);
      const message = f ? checkField(f, value, i18n) : null;
      const next = { ...e };
      if (message) next[name] = message;
      else delete next[name];
      return next;
    });
  }, [fields, i18n]);

  /** Validate; on failure show the errors and focus the first; on success return the request body. */
  const check = useCallback((): Record<string, unknown> | null => {
    const found = { ...incompleteDates(fields, prefix, i18n.t), ...validate(values, fields, i18n) };
    setErrors(found);
    if (Object.keys(found).length > 0) {
      window.setTimeout(() => focusFirstError(found, fields, prefix), 0);
      return null;
    }
    return fromForm(values, fields, i18n.locale);
  }, [values, fields, prefix, i18n]);

  const showServerErrors = useCallback((error: unknown) => {
    const found = serverFieldErrors(error, fields, i18n.t);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      window.setTimeout(() => focusFirstError(found, fields, prefix), 0);
    }
  }, [fields, prefix, i18n]);

  return { values, setValues, errors, setErrors, onChange, check, showServerErrors };
}

export interface SaveOptions<TVars, TData> {
  save: (vars: TVars) => Promise<TData>;
  /** Query keys whose data the save changes; the completion is always refreshed too. */
  invalidate: QueryKey[];
  success: string | ((data: TData) => string | null);
  /** A second line under the success toast. */
  detail?: (data: TData) => string | null;
  failure: string | ((error: Error) => string);
  /** Name of the form_submit analytics event. */
  form: string;
  onError?: (error: Error) => void;
  onSuccess?: (data: TData) => void;
}

export function useSettingsSave<TVars, TData>(o: SaveOptions<TVars, TData>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: o.save,
    onSuccess: async (data) => {
      const text = typeof o.success === "function" ? o.success(data) : o.success;
      if (text) toast.success(text, { description: o.detail?.(data) ?? undefined });
      void trackFormSubmit(o.form, { success: true });
      o.onSuccess?.(data);
      await Promise.all([...o.invalidate, ["completion"]].map((queryKey) => qc.invalidateQueries({ queryKey })));
    },
    onError: (error: Error) => {
      toast.error(typeof o.failure === "function" ? o.failure(error) : o.failure);
      void trackFormSubmit(o.form, { success: false, code: error instanceof ApiError ? error.code : "error" });
      o.onError?.(error);
    },
  });
}

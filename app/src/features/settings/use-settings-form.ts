/** State and saving for the settings forms: values as text, errors by field (client checks first, then the API's
 * 422 details), and a save that goes to the server when it can and waits on the device (the outbox) when it
 * cannot. Nothing typed is lost: the values stay in the form whatever the save's outcome. */
import { checkField, type FieldDef, type FormErrors, type FormValue, type FormValues, fromForm, toForm, validate } from "@firepath/shared/form-kit";
import { type SettingsFields, settingsFields } from "@firepath/shared/settings-fields";
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useCallback, useMemo, useRef, useState } from "react";
import { useOnline } from "@/components/offline-banner";
import { type AppTranslate, currentI18n, useI18n, useT } from "@/lib/i18n";
import { enqueueSave } from "./outbox";
import { errorMessage, isNetworkError, type SaveMethod, sendSave, serverDetails } from "./settings-api";

/** The web's settings fields (labels, options, hints) in the language shown. */
export function useSettingsFields(): SettingsFields {
  const t = useT();
  return useMemo(() => settingsFields(t), [t]);
}

/** The API's 422 details as errors by field name, for the fields this form has. */
export function serverFieldErrors(error: unknown, fields: FieldDef[], t: AppTranslate = currentI18n().t): FormErrors {
  const out: FormErrors = {};
  for (const d of serverDetails(error)) {
    const name = d.field.split(".").pop();
    const f = fields.find((x) => x.name === name);
    if (f && !out[f.name]) out[f.name] = t("app.settings.fieldError", { field: f.label, message: d.message });
  }
  return out;
}

export function useFormState(fields: FieldDef[], record?: Record<string, unknown> | null) {
  // Saved numbers shown with the language's decimal mark; what is typed read and checked in that language.
  const i18n = useI18n();
  const { locale } = i18n;
  const [values, setValues] = useState<FormValues>(() => toForm(record, fields, locale));
  const [errors, setErrors] = useState<FormErrors>({});

  // Fill the form once the saved record arrives (and again after a save refreshes it), while rendering.
  const [filledFrom, setFilledFrom] = useState({ record, fields });
  if (filledFrom.record !== record || filledFrom.fields !== fields) {
    setFilledFrom({ record, fields });
    if (record !== undefined) setValues(toForm(record, fields, locale));
  }

  const onChange = useCallback(
    (name: string, value: FormValue) => {
      setValues((v) => ({ ...v, [name]: value }));
      // Once a field has shown an error, re-check it as the person types so the message clears when fixed.
      setErrors((e) => {
        if (!e[name]) return e;
        const f = fields.find((x) => x.name === name);
        const message = f ? checkField(f, value, i18n) : null;
        const next = { ...e };
        if (message) next[name] = message;
        else delete next[name];
        return next;
      });
    },
    [fields, i18n],
  );

  /** Validate; on failure show the errors and return null, else the request body. */
  const check = useCallback((): Record<string, unknown> | null => {
    const found = validate(values, fields, i18n);
    setErrors(found);
    return Object.keys(found).length > 0 ? null : fromForm(values, fields, locale);
  }, [values, fields, i18n, locale]);

  const showServerErrors = useCallback(
    (error: unknown) => {
      const found = serverFieldErrors(error, fields, i18n.t);
      if (Object.keys(found).length > 0) setErrors(found);
    },
    [fields, i18n],
  );

  return { values, setValues, errors, setErrors, onChange, check, showServerErrors, locale };
}

export type FormState = ReturnType<typeof useFormState>;

export interface SaveRequest {
  method: SaveMethod;
  path: string;
  body?: unknown;
  /** What the person would call it in the list of saves waiting to be sent. */
  label: string;
  /** The settings queries the save changes; ["plan"] is always refreshed too (the figures change). */
  invalidate: QueryKey[];
  /** The record's updated_at when the form was loaded, when it has one. */
  baseUpdatedAt?: string | null;
}

export type SaveOutcome = { status: "sent"; data: unknown } | { status: "queued" } | { status: "failed"; error: unknown };

export type SaveStatus = { kind: "saved"; text: string } | { kind: "queued" } | { kind: "error"; text: string } | null;

/** Runs saves: online, to the server (then refreshes what it changed and the plan); offline or when the
 * connection drops, into the outbox to be sent later. */
export function useOfflineSave() {
  const qc = useQueryClient();
  const online = useOnline();
  const { t } = useI18n();
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<SaveStatus>(null);
  const busy = useRef(false);

  const queue = useCallback(async (r: SaveRequest) => {
    await enqueueSave({
      label: r.label,
      method: r.method,
      path: r.path,
      body: r.body,
      invalidate: [...r.invalidate, ["plan"]].map((k) => k.map(String)),
      ...(r.baseUpdatedAt ? { baseUpdatedAt: r.baseUpdatedAt } : {}),
    });
  }, []);

  /** Run several requests as one save (savings sends its summary and its items); `success` is shown when all went. */
  const run = useCallback(
    async (requests: SaveRequest[], success: string): Promise<SaveOutcome> => {
      if (busy.current) return { status: "failed", error: new Error(t("app.settings.saveRunning")) };
      busy.current = true;
      setPending(true);
      setStatus(null);
      try {
        if (!online) {
          for (const r of requests) await queue(r);
          setStatus({ kind: "queued" });
          return { status: "queued" };
        }
        let data: unknown = null;
        for (let i = 0; i < requests.length; i += 1) {
          const r = requests[i]!;
          try {
            data = await sendSave(r.method, r.path, r.body);
          } catch (error) {
            if (!isNetworkError(error)) {
              setStatus({ kind: "error", text: errorMessage(error, t) });
              return { status: "failed", error };
            }
            for (const rest of requests.slice(i)) await queue(rest);
            setStatus({ kind: "queued" });
            return { status: "queued" };
          }
        }
        const keys = [...requests.flatMap((r) => r.invalidate), ["plan"]];
        await Promise.all(keys.map((queryKey) => qc.invalidateQueries({ queryKey })));
        setStatus({ kind: "saved", text: success });
        return { status: "sent", data };
      } finally {
        busy.current = false;
        setPending(false);
      }
    },
    [online, qc, queue, t],
  );

  const save = useCallback((request: SaveRequest, success: string) => run([request], success), [run]);

  return { save, run, pending, status, setStatus };
}

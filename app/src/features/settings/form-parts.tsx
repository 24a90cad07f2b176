/** The building blocks of the settings forms: one record's form (load, fields in sections, save), a list of saved
 * items with add, edit and delete (with a confirmation), editable rows saved as one list, and the line that says
 * how the last save went ("Saved on this device, waiting to send" when it waits in the outbox). */
import { checkField, type FieldDef, type FormErrors, type FormValue, type FormValues, fromForm, toForm, validate } from "@firepath/shared/form-kit";
import { type QueryKey, useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useMemo, useRef, useState } from "react";
import { Pressable, StyleSheet, Text, View } from "react-native";
import { Body, Button, Card, ErrorState, Loading } from "@/components/ui";
import { useI18n, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { Field, FormFields } from "./fields";
import { useAuth } from "@/features/auth/auth-provider";
import { useOutbox } from "./outbox";
import { loadRecord, type SaveMethod } from "./settings-api";
import { type SaveStatus, useFormState, useOfflineSave } from "./use-settings-form";

export function SaveStatusLine({ status }: { status: SaveStatus }) {
  const c = useColours();
  const t = useT();
  if (!status) return null;
  const text = status.kind === "queued" ? t("app.settings.queued") : status.text;
  const colour = status.kind === "error" ? c.danger : status.kind === "queued" ? c.warning : c.success;
  return (
    <Text
      testID="save-status"
      accessibilityRole={status.kind === "error" ? "alert" : undefined}
      accessibilityLiveRegion="polite"
      style={[styles.status, { color: colour }]}
    >
      {text}
    </Text>
  );
}

/** A small action on a list row: shows "Edit", tells screen readers "Edit account Everyday" ("Modifier le compte
 * Everyday"). */
function RowAction({ label, name, onPress }: { label: string; name: string; onPress: () => void }) {
  const c = useColours();
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={name}
      onPress={onPress}
      style={({ pressed }) => [styles.rowAction, { borderColor: c.primary, opacity: pressed ? 0.8 : 1 }]}
    >
      <Text style={[styles.rowActionText, { color: c.primary }]}>{label}</Text>
    </Pressable>
  );
}

export function SectionTitle({ children }: { children: string }) {
  const c = useColours();
  return (
    <Text accessibilityRole="header" style={[styles.section, { color: c.text }]}>
      {children}
    </Text>
  );
}

/** The record's updated_at, when it has one (the outbox's conflict check compares it with the server's). */
export const updatedAtOf = (data: unknown): string | undefined => {
  const v = (data as { updated_at?: unknown } | null | undefined)?.updated_at;
  return typeof v === "string" ? v : undefined;
};

export interface RecordSpec {
  /** The form's title: the label of its saves in the outbox. */
  formTitle: string;
  cardTitle: string;
  description?: ReactNode;
  queryKey: QueryKey;
  path: string;
  method: Extract<SaveMethod, "PUT" | "PATCH">;
  /** The record may not exist yet (the API answers 404). */
  allow404?: boolean;
  sections: { title?: string; fields: FieldDef[]; footer?: (values: FormValues) => ReactNode }[];
  /** The saved data as the form's record (defaults for a first visit); the data itself by default. */
  toRecord?: (data: unknown) => Record<string, unknown> | null;
  /** The checked form values as the request body; the values themselves by default. */
  toBody?: (body: Record<string, unknown>) => unknown;
  submitLabel: string;
  success: string;
  loadError: string;
  /** Shown under the fields (a live total). */
  footer?: (values: FormValues) => ReactNode;
}

export function RecordForm({ spec }: { spec: RecordSpec }) {
  const fields = useMemo(() => spec.sections.flatMap((s) => s.fields), [spec]);
  const query = useQuery({
    queryKey: spec.queryKey,
    queryFn: () => loadRecord<unknown>(spec.path, { allow404: spec.allow404 }),
  });
  const { toRecord } = spec;
  // A change waiting in the outbox is what the person last saved: show it rather than the older server copy.
  const { queue } = useOutbox(useAuth().session?.user.id ?? null);
  const waiting = [...queue].reverse().find((q) => q.path === spec.path && q.method === spec.method && !q.error);
  const source = waiting ? waiting.body : query.data;
  const derived = query.data === undefined ? undefined : toRecord ? toRecord(source) : ((source ?? null) as Record<string, unknown> | null);
  // Refill only when the record's own values change (a refresh that brings the same values keeps what is typed).
  const derivedKey = JSON.stringify(derived);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const record = useMemo(() => derived, [derivedKey]);
  const form = useFormState(fields, record);
  const saver = useOfflineSave();
  const t = useT();

  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState message={spec.loadError} onRetry={() => void query.refetch()} />;

  const submit = async () => {
    const body = form.check();
    if (!body) {
      saver.setStatus(null);
      return;
    }
    const outcome = await saver.save(
      {
        method: spec.method,
        path: spec.path,
        body: spec.toBody ? spec.toBody(body) : body,
        label: spec.formTitle,
        invalidate: [spec.queryKey],
        baseUpdatedAt: updatedAtOf(query.data),
      },
      spec.success,
    );
    if (outcome.status === "failed") form.showServerErrors(outcome.error);
  };

  return (
    <Card title={spec.cardTitle}>
      {spec.description ? <Body muted>{spec.description}</Body> : null}
      {waiting && !saver.status ? <Body muted>{t("app.settings.showingQueued")}</Body> : null}
      {spec.sections.map((s, i) => (
        <View key={s.title ?? i} style={styles.group}>
          {s.title ? <SectionTitle>{s.title}</SectionTitle> : null}
          <FormFields fields={s.fields} values={form.values} errors={form.errors} onChange={form.onChange} />
          {s.footer?.(form.values)}
        </View>
      ))}
      {spec.footer?.(form.values)}
      <SaveStatusLine status={saver.status} />
      <Button label={saver.pending ? t("settings.crudList.saving") : spec.submitLabel} busy={saver.pending} onPress={() => void submit()} />
    </Card>
  );
}

export interface ListTexts {
  /** Singular noun in lower case ("account", "compte"), and its gender for the ICU select of the messages that name
   * it ("masculine", "feminine", "elided" for l'objectif, "other" in English): the web's settings.noun.* ids. */
  noun: string;
  gender: string;
  added: string;
  updated: string;
  deleted: string;
  empty: string;
  emptyHint?: string;
  loadError: string;
}

export interface ListSpec<T extends { id: string }> {
  formTitle: string;
  title: string;
  queryKey: QueryKey;
  /** Invalidated after each change (["settings", "credit"] refreshes the cards, lines and utilization). */
  invalidate?: QueryKey;
  path: string;
  fields: FieldDef[];
  defaults?: Record<string, unknown>;
  texts: ListTexts;
  render: (item: T) => ReactNode;
  description?: (items: T[]) => string;
  itemLabel?: (item: T) => string;
}

export const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function defaultItemLabel(item: object): string {
  const r = item as Record<string, unknown>;
  return String(r.name ?? r.account_name ?? r.description ?? r.type ?? "");
}

export function CrudList<T extends { id: string }>({ spec }: { spec: ListSpec<T> }) {
  const c = useColours();
  const query = useQuery({ queryKey: spec.queryKey, queryFn: () => loadRecord<T[]>(spec.path) });
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const form = useFormState(spec.fields, undefined);
  const saver = useOfflineSave();
  const { locale, t } = useI18n();
  const { noun, gender } = spec.texts;
  const labelOf = spec.itemLabel ?? defaultItemLabel;
  const invalidate = [spec.invalidate ?? spec.queryKey];

  const open = (item: T | "new") => {
    form.setValues(toForm(item === "new" ? (spec.defaults ?? {}) : (item as unknown as Record<string, unknown>), spec.fields, locale));
    form.setErrors({});
    saver.setStatus(null);
    setDeleting(null);
    setEditing(item);
  };

  const submit = async () => {
    const body = form.check();
    if (!body || editing === null) return;
    const isNew = editing === "new";
    const name = labelOf(body as unknown as T) || noun;
    const outcome = await saver.save(
      {
        method: isNew ? "POST" : "PUT",
        path: isNew ? spec.path : `${spec.path}/${editing.id}`,
        body,
        label: isNew ? t("app.settings.addLabel", { form: spec.formTitle, noun, name }) : t("app.settings.changeLabel", { form: spec.formTitle, noun, name }),
        invalidate,
      },
      isNew ? spec.texts.added : spec.texts.updated,
    );
    if (outcome.status === "failed") form.showServerErrors(outcome.error);
    else setEditing(null);
  };

  const remove = async (item: T) => {
    const outcome = await saver.save(
      {
        method: "DELETE",
        path: `${spec.path}/${item.id}`,
        label: t("app.settings.deleteLabel", { form: spec.formTitle, noun, name: labelOf(item) }),
        invalidate,
      },
      spec.texts.deleted,
    );
    if (outcome.status !== "failed") setDeleting(null);
  };

  const items = query.data ?? [];
  return (
    <Card title={spec.title}>
      {query.data?.length && spec.description ? <Body muted>{spec.description(query.data)}</Body> : null}
      <SaveStatusLine status={editing === null ? saver.status : null} />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState message={spec.texts.loadError} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <View style={styles.empty}>
          <Text style={[styles.emptyTitle, { color: c.text }]}>{spec.texts.empty}</Text>
          {spec.texts.emptyHint ? <Body muted>{spec.texts.emptyHint}</Body> : null}
        </View>
      ) : (
        <View accessibilityLabel={spec.title} style={styles.list}>
          {items.map((item) => (
            <View key={item.id} testID={`item-${item.id}`} style={[styles.item, { borderColor: c.border }]}>
              {spec.render(item)}
              <View style={styles.actions}>
                <RowAction label={t("app.settings.edit")} name={t("settings.crudList.edit", { noun, gender, item: labelOf(item) })} onPress={() => open(item)} />
                <RowAction label={t("settings.crudList.delete2")} name={t("settings.crudList.delete", { noun, gender, item: labelOf(item) })} onPress={() => { setEditing(null); setDeleting(item); }} />
              </View>
              {deleting?.id === item.id ? (
                <View accessibilityRole="alert" testID="delete-confirm" style={[styles.confirm, { borderColor: c.danger }]}>
                  <Text style={[styles.emptyTitle, { color: c.text }]}>{t("settings.crudList.deleteThis", { noun, gender })}</Text>
                  <Body>{t("settings.crudList.willBeRemoved", { noun, gender, deleting: labelOf(item) })}</Body>
                  <SaveStatusLine status={saver.status?.kind === "error" ? saver.status : null} />
                  <View style={styles.actions}>
                    <Button label={t("settings.crudList.cancel")} variant="secondary" onPress={() => setDeleting(null)} />
                    <Button label={saver.pending ? t("settings.crudList.deleting") : t("settings.crudList.delete2")} variant="danger" busy={saver.pending} accessibilityHint={t("app.settings.removes", { noun, gender, item: labelOf(item) })} onPress={() => void remove(item)} testID="confirm-delete" />
                  </View>
                </View>
              ) : null}
            </View>
          ))}
        </View>
      )}
      {editing !== null ? (
        <View testID="item-form" style={[styles.editor, { borderColor: c.primary }]}>
          <SectionTitle>{editing === "new" ? t("settings.crudList.add", { noun, gender }) : t("settings.crudList.edit2", { noun, gender })}</SectionTitle>
          <Body muted>{t("settings.crudList.fieldsMarkedAreRequired")}</Body>
          <FormFields fields={spec.fields} values={form.values} errors={form.errors} onChange={form.onChange} />
          <SaveStatusLine status={saver.status} />
          <View style={styles.actions}>
            <Button label={t("settings.crudList.cancel")} variant="secondary" onPress={() => setEditing(null)} />
            <Button
              label={saver.pending ? t("settings.crudList.saving") : editing === "new" ? t("settings.crudList.add", { noun, gender }) : t("settings.crudList.saveChanges")}
              busy={saver.pending}
              onPress={() => void submit()}
              testID="item-submit"
            />
          </View>
        </View>
      ) : (
        <Button label={t("settings.crudList.add", { noun, gender })} disabled={query.isPending} onPress={() => open("new")} />
      )}
    </Card>
  );
}

export interface Row {
  key: string;
  /** Which list the row belongs to (needs/wants, emergency/short-term/investments). */
  group: string;
  values: FormValues;
}

let rowSeq = 0;
const rowKey = () => `row-${(rowSeq += 1)}`;

/** Editable rows of items saved as one list (expense items, savings items), each checked with its own errors. */
export function useItemRows(fields: FieldDef[]) {
  const i18n = useI18n();
  const { locale } = i18n;
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<string, FormErrors>>({});
  const loadedFrom = useRef<unknown>(undefined);

  /** Fill the rows from saved items, once per saved list. */
  const load = useCallback(
    (source: unknown, items: { group: string; record: Record<string, unknown> }[]) => {
      if (loadedFrom.current === source) return;
      loadedFrom.current = source;
      setRows(items.map((i) => ({ key: rowKey(), group: i.group, values: toForm(i.record, fields, locale) })));
      setErrors({});
    },
    [fields, locale],
  );
  const add = (group: string) => setRows((r) => [...r, { key: rowKey(), group, values: toForm({}, fields, locale) }]);
  const remove = (key: string) => setRows((r) => r.filter((x) => x.key !== key));
  const change = (key: string, name: string, value: FormValue) => {
    setRows((r) => r.map((x) => (x.key === key ? { ...x, values: { ...x.values, [name]: value } } : x)));
    setErrors((e) => {
      if (!e[key]?.[name]) return e;
      const f = fields.find((x) => x.name === name);
      const message = f ? checkField(f, value, i18n) : null;
      const row = { ...e[key] };
      if (message) row[name] = message;
      else delete row[name];
      return { ...e, [key]: row };
    });
  };
  const check = (): { group: string; body: Record<string, unknown> }[] | null => {
    const found: Record<string, FormErrors> = {};
    for (const r of rows) {
      const e = validate(r.values, fields, i18n);
      if (Object.keys(e).length) found[r.key] = e;
    }
    setErrors(found);
    if (Object.keys(found).length) return null;
    return rows.map((r) => ({ group: r.group, body: fromForm(r.values, fields, locale) }));
  };
  return { rows, errors, load, add, remove, change, check, locale };
}

export type ItemRows = ReturnType<typeof useItemRows>;

/** `noun` and `gender` as the web's settings.noun.* give them ("need", "besoin" masculine). */
export function ItemRowsEditor({ state, group, fields, noun, gender, emptyText }: { state: ItemRows; group: string; fields: FieldDef[]; noun: string; gender: string; emptyText: string }) {
  const c = useColours();
  const t = useT();
  const rows = state.rows.filter((r) => r.group === group);
  return (
    <View style={styles.group}>
      {rows.length === 0 ? <Body muted>{emptyText}</Body> : null}
      {rows.map((r, i) => (
        <View key={r.key} testID={`${group}-row`} style={[styles.item, { borderColor: c.border }]}>
          <Text style={[styles.emptyTitle, { color: c.text }]}>{capital(t("settings.itemRows.legend", { noun, number: i + 1 }))}</Text>
          {fields.map((f) => (
            <Field key={f.name} field={f} value={r.values[f.name]} error={state.errors[r.key]?.[f.name]} onChange={(name, value) => state.change(r.key, name, value)} />
          ))}
          <Button label={t("settings.itemRows.remove", { noun, gender, number: i + 1 })} variant="secondary" onPress={() => state.remove(r.key)} />
        </View>
      ))}
      <Button label={t("settings.itemRows.add", { noun, gender })} variant="secondary" onPress={() => state.add(group)} />
    </View>
  );
}

const styles = StyleSheet.create({
  status: { fontSize: typeScale.body, fontWeight: "600" },
  section: { fontSize: typeScale.body, fontWeight: "700", marginTop: space.sm },
  group: { gap: space.md },
  list: { gap: space.md },
  item: { borderWidth: 1, borderRadius: 8, padding: space.md, gap: space.sm },
  actions: { flexDirection: "row", flexWrap: "wrap", gap: space.sm },
  confirm: { borderWidth: 1, borderRadius: 8, padding: space.md, gap: space.sm },
  editor: { borderWidth: 1, borderRadius: 8, padding: space.md, gap: space.md },
  empty: { gap: space.xs },
  rowAction: { minHeight: 44, minWidth: 64, paddingHorizontal: space.md, borderWidth: 1, borderRadius: 8, alignItems: "center", justifyContent: "center" },
  rowActionText: { fontSize: typeScale.body, fontWeight: "600" },
  emptyTitle: { fontSize: typeScale.body, fontWeight: "600" },
});

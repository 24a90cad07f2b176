/** Editable rows of items saved as one list (expense items, savings items): add, change, remove, then validate
 * every row with its errors by its fields. */
import { checkField, type FieldDef, type FormErrors, type FormValue, type FormValues, fromForm, toForm, validate } from "@firepath/shared/form-kit";
import { Plus, Trash2 } from "lucide-react";
import { useCallback, useState } from "react";
import { Field } from "@/components/forms/form-fields";
import { fieldId } from "@/components/forms/form-focus";
import { Button } from "@/components/ui/button";
import { useI18n } from "@/lib/i18n";
import { randomId } from "@/lib/storage";
import { EmptyState } from "@/pages/settings/settings-shell";
import { useT } from "@/lib/i18n";

export interface Row {
  key: string;
  /** Which list the row belongs to (needs/wants, emergency/short-term/investments). */
  group: string;
  values: FormValues;
}

export function useItemRows(fields: FieldDef[], prefix: string) {
  const i18n = useI18n();
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<string, FormErrors>>({});

  const load = useCallback((items: { group: string; record: Record<string, unknown> }[]) => {
    setRows(items.map((i) => ({ key: randomId(), group: i.group, values: toForm(i.record, fields, i18n.locale) })));
    setErrors({});
  }, [fields, i18n.locale]);

  const add = (group: string, record: Record<string, unknown> = {}) => {
    const key = randomId();
    setRows((r) => [...r, { key, group, values: toForm(record, fields, i18n.locale) }]);
    // Put the cursor in the new row's first field.
    window.setTimeout(() => document.getElementById(fieldId(`${prefix}-${key}`, fields[0].name))?.focus(), 0);
  };
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

  /** Validate every row; on failure focus the first bad field and return null, else the rows as request bodies. */
  const check = (showGroup?: (group: string) => void): { group: string; body: Record<string, unknown> }[] | null => {
    const found: Record<string, FormErrors> = {};
    let first: string | null = null;
    let firstGroup: string | null = null;
    for (const r of rows) {
      const e = validate(r.values, fields, i18n);
      if (Object.keys(e).length) {
        found[r.key] = e;
        if (!first) {
          const f = fields.find((x) => e[x.name]);
          if (f) first = fieldId(`${prefix}-${r.key}`, f.name);
          firstGroup = r.group;
        }
      }
    }
    setErrors(found);
    if (first) {
      const id = first;
      // The row may sit on another tab: show it before focusing.
      if (firstGroup) showGroup?.(firstGroup);
      window.setTimeout(() => document.getElementById(id)?.focus(), 0);
      return null;
    }
    return rows.map((r) => ({ group: r.group, body: fromForm(r.values, fields, i18n.locale) }));
  };

  return { rows, errors, load, add, remove, change, check };
}

export function ItemRowsEditor({ state, group, fields, prefix, noun, gender, emptyText }: {
  state: ReturnType<typeof useItemRows>;
  group: string;
  fields: FieldDef[];
  prefix: string;
  /** What one row is, in lower case ("need", "besoin"), and its gender for the messages' ICU select (see CrudTexts). */
  noun: string;
  gender: string;
  emptyText: string;
}) {
  const t = useT();
  const rows = state.rows.filter((r) => r.group === group);
  const addId = `${prefix}-${group}-add`;
  // The remove button goes away with its row: keep keyboard users in place on the next row (or the one before,
  // or the add button) instead of dropping focus to the page.
  const removeRow = (i: number) => {
    const next = rows[i + 1] ?? rows[i - 1];
    state.remove(rows[i].key);
    const target = next ? fieldId(`${prefix}-${next.key}`, fields[0].name) : addId;
    window.setTimeout(() => document.getElementById(target)?.focus(), 0);
  };
  return (
    <div className="flex flex-col gap-3">
      {rows.length === 0 && <EmptyState title={emptyText} />}
      {rows.map((r, i) => (
        <fieldset key={r.key} className="rounded-lg border p-4" data-testid={`${prefix}-row`}>
          <legend className="px-1 text-sm font-medium first-letter:uppercase">{t("settings.itemRows.legend", { noun, number: i + 1 })}</legend>
          <div className="flex items-start gap-2">
            <div className="grid flex-1 gap-4 sm:grid-cols-2">
              {fields.map((f) => (
                <Field
                  key={f.name}
                  field={f}
                  value={r.values[f.name]}
                  error={state.errors[r.key]?.[f.name]}
                  prefix={`${prefix}-${r.key}`}
                  onChange={(name, value) => state.change(r.key, name, value)}
                />
              ))}
            </div>
            <Button type="button" variant="ghost" size="icon" aria-label={t("settings.itemRows.remove", { noun, gender, number: i + 1 })} onClick={() => removeRow(i)}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
        </fieldset>
      ))}
      <div>
        <Button id={addId} type="button" variant="outline" onClick={() => state.add(group)}>
          <Plus aria-hidden="true" /> {t("settings.itemRows.add", { noun, gender })}
        </Button>
      </div>
    </div>
  );
}

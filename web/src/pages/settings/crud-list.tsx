/** A list of saved items (accounts, properties, goals, cards, lines of credit) with add, edit and delete through
 * a dialog form. Each action toasts its own text and refreshes the list and the profile completion. */
import { type FieldDef, toForm } from "@firepath/shared/form-kit";
import { Pencil, Plus, Trash2 } from "lucide-react";
import { type ReactNode, useRef, useState } from "react";
import type { QueryKey } from "@tanstack/react-query";
import { FormFields } from "@/components/forms/form-fields";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { trackModalOpen } from "@/lib/analytics";
import { EmptyState, FormSkeleton, LoadError } from "@/pages/settings/settings-shell";
import { useT } from "@/lib/i18n";

export interface CrudTexts {
  /** Singular noun for buttons and headings, in lower case ("account", "compte"). */
  noun: string;
  /** The noun's grammatical gender where the language has one, for the ICU select of the messages that name it:
   * "masculine", "feminine", "elided" (a masculine noun taking l'/cet, "objectif") or "other" (English). */
  gender: string;
  added: string;
  addFailed: string;
  updated: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
  empty: string;
  emptyHint?: string;
}

interface Props<T extends { id: string }> {
  title: string;
  description?: ReactNode;
  items: T[] | undefined;
  loading: boolean;
  loadError: string | null;
  onRetry: () => void;
  fields: FieldDef[];
  prefix: string;
  queryKey: QueryKey;
  texts: CrudTexts;
  form: string;
  add: (body: never) => Promise<unknown>;
  update: (v: { id: string; body: never }) => Promise<unknown>;
  remove: (id: string) => Promise<void>;
  render: (item: T) => ReactNode;
  /** Extra request fields the form does not show (kept from the item when editing). */
  toBody?: (body: Record<string, unknown>) => Record<string, unknown>;
  tour?: string;
  /** Values a new item's form starts with. */
  defaults?: Record<string, unknown>;
}


export function CrudList<T extends { id: string }>(p: Props<T>) {
  const t = useT();
  const [editing, setEditing] = useState<T | "new" | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const form = useFormState(p.fields, p.prefix, undefined);
  const toBody = p.toBody ?? ((b) => b);

  const add = useSettingsSave({
    save: (body: Record<string, unknown>) => p.add(body as never), invalidate: [p.queryKey], form: `${p.form}_add`,
    success: p.texts.added, failure: p.texts.addFailed, onSuccess: () => setEditing(null), onError: form.showServerErrors,
  });
  const update = useSettingsSave({
    save: (v: { id: string; body: Record<string, unknown> }) => p.update(v as never), invalidate: [p.queryKey], form: `${p.form}_update`,
    success: p.texts.updated, failure: p.texts.updateFailed, onSuccess: () => setEditing(null), onError: form.showServerErrors,
  });
  // Where focus goes when the delete dialog closes after a removal: the trigger (the row's delete button) is gone,
  // so the next row's edit button, else the one before, else the add button.
  const focusAfterDelete = useRef<string | null>(null);
  const addId = `${p.prefix}-add`;
  const editId = (item: T) => `${p.prefix}-edit-${item.id}`;
  const remove = useSettingsSave({
    save: (id: string) => p.remove(id), invalidate: [p.queryKey], form: `${p.form}_delete`,
    success: p.texts.deleted, failure: p.texts.deleteFailed,
    onSuccess: () => {
      const items = p.items ?? [];
      const i = items.findIndex((x) => x.id === deleting?.id);
      const next = i < 0 ? undefined : (items[i + 1] ?? items[i - 1]);
      focusAfterDelete.current = next ? editId(next) : addId;
      setDeleting(null);
    },
  });

  const open = (item: T | "new") => {
    form.setErrors({});
    form.setValues(toForm(item === "new" ? (p.defaults ?? null) : (item as unknown as Record<string, unknown>), p.fields));
    setEditing(item);
    void trackModalOpen(`${p.form}_${item === "new" ? "add" : "edit"}`);
  };

  const submit = () => {
    const body = form.check();
    if (!body || editing === null) return;
    if (editing === "new") add.mutate(toBody(body));
    else update.mutate({ id: editing.id, body: toBody(body) });
  };

  const pending = add.isPending || update.isPending;
  const { noun, gender } = p.texts;

  return (
    <Card data-tour={p.tour}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-lg">{p.title}</CardTitle>
          {p.description && <CardDescription>{p.description}</CardDescription>}
        </div>
        <Button id={addId} onClick={() => open("new")} disabled={p.loading}>
          <Plus aria-hidden="true" /> {t("settings.crudList.add", { noun, gender })}
        </Button>
      </CardHeader>
      <CardContent>
        {p.loading ? (
          <FormSkeleton rows={1} />
        ) : p.loadError ? (
          <LoadError message={p.loadError} onRetry={p.onRetry} />
        ) : !p.items?.length ? (
          <EmptyState title={p.texts.empty}>{p.texts.emptyHint}</EmptyState>
        ) : (
          <ul className="divide-y" aria-label={p.title}>
            {p.items.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-3">
                <div className="min-w-0 flex-1">{p.render(item)}</div>
                <Button id={editId(item)} variant="ghost" size="icon" aria-label={t("settings.crudList.edit", { noun, gender, item: labelOf(item) })} onClick={() => open(item)}>
                  <Pencil aria-hidden="true" />
                </Button>
                <Button variant="ghost" size="icon" aria-label={t("settings.crudList.delete", { noun, gender, item: labelOf(item) })} onClick={() => setDeleting(item)}>
                  <Trash2 aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>

      <Dialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{editing === "new" ? t("settings.crudList.add", { noun, gender }) : t("settings.crudList.edit2", { noun, gender })}</DialogTitle>
            <DialogDescription>{t("settings.crudList.fieldsMarkedAreRequired")}</DialogDescription>
          </DialogHeader>
          <form
            noValidate
            className="flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <FormFields fields={p.fields} values={form.values} errors={form.errors} prefix={p.prefix} onChange={form.onChange} />
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => setEditing(null)}>{t("settings.crudList.cancel")}</Button>
              <Button type="submit" disabled={pending}>{pending ? t("settings.crudList.saving") : editing === "new" ? t("settings.crudList.add", { noun, gender }) : t("settings.crudList.saveChanges")}</Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>

      <Dialog open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)}>
        <DialogContent
          onCloseAutoFocus={(e) => {
            const target = focusAfterDelete.current;
            focusAfterDelete.current = null;
            if (!target) return;
            e.preventDefault();
            // The list may still be refreshing: focus once it has settled.
            window.setTimeout(() => (document.getElementById(target) ?? document.getElementById(addId))?.focus(), 0);
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("settings.crudList.deleteThis", { noun, gender })}</DialogTitle>
            <DialogDescription>{deleting ? t("settings.crudList.willBeRemoved", { noun, gender, deleting: labelOf(deleting) }) : ""}</DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>{t("settings.crudList.cancel")}</Button>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
              {remove.isPending ? t("settings.crudList.deleting") : t("settings.crudList.delete2")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function labelOf(item: object): string {
  const r = item as Record<string, unknown>;
  return String(r.name ?? r.account_name ?? r.description ?? r.type ?? "");
}

/** The web's DOM side of the settings forms (field ids, half-typed dates, focus); the pure field definitions,
 * conversions and checks are shared with the Expo app in @firepath/shared/form-kit. */
import type { FieldDef, FormErrors } from "@firepath/shared/form-kit";
import type { Translate } from "@firepath/shared/i18n/messages";
import { plainEnglish } from "@firepath/shared/i18n/plain-english";

export const fieldId = (prefix: string, name: string) => `${prefix}-${name}`;

/** Date fields the browser holds half-typed (day and month but no year, say): the input's value is then "" like an
 * empty field, and without this the save went through as "no date" with a success toast. */
export function incompleteDates(fields: FieldDef[], prefix: string, t: Translate = plainEnglish): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    if (f.kind !== "date") continue;
    const el = document.getElementById(fieldId(prefix, f.name));
    if (el instanceof HTMLInputElement && el.validity.badInput) errors[f.name] = t("components.form.incompleteDate", { field: f.label });
  }
  return errors;
}

/** Move focus to the first field with an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(errors: FormErrors, fields: FieldDef[], prefix: string): void {
  const first = fields.find((f) => errors[f.name]);
  if (first) document.getElementById(fieldId(prefix, first.name))?.focus();
}

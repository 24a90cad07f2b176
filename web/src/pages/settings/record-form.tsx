/** A card holding one record's form: fields, errors by the fields, and a Save button that reports progress. */
import type { FieldDef, FormErrors, FormValue, FormValues } from "@firepath/shared/form-kit";
import type { ReactNode } from "react";
import { FormFields } from "@/components/forms/form-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";

export function RecordFormCard({ title, description, fields, prefix, values, errors, onChange, onSubmit, pending, submitLabel, children, tour }: {
  title: string;
  description?: ReactNode;
  fields: FieldDef[];
  prefix: string;
  values: FormValues;
  errors: FormErrors;
  onChange: (name: string, value: FormValue) => void;
  onSubmit: () => void;
  pending: boolean;
  submitLabel?: string;
  children?: ReactNode;
  tour?: string;
}) {
  const t = useT();
  return (
    <Card data-tour={tour}>
      <form
        noValidate
        aria-labelledby={`${prefix}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <CardHeader>
          <CardTitle id={`${prefix}-title`} className="text-lg">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <FormFields fields={fields} values={values} errors={errors} prefix={prefix} onChange={onChange} />
          {children}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={pending}>{pending ? t("settings.recordForm.saving") : (submitLabel ?? t("settings.recordForm.save"))}</Button>
        </CardFooter>
      </form>
    </Card>
  );
}

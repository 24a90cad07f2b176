/** /settings/household: the adults the plan is for, you and optionally a partner, each with a birth date, gross pay,
 * retirement age, CPP and OAS choices, a workplace pension and a planning age. Saved whole (PUT replaces both);
 * blanks fall back to the profile, income and preferences, and fields with an API default are sent as that default
 * when left empty. The API's 422 names a member by its index ("members.1.cpp_start_age"), so errors land on the
 * right person's field. */
import { ApiError } from "@firepath/shared/api";
import { type FieldDef, type FormErrors, toForm } from "@firepath/shared/form-kit";
import { Info, Plus, Trash2 } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { type Household, HOUSEHOLD_SAVE_INVALIDATES, type HouseholdIn, type MemberIn, saveHousehold, useHousehold } from "@/api/household";
import { FormFields } from "@/components/forms/form-fields";
import { focusFirstError } from "@/components/forms/form-focus";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";
import { MEMBER_DEFAULTS, memberBody } from "@firepath/shared/settings-fields";
import type { Translate } from "@firepath/shared/i18n/messages";
import { plainEnglish } from "@firepath/shared/i18n/plain-english";
import { useSettingsFields } from "@/components/forms/use-fields";
import { useT, Message } from "@/lib/i18n";

type Role = MemberIn["role"];

const PREFIX: Record<Role, string> = { self: "household-self", partner: "household-partner" };

/** The API's error, split by member (its details name "members.<index>.<field>") and a message for the rest. */
export function householdServerErrors(error: unknown, roles: Role[], fields: Record<Role, FieldDef[]>, t: Translate = plainEnglish): { byRole: Partial<Record<Role, FormErrors>>; general: string | null } {
  const byRole: Partial<Record<Role, FormErrors>> = {};
  if (!(error instanceof ApiError)) return { byRole, general: null };
  let placed = false;
  for (const d of Array.isArray(error.details) ? (error.details as { field?: string; message?: string }[]) : []) {
    const m = /^members\.(\d+)\.(\w+)$/.exec(d.field ?? "");
    const role = m ? roles[Number(m[1])] : undefined;
    const f = role && fields[role].find((x) => x.name === m?.[2]);
    if (!role || !f) continue;
    // The service's own checks send the reason only in the top-level message, prefixed with the field's path.
    const reason = d.message ?? error.message.replace(/^members\.\d+\.\w+: /, "");
    const errors = (byRole[role] ??= {});
    errors[f.name] ??= t("components.form.serverError", { field: f.label, message: reason });
    placed = true;
  }
  return { byRole, general: placed ? null : error.status < 500 ? error.message : null };
}

function MemberFields({ role, form }: { role: Role; form: ReturnType<typeof useFormState> }) {
  const { HOUSEHOLD_GROUPS } = useSettingsFields();
  return (
    <div className="flex flex-col gap-6">
      {HOUSEHOLD_GROUPS[role].map((g) => (
        <fieldset key={g.key} className="flex min-w-0 flex-col gap-3">
          <legend className="mb-3 font-medium">{g.title}</legend>
          <FormFields fields={g.fields} values={form.values} errors={form.errors} prefix={PREFIX[role]} onChange={form.onChange} />
        </fieldset>
      ))}
    </div>
  );
}

function recordOf(household: Household | undefined, role: Role): Record<string, unknown> | undefined {
  if (!household) return undefined;
  return household.members.find((m) => m.role === role) ?? MEMBER_DEFAULTS;
}

export default function HouseholdSettingsPage() {
  const t = useT();
  const { HOUSEHOLD_FIELDS } = useSettingsFields();
  const query = useHousehold();
  const selfRecord = useMemo(() => recordOf(query.data, "self"), [query.data]);
  const partnerRecord = useMemo(() => recordOf(query.data, "partner"), [query.data]);
  const you = useFormState(HOUSEHOLD_FIELDS.self, PREFIX.self, selfRecord);
  const partner = useFormState(HOUSEHOLD_FIELDS.partner, PREFIX.partner, partnerRecord);
  const [general, setGeneral] = useState<string | null>(null);
  // The roles in the order they were sent: the API's errors name members by that index.
  const sentRoles = useRef<Role[]>(["self"]);

  // Whether the partner card shows: as saved (or assumed), again after each save refreshes the household.
  const [withPartner, setWithPartner] = useState(false);
  const [shownFrom, setShownFrom] = useState<Household | undefined>(undefined);
  if (shownFrom !== query.data) {
    setShownFrom(query.data);
    if (query.data) setWithPartner(query.data.members.some((m) => m.role === "partner"));
  }
  const savedPartner = query.data?.saved === true && query.data.members.some((m) => m.role === "partner");

  const save = useSettingsSave({
    save: (body: HouseholdIn) => saveHousehold(body), invalidate: HOUSEHOLD_SAVE_INVALIDATES, form: "settings_household",
    success: t("settings.household.householdSavedSuccessfully"), failure: t("settings.household.failedToSaveHousehold"),
    onError: (error) => {
      const roles = sentRoles.current;
      const found = householdServerErrors(error, roles, HOUSEHOLD_FIELDS, t);
      you.setErrors(found.byRole.self ?? {});
      partner.setErrors(found.byRole.partner ?? {});
      setGeneral(found.general);
      const first = roles.find((r) => Object.keys(found.byRole[r] ?? {}).length > 0);
      if (first) window.setTimeout(() => focusFirstError(found.byRole[first] ?? {}, HOUSEHOLD_FIELDS[first], PREFIX[first]), 0);
    },
  });

  const submit = () => {
    setGeneral(null);
    // Each check focuses its own first error; the partner's runs first so that yours, checked last, wins the focus.
    const partnerBody = withPartner ? partner.check() : null;
    const selfBody = you.check();
    if (!selfBody || (withPartner && !partnerBody)) return;
    const members = [memberBody("self", selfBody)];
    if (partnerBody) members.push(memberBody("partner", partnerBody));
    sentRoles.current = members.map((m) => m.role);
    save.mutate({ members });
  };

  const addPartner = () => {
    partner.setValues(toForm(recordOf(query.data, "partner"), HOUSEHOLD_FIELDS.partner));
    partner.setErrors({});
    setWithPartner(true);
    window.setTimeout(() => document.getElementById(`${PREFIX.partner}-name`)?.focus(), 0);
  };
  const removePartner = () => {
    setWithPartner(false);
    partner.setErrors({});
    window.setTimeout(() => document.getElementById("household-add-partner")?.focus(), 0);
  };

  return (
    <SettingsShell title={t("settings.household.household")} description={t("settings.household.theAdultsYourPlan")}>
      {query.isPending ? (
        <FormSkeleton rows={6} />
      ) : query.isError ? (
        <LoadError message={t("settings.household.failedToLoadHousehold")} onRetry={() => void query.refetch()} />
      ) : (
        <form
          noValidate
          aria-label={t("settings.household.household")}
          className="flex flex-col gap-6"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {!query.data.saved && (
            <div className="flex gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm" data-testid="household-assumed">
              <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <p>
                <Message
                  id="settings.household.assumed"
                  values={{
                    profile: (c) => <Link className="underline" to="/settings/profile">{c}</Link>,
                    income: (c) => <Link className="underline" to="/settings/income">{c}</Link>,
                  }}
                />
              </p>
            </div>
          )}

          <Card role="region" aria-labelledby="household-self-title">
            <CardHeader>
              <CardTitle id="household-self-title" className="text-lg">{t("settings.household.you")}</CardTitle>
              <CardDescription>{t("settings.household.anythingLeftBlankComes")}</CardDescription>
            </CardHeader>
            <CardContent>
              <MemberFields role="self" form={you} />
            </CardContent>
          </Card>

          {withPartner ? (
            <Card role="region" aria-labelledby="household-partner-title">
              <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
                <div className="flex flex-col gap-1.5">
                  <CardTitle id="household-partner-title" className="text-lg">{t("settings.household.partner")}</CardTitle>
                  <CardDescription>
                    <Message id="settings.household.partnerAccounts" values={{ link: (c) => <Link className="underline" to="/settings/accounts">{c}</Link> }} />
                  </CardDescription>
                </div>
                <Button type="button" variant="outline" size="sm" onClick={removePartner}>
                  <Trash2 aria-hidden="true" />
                  {t("settings.household.removePartner")}
                </Button>
              </CardHeader>
              <CardContent>
                <MemberFields role="partner" form={partner} />
              </CardContent>
            </Card>
          ) : (
            <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-6 sm:flex-row sm:items-center sm:justify-between">
              <div className="text-sm">
                <p className="font-medium">{t("settings.household.planningAsACouple")}</p>
                <p className="text-muted-foreground">
                  {savedPartner ? t("settings.household.yourPartnerWillBe") : t("settings.household.addYourPartnerSo")}
                </p>
              </div>
              <Button id="household-add-partner" type="button" variant="outline" onClick={addPartner}>
                <Plus aria-hidden="true" />
                {t("settings.household.addPartner")}
              </Button>
            </div>
          )}

          <div className="flex flex-col items-end gap-2">
            {general && <p role="alert" className="text-sm text-destructive">{general}</p>}
            <Button type="submit" disabled={save.isPending}>{save.isPending ? t("settings.household.saving") : t("settings.household.saveHousehold")}</Button>
          </div>
        </form>
      )}
    </SettingsShell>
  );
}

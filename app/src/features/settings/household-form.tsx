/** Household: the adults the plan is for, you and optionally a partner, each with a birth date, gross pay,
 * retirement age, CPP and OAS choices, a workplace pension and a planning age. Saved whole (PUT /api/v1/household
 * replaces both); fields with an API default are sent as that default when left empty. The API's 422 names a
 * member by its index ("members.1.cpp_start_age"), so errors land on the right person's field. */
import { ApiError, type Schemas } from "@firepath/shared/api";
import { type FormErrors, toForm } from "@firepath/shared/form-kit";
import { MEMBER_DEFAULTS, memberBody, type SettingsFields } from "@firepath/shared/settings-fields";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { StyleSheet, View } from "react-native";
import { Body, Button, Card, ErrorState, Loading } from "@/components/ui";
import { type AppTranslate, currentI18n, useT } from "@/lib/i18n";
import { space, useColours } from "@/lib/theme";
import { FormFields } from "./fields";
import { SaveStatusLine, SectionTitle } from "./form-parts";
import { loadRecord } from "./settings-api";
import { type FormState, useFormState, useOfflineSave, useSettingsFields } from "./use-settings-form";

type Household = Schemas["HouseholdRead"];
type MemberIn = Schemas["MemberIn"];
type Role = MemberIn["role"];

/** The API's 422 details ("members.<index>.<field>") as errors on that member's fields. */
export function householdServerErrors(
  error: unknown,
  roles: Role[],
  HOUSEHOLD_FIELDS: SettingsFields["HOUSEHOLD_FIELDS"],
  t: AppTranslate = currentI18n().t,
): Partial<Record<Role, FormErrors>> {
  const byRole: Partial<Record<Role, FormErrors>> = {};
  if (!(error instanceof ApiError)) return byRole;
  for (const d of Array.isArray(error.details) ? (error.details as { field?: string; message?: string }[]) : []) {
    const m = /^members\.(\d+)\.(\w+)$/.exec(d.field ?? "");
    const role = m ? roles[Number(m[1])] : undefined;
    const f = role && HOUSEHOLD_FIELDS[role].find((x) => x.name === m?.[2]);
    if (!role || !f) continue;
    const reason = d.message ?? error.message.replace(/^members\.\d+\.\w+: /, "");
    const errors = (byRole[role] ??= {});
    errors[f.name] ??= t("app.settings.fieldError", { field: f.label, message: reason });
  }
  return byRole;
}

function recordOf(household: Household | undefined, role: Role): Record<string, unknown> | undefined {
  if (!household) return undefined;
  return (household.members.find((m) => m.role === role) as Record<string, unknown> | undefined) ?? MEMBER_DEFAULTS;
}

function MemberFields({ role, form }: { role: Role; form: FormState }) {
  const { HOUSEHOLD_GROUPS } = useSettingsFields();
  return (
    <View style={styles.groups}>
      {HOUSEHOLD_GROUPS[role].map((g) => (
        <View key={g.key} style={styles.groups}>
          <SectionTitle>{g.title}</SectionTitle>
          <FormFields fields={g.fields} values={form.values} errors={form.errors} onChange={form.onChange} />
        </View>
      ))}
    </View>
  );
}

const KEY = ["settings", "household"];

export function HouseholdForm({ title }: { title: string }) {
  const c = useColours();
  const t = useT();
  const { HOUSEHOLD_FIELDS } = useSettingsFields();
  const query = useQuery({ queryKey: KEY, queryFn: () => loadRecord<Household>("/api/v1/household") });
  const selfRecord = useMemo(() => recordOf(query.data, "self"), [query.data]);
  const partnerRecord = useMemo(() => recordOf(query.data, "partner"), [query.data]);
  const you = useFormState(HOUSEHOLD_FIELDS.self, selfRecord);
  const partner = useFormState(HOUSEHOLD_FIELDS.partner, partnerRecord);
  const saver = useOfflineSave();
  const sentRoles = useRef<Role[]>(["self"]);

  // Whether the partner shows: as saved (or assumed), again after each save refreshes the household.
  const [withPartner, setWithPartner] = useState(false);
  const [shownFrom, setShownFrom] = useState<Household | undefined>(undefined);
  if (shownFrom !== query.data) {
    setShownFrom(query.data);
    if (query.data) setWithPartner(query.data.members.some((m) => m.role === "partner"));
  }

  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState message={t("settings.household.failedToLoadHousehold")} onRetry={() => void query.refetch()} />;
  const savedPartner = query.data.saved && query.data.members.some((m) => m.role === "partner");

  const submit = async () => {
    const partnerBody = withPartner ? partner.check() : null;
    const selfBody = you.check();
    if (!selfBody || (withPartner && !partnerBody)) {
      saver.setStatus(null);
      return;
    }
    const members = [memberBody("self", selfBody)];
    if (partnerBody) members.push(memberBody("partner", partnerBody));
    sentRoles.current = members.map((m) => m.role);
    const outcome = await saver.save({ method: "PUT", path: "/api/v1/household", body: { members }, label: title, invalidate: [KEY] }, t("settings.household.householdSavedSuccessfully"));
    if (outcome.status === "failed") {
      const found = householdServerErrors(outcome.error, sentRoles.current, HOUSEHOLD_FIELDS, t);
      if (found.self) you.setErrors(found.self);
      if (found.partner) partner.setErrors(found.partner);
    }
  };

  const addPartner = () => {
    partner.setValues(toForm(recordOf(query.data, "partner"), HOUSEHOLD_FIELDS.partner, partner.locale));
    partner.setErrors({});
    setWithPartner(true);
  };

  return (
    <>
      {!query.data.saved ? (
        <View testID="household-assumed" style={[styles.note, { borderColor: c.primary }]}>
          <Body>{t("app.settings.assumed")}</Body>
        </View>
      ) : null}
      <Card title={t("settings.household.you")}>
        <Body muted>{t("settings.household.anythingLeftBlankComes")}</Body>
        <MemberFields role="self" form={you} />
      </Card>
      {withPartner ? (
        <Card title={t("settings.household.partner")}>
          <Body muted>{t("app.settings.partnerAccounts")}</Body>
          <Button label={t("settings.household.removePartner")} variant="secondary" onPress={() => { setWithPartner(false); partner.setErrors({}); }} />
          <MemberFields role="partner" form={partner} />
        </Card>
      ) : (
        <Card title={t("settings.household.planningAsACouple")}>
          <Body muted>{savedPartner ? t("settings.household.yourPartnerWillBe") : t("settings.household.addYourPartnerSo")}</Body>
          <Button label={t("settings.household.addPartner")} variant="secondary" onPress={addPartner} />
        </Card>
      )}
      <SaveStatusLine status={saver.status} />
      <Button label={saver.pending ? t("settings.crudList.saving") : t("settings.household.saveHousehold")} busy={saver.pending} onPress={() => void submit()} />
    </>
  );
}

const styles = StyleSheet.create({
  groups: { gap: space.md },
  note: { borderWidth: 1, borderRadius: 8, padding: space.md },
});

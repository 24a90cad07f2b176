/** Household: the adults the plan is for, you and optionally a partner, each with a birth date, gross pay,
 * retirement age, CPP and OAS choices, a workplace pension and a planning age. Saved whole (PUT /api/v1/household
 * replaces both); fields with an API default are sent as that default when left empty. The API's 422 names a
 * member by its index ("members.1.cpp_start_age"), so errors land on the right person's field. */
import { ApiError, type Schemas } from "@firepath/shared/api";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { StyleSheet, View } from "react-native";
import { Body, Button, Card, ErrorState, Loading } from "@/components/ui";
import { space, useColours } from "@/lib/theme";
import { FormFields } from "./fields";
import { CAD, type FieldDef, type FormErrors, toForm } from "./form-kit";
import { SaveStatusLine, SectionTitle } from "./form-parts";
import { loadRecord } from "./settings-api";
import { type FormState, useFormState, useOfflineSave } from "./use-settings-form";

type Household = Schemas["HouseholdRead"];
type MemberIn = Schemas["MemberIn"];
type Role = MemberIn["role"];

/** The API's defaults: what an empty field means, and what a new partner starts with. */
export const MEMBER_DEFAULTS = { cpp_start_age: 65, oas_start_age: 65, oas_residence_years: 40, pension_start_age: 65, pension_indexation: 1 };

interface Group {
  key: string;
  title: string;
  fields: FieldDef[];
}

function memberGroups(role: Role): Group[] {
  const you = role === "self";
  return [
    {
      key: "about", title: "About",
      fields: [
        { name: "name", label: "Name", kind: "text", maxLength: 100, hint: you ? "How the plan names you" : "How the plan names your partner" },
        { name: "birth_date", label: "Birth date", kind: "date", hint: you ? "Leave blank to use the age on your profile" : "Leave blank and the plan assumes your age" },
      ],
    },
    {
      key: "work", title: "Work",
      fields: [
        CAD("Employment income per year", "employment_income", {
          hint: you ? "Gross, before tax. Leave blank to use your salary from the Income page"
            : "Gross, before tax. Leave blank to work it out from partner income on the Income page",
        }),
        { name: "retirement_age", label: "Retirement age", kind: "age", hint: "When work income stops. Leave blank to use the retirement age in Preferences" },
      ],
    },
    {
      key: "benefits", title: "CPP & OAS",
      fields: [
        { name: "cpp_start_age", label: "CPP start age", kind: "number", min: 60, max: 70, placeholder: "65", hint: "60 to 70, default 65. Months as decimals: 62.5 is 62 and a half" },
        CAD("CPP at 65 per month", "cpp_at_65", {
          hint: you ? "From your My Service Canada statement; leave blank to estimate from your pay"
            : "From their My Service Canada statement; leave blank to estimate from their pay",
        }),
        { name: "oas_start_age", label: "OAS start age", kind: "number", min: 65, max: 70, placeholder: "65", hint: "65 to 70, default 65. Each month of delay adds 0.6%" },
        { name: "oas_residence_years", label: "Years in Canada after 18", kind: "int", min: 0, max: 70, placeholder: "40", hint: "Years lived in Canada after 18: 40 gives full OAS (the default)" },
      ],
    },
    {
      key: "pension", title: "Workplace pension",
      fields: [
        CAD("Defined-benefit pension per year", "pension", { hint: "In today's dollars; leave blank if there is none" }),
        { name: "pension_start_age", label: "Pension start age", kind: "number", min: 40, max: 75, placeholder: "65", hint: "40 to 75, default 65" },
        { name: "pension_indexation", label: "Share of inflation the pension rises by", kind: "rate", min: 0, max: 100, placeholder: "100", hint: "100% is fully indexed (the default); 0 is a fixed amount" },
      ],
    },
    {
      key: "planning", title: "Planning",
      fields: [
        { name: "planned_death_age", label: "Plan for a death at age", kind: "age", hint: "Optional, to see how the plan holds for a survivor. Leave blank to plan to the horizon in Preferences" },
      ],
    },
  ];
}

const GROUPS: Record<Role, Group[]> = { self: memberGroups("self"), partner: memberGroups("partner") };
const FIELDS: Record<Role, FieldDef[]> = { self: GROUPS.self.flatMap((g) => g.fields), partner: GROUPS.partner.flatMap((g) => g.fields) };

/** One member's form values as the API's MemberIn: empty fields with an API default are sent as that default. */
export function memberBody(role: Role, values: Record<string, unknown>): MemberIn {
  const body = { ...values };
  for (const [name, value] of Object.entries(MEMBER_DEFAULTS)) if (body[name] === null || body[name] === undefined) body[name] = value;
  return { ...body, role } as MemberIn;
}

/** The API's 422 details ("members.<index>.<field>") as errors on that member's fields. */
export function householdServerErrors(error: unknown, roles: Role[]): Partial<Record<Role, FormErrors>> {
  const byRole: Partial<Record<Role, FormErrors>> = {};
  if (!(error instanceof ApiError)) return byRole;
  for (const d of Array.isArray(error.details) ? (error.details as { field?: string; message?: string }[]) : []) {
    const m = /^members\.(\d+)\.(\w+)$/.exec(d.field ?? "");
    const role = m ? roles[Number(m[1])] : undefined;
    const f = role && FIELDS[role].find((x) => x.name === m?.[2]);
    if (!role || !f) continue;
    const reason = d.message ?? error.message.replace(/^members\.\d+\.\w+: /, "");
    const errors = (byRole[role] ??= {});
    errors[f.name] ??= `${f.label}: ${reason}`;
  }
  return byRole;
}

function recordOf(household: Household | undefined, role: Role): Record<string, unknown> | undefined {
  if (!household) return undefined;
  return (household.members.find((m) => m.role === role) as Record<string, unknown> | undefined) ?? MEMBER_DEFAULTS;
}

function MemberFields({ role, form }: { role: Role; form: FormState }) {
  return (
    <View style={styles.groups}>
      {GROUPS[role].map((g) => (
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
  const query = useQuery({ queryKey: KEY, queryFn: () => loadRecord<Household>("/api/v1/household") });
  const selfRecord = useMemo(() => recordOf(query.data, "self"), [query.data]);
  const partnerRecord = useMemo(() => recordOf(query.data, "partner"), [query.data]);
  const you = useFormState(FIELDS.self, selfRecord);
  const partner = useFormState(FIELDS.partner, partnerRecord);
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
  if (query.isError) return <ErrorState message="Failed to load household" onRetry={() => void query.refetch()} />;
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
    const outcome = await saver.save({ method: "PUT", path: "/api/v1/household", body: { members }, label: title, invalidate: [KEY] }, "Household saved successfully");
    if (outcome.status === "failed") {
      const found = householdServerErrors(outcome.error, sentRoles.current);
      if (found.self) you.setErrors(found.self);
      if (found.partner) partner.setErrors(found.partner);
    }
  };

  const addPartner = () => {
    partner.setValues(toForm(recordOf(query.data, "partner"), FIELDS.partner));
    partner.setErrors({});
    setWithPartner(true);
  };

  return (
    <>
      {!query.data.saved ? (
        <View testID="household-assumed" style={[styles.note, { borderColor: c.primary }]}>
          <Body>These figures are assumed from your profile and income until you save.</Body>
        </View>
      ) : null}
      <Card title="You">
        <Body muted>Anything left blank comes from your profile, income and preferences.</Body>
        <MemberFields role="self" form={you} />
      </Card>
      {withPartner ? (
        <Card title="Partner">
          <Body muted>Accounts owned by your partner on Bank Accounts count as theirs.</Body>
          <Button label="Remove partner" variant="secondary" onPress={() => { setWithPartner(false); partner.setErrors({}); }} />
          <MemberFields role="partner" form={partner} />
        </Card>
      ) : (
        <Card title="Planning as a couple?">
          <Body muted>
            {savedPartner ? "Your partner will be removed from the plan when you save." : "Add your partner so the plan counts their pay, CPP, OAS and pension."}
          </Body>
          <Button label="Add partner" variant="secondary" onPress={addPartner} />
        </Card>
      )}
      <SaveStatusLine status={saver.status} />
      <Button label={saver.pending ? "Saving..." : "Save household"} busy={saver.pending} onPress={() => void submit()} />
    </>
  );
}

const styles = StyleSheet.create({
  groups: { gap: space.md },
  note: { borderWidth: 1, borderRadius: 8, padding: space.md },
});

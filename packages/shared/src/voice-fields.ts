/** The fields voice onboarding extracts, shared by the web and the app: which were heard, as form text for checking
 * and editing, and the confirm request built from the edited values. */
import type { Schemas } from "./api/client";
import { CAD, type FieldDef, type FormValues, fromForm, provinceOptions, toForm } from "./form-kit";
import type { Locale } from "./i18n/locales";
import type { Translate } from "./i18n/messages";
import { plainEnglish } from "./i18n/plain-english";
import { settingsFields } from "./settings-fields";

type Onboarding = Schemas["OnboardingRead"];
type OnboardingFields = Schemas["OnboardingFields"];

/** The API refuses recordings over 120 s: both clients stop at this many seconds. */
export const MAX_SECONDS = 110;

/** The fields the onboarding graph extracts, in the order they are shown, named in one language. */
export const voiceFields = (t: Translate = plainEnglish): FieldDef[] => [
  { name: "age", label: t("fields.age"), kind: "age" },
  { name: "province", label: t("fields.province"), kind: "select", options: provinceOptions(t) },
  { name: "marital_status", label: t("fields.voice.household"), kind: "select", options: settingsFields(t).MARITAL_STATUSES },
  { name: "dependents", label: t("fields.voice.dependants"), kind: "int", min: 0, max: 30 },
  CAD(t("fields.voice.takeHome"), "monthly_take_home"),
  CAD(t("fields.voice.salary"), "annual_salary"),
  CAD(t("fields.voice.partner"), "partner_income"),
  CAD(t("fields.voice.rent"), "rent_mortgage"),
  CAD(t("fields.voice.otherSpending"), "other_monthly_spending"),
];
export const VOICE_FIELDS: FieldDef[] = voiceFields();

/** Below this the server is unsure of a value: the field is flagged "Please check". */
export const LOW_CONFIDENCE = 0.7;

export type Goal = { name: string; category?: string; target_amount?: number | string; target_date?: string | null };

/** The fields that were heard, as form definitions and values. */
export function reviewFields(result: Onboarding, t: Translate = plainEnglish, locale: Locale = "en-CA"): { fields: FieldDef[]; values: FormValues } {
  const fields = voiceFields(t).filter((f) => f.name in result.fields);
  const record = Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k, v.value]));
  return { fields, values: toForm(record, fields, locale) };
}

/** The confirm request's fields: the (edited) values shown, and the goals kept. A cleared field is sent as null. */
export function confirmBody(values: FormValues, fields: FieldDef[], goals: Goal[], locale: Locale = "en-CA"): OnboardingFields {
  const body = fromForm(values, fields, locale) as OnboardingFields;
  body.goals = goals.map((g) => ({
    name: g.name,
    category: (g.category ?? "other") as NonNullable<OnboardingFields["goals"]>[number]["category"],
    target_amount: Number(g.target_amount ?? 0),
    target_date: g.target_date ?? null,
  }));
  return body;
}

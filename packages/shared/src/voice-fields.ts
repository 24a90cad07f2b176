/** The fields voice onboarding extracts, shared by the web and the app: which were heard, as form text for checking
 * and editing, and the confirm request built from the edited values. */
import type { Schemas } from "./api/client";
import { CAD, type FieldDef, type FormValues, fromForm, options, PROVINCES, toForm } from "./form-kit";

type Onboarding = Schemas["OnboardingRead"];
type OnboardingFields = Schemas["OnboardingFields"];

/** The API refuses recordings over 120 s: both clients stop at this many seconds. */
export const MAX_SECONDS = 110;

/** The fields the onboarding graph extracts, in the order they are shown. */
export const VOICE_FIELDS: FieldDef[] = [
  { name: "age", label: "Age", kind: "age" },
  { name: "province", label: "Province or territory", kind: "select", options: PROVINCES },
  {
    name: "marital_status",
    label: "Household",
    kind: "select",
    options: options(["single", "Single"], ["married", "Married"], ["common-law", "Common-law"], ["separated", "Separated"], ["divorced", "Divorced"], ["widowed", "Widowed"]),
  },
  { name: "dependents", label: "Dependants", kind: "int", min: 0, max: 30 },
  CAD("Take-home pay per month", "monthly_take_home"),
  CAD("Salary per year (before tax)", "annual_salary"),
  CAD("Partner's income per month", "partner_income"),
  CAD("Rent or mortgage per month", "rent_mortgage"),
  CAD("Other spending per month", "other_monthly_spending"),
];

/** Below this the server is unsure of a value: the field is flagged "Please check". */
export const LOW_CONFIDENCE = 0.7;

export type Goal = { name: string; category?: string; target_amount?: number | string; target_date?: string | null };

/** The fields that were heard, as form definitions and values. */
export function reviewFields(result: Onboarding): { fields: FieldDef[]; values: FormValues } {
  const fields = VOICE_FIELDS.filter((f) => f.name in result.fields);
  const record = Object.fromEntries(Object.entries(result.fields).map(([k, v]) => [k, v.value]));
  return { fields, values: toForm(record, fields) };
}

/** The confirm request's fields: the (edited) values shown, and the goals kept. A cleared field is sent as null. */
export function confirmBody(values: FormValues, fields: FieldDef[], goals: Goal[]): OnboardingFields {
  const body = fromForm(values, fields) as OnboardingFields;
  body.goals = goals.map((g) => ({
    name: g.name,
    category: (g.category ?? "other") as NonNullable<OnboardingFields["goals"]>[number]["category"],
    target_amount: Number(g.target_amount ?? 0),
    target_date: g.target_date ?? null,
  }));
  return body;
}

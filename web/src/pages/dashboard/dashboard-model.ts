/** The dashboard's wording over API answers: how the plan summary's FI figures read (the countdown, the ages). The
 * savings-rate and emergency-fund checks, shared with Analysis and Progress, are in lib/plan-checks.ts. Nothing here
 * works out an FI figure: those all come from GET /api/v1/plan/summary, so every screen shows the same ones. */

/** The summary's months to FI as words: "8 years and 9 months from now", "now". */
export function countdown(months: number | null | undefined): string | null {
  if (months == null) return null;
  if (months <= 0) return "now";
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const parts = [years > 0 && `${years} year${years === 1 ? "" : "s"}`, rest > 0 && `${rest} month${rest === 1 ? "" : "s"}`].filter(Boolean);
  return `${parts.join(" and ")} from now`;
}

/** "42" or "42 and 44" (you, then your partner): whole years, the age people say. */
export function agesText(ages: number[] | null | undefined): string | null {
  if (!ages || ages.length === 0) return null;
  return ages.map((a) => String(Math.floor(a + 1e-9))).join(" and "); // the age people say: 44 until the birthday
}

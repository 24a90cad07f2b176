/** The dashboard's wording over API answers: how the plan summary's FI figures read (the countdown, the ages). The
 * savings-rate and emergency-fund checks, shared with Analysis and Progress, are in lib/plan-checks.ts. Nothing here
 * works out an FI figure: those all come from GET /api/v1/plan/summary, so every screen shows the same ones. */
import type { I18n } from "@firepath/shared/i18n/messages";
import { englishI18n } from "@/lib/i18n";

/** The summary's months to FI as words: "8 years and 9 months from now", "now". */
export function countdown(months: number | null | undefined, { t }: I18n = englishI18n): string | null {
  if (months == null) return null;
  if (months <= 0) return t("dashboard.countdown.now");
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years > 0 && rest > 0) return t("dashboard.countdown.both", { years, months: rest });
  return years > 0 ? t("dashboard.countdown.years", { years }) : t("dashboard.countdown.months", { months: rest });
}

/** "42" or "42 and 44" (you, then your partner): whole years, the age people say. */
export function agesText(ages: number[] | null | undefined, { locale }: I18n = englishI18n): string | null {
  if (!ages || ages.length === 0) return null;
  // The age people say: 44 until the birthday.
  return new Intl.ListFormat(locale, { type: "conjunction" }).format(ages.map((a) => String(Math.floor(a + 1e-9))));
}

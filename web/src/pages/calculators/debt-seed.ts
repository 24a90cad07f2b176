/** The debt payoff calculator's starting rows: the user's cards and lines with a balance as the API gives them
 * (GET /api/v1/credit/debts: the one rule for assumed rates and minimums, the coach's too), or an example whose
 * highest-rate debt is not its smallest, so avalanche and snowball pay in different orders and the saving shows.
 * Names and numbers are written in the page's language, as a person there would type them ("19,99" in French). */
import type { PayoffDebts } from "@/api/credit";
import type { Locale } from "@firepath/shared/i18n/locales";
import { msg, type I18n } from "@firepath/shared/i18n/messages";
import { amountText } from "@firepath/shared/i18n/parse-amount";

export interface DebtRow { id: number; name: string; balance: string; rate: string; minimum: string }
export interface DebtSeed { debts: DebtRow[]; budget: string }

/** The example: rates in percent, money in dollars a month. */
export const SAMPLE_DEBTS = [
  { name: msg("calculators.debtSeed.creditCard"), balance: 9000, rate: 19.99, minimum: 270 },
  { name: msg("calculators.debtSeed.carLoan"), balance: 4000, rate: 6.9, minimum: 200 },
  { name: msg("calculators.debtSeed.lineOfCredit"), balance: 7000, rate: 9.45, minimum: 210 },
] as const;
export const SAMPLE_BUDGET = 900;

/** The example's rows and budget, named and written in one language. */
export function sampleSeed({ t, locale }: I18n): DebtSeed {
  return {
    debts: SAMPLE_DEBTS.map((d, i) => ({
      id: i + 1, name: t(d.name), balance: amountText(d.balance, locale), rate: amountText(d.rate, locale), minimum: amountText(d.minimum, locale),
    })),
    budget: amountText(SAMPLE_BUDGET, locale),
  };
}

/** Money as the fields take it: whole dollars plain, cents only when there are some. */
const moneyText = (n: number, locale: Locale) => (Number.isInteger(n) ? String(n) : decimal(n.toFixed(2), locale));
/** A fraction (0.2099) as the percent text the rate field takes ("20.99", "20,99"), without float noise. */
const percentText = (fraction: number, locale: Locale) => amountText(Number((fraction * 100).toFixed(4)), locale);
const decimal = (text: string, locale: Locale) => (locale === "fr-CA" ? text.replace(".", ",") : text);

/** The user's debts as rows, and a budget of their minimums (rounded up to the dollar); null with no debt. */
export function debtSeed(payoff: PayoffDebts, firstId = 1, locale: Locale = "en-CA"): DebtSeed | null {
  if (payoff.debts.length === 0) return null;
  const debts = payoff.debts.slice(0, 50).map((d, i) => ({
    id: firstId + i, name: d.name, balance: moneyText(d.balance, locale), rate: percentText(d.annual_rate, locale), minimum: moneyText(d.minimum_payment, locale),
  }));
  const minimums = payoff.debts.slice(0, 50).reduce((sum, d) => sum + d.minimum_payment, 0);
  return { debts, budget: String(Math.ceil(Math.round(minimums * 100) / 100)) };
}

/** The debt payoff calculator's starting rows: the user's cards and lines with a balance as the API gives them
 * (GET /api/v1/credit/debts: the one rule for assumed rates and minimums, the coach's too), or an example whose
 * highest-rate debt is not its smallest, so avalanche and snowball pay in different orders and the saving shows. */
import type { PayoffDebts } from "@/api/credit";

export interface DebtRow { id: number; name: string; balance: string; rate: string; minimum: string }
export interface DebtSeed { debts: DebtRow[]; budget: string }

export const SAMPLE: DebtSeed = {
  debts: [
    { id: 1, name: "Credit card", balance: "9000", rate: "19.99", minimum: "270" },
    { id: 2, name: "Car loan", balance: "4000", rate: "6.9", minimum: "200" },
    { id: 3, name: "Line of credit", balance: "7000", rate: "9.45", minimum: "210" },
  ],
  budget: "900",
};

/** Money as the fields take it: whole dollars plain, cents only when there are some. */
const moneyText = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));
/** A fraction (0.2099) as the percent text the rate field takes ("20.99"), without float noise. */
const percentText = (fraction: number) => String(Number((fraction * 100).toFixed(4)));

/** The user's debts as rows, and a budget of their minimums (rounded up to the dollar); null with no debt. */
export function debtSeed(payoff: PayoffDebts, firstId = 1): DebtSeed | null {
  if (payoff.debts.length === 0) return null;
  const debts = payoff.debts.slice(0, 50).map((d, i) => ({
    id: firstId + i, name: d.name, balance: moneyText(d.balance), rate: percentText(d.annual_rate), minimum: moneyText(d.minimum_payment),
  }));
  const minimums = payoff.debts.slice(0, 50).reduce((sum, d) => sum + d.minimum_payment, 0);
  return { debts, budget: String(Math.ceil(Math.round(minimums * 100) / 100)) };
}

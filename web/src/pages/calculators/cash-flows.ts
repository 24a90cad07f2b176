/** Cash flows typed one a line: "-10000" (periodic, the first now) or "2026-01-31, -10000" (dated). Every line
 * must be of one kind; amounts are read in the person's language (a point for decimals in en-CA, a comma in fr-CA)
 * and may have $ and thousands separators. */
import type { I18n } from "@firepath/shared/i18n/messages";
import { parseAmount } from "@firepath/shared/i18n/parse-amount";
import { ENGLISH } from "@firepath/shared/i18n/plain-english";

export interface ParsedFlows {
  flows: number[];
  dated: { on: string; amount: number }[];
  error?: string;
}

const DATED = /^(\d{4}-\d{2}-\d{2})\s*[,;\t ]\s*(.+)$/;
const LIMIT = 999_999_999_999.99;

function realDate(iso: string): boolean {
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

export function parseCashFlows(text: string, { t, locale }: I18n = ENGLISH): ParsedFlows {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  const flows: number[] = [];
  const dated: { on: string; amount: number }[] = [];
  for (const [i, line] of lines.entries()) {
    const where = { line: String(i + 1) };
    const match = DATED.exec(line);
    const parsed = parseAmount(match ? match[2] : line, locale);
    if (parsed.kind === "separators") return { flows, dated, error: t("calculators.flows.separators", where) };
    if (parsed.kind !== "number") return { flows, dated, error: t("calculators.flows.notAmount", { ...where, text: line }) };
    const amount = parsed.value;
    if (Math.abs(amount) > LIMIT) return { flows, dated, error: t("calculators.flows.tooLarge", where) };
    if (match) {
      if (!realDate(match[1])) return { flows, dated, error: t("calculators.flows.notDate", { ...where, date: match[1] }) };
      dated.push({ on: match[1], amount });
    } else {
      flows.push(amount);
    }
  }
  if (flows.length && dated.length) return { flows, dated, error: t("calculators.flows.mixed") };
  return { flows, dated };
}

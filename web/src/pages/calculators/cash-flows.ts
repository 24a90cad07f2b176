/** Cash flows typed one a line: "-10000" (periodic, the first now) or "2026-01-31, -10000" (dated). Every line
 * must be of one kind; amounts use a point for decimals and may have $ and thousands separators as spaces. */
import { parseNumberInput } from "@firepath/shared/validation";
import { decimalCommaMessage, hasDecimalComma } from "@firepath/shared/form-kit";

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

export function parseCashFlows(text: string): ParsedFlows {
  const lines = text.split("\n").map((l) => l.trim()).filter(Boolean);
  const flows: number[] = [];
  const dated: { on: string; amount: number }[] = [];
  for (const [i, line] of lines.entries()) {
    const where = `Line ${i + 1}`;
    const match = DATED.exec(line);
    const amountText = match ? match[2] : line;
    if (hasDecimalComma(amountText)) return { flows, dated, error: `${where}: ${decimalCommaMessage("the amount")}` };
    const amount = parseNumberInput(amountText);
    if (amount === null || Number.isNaN(amount)) return { flows, dated, error: `${where}: "${line}" is not an amount` };
    if (Math.abs(amount) > LIMIT) return { flows, dated, error: `${where}: the amount is too large` };
    if (match) {
      if (!realDate(match[1])) return { flows, dated, error: `${where}: ${match[1]} is not a date` };
      dated.push({ on: match[1], amount });
    } else {
      flows.push(amount);
    }
  }
  if (flows.length && dated.length) return { flows, dated, error: "Give every line a date, or none" };
  return { flows, dated };
}

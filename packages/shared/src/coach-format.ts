/** Pure helpers of the coach screen, shared by the web and the Expo app: tool labels, headline figures of a tool's
 * output, its "how we got this" receipt, the approval diff's values, suggested prompts drawn from the user's missing
 * data, and the chat error in words. Each figure keeps its kind and raw value so a client can show money its own way
 * (the app hides it in privacy mode). */
import { formatCurrency, formatNumber, formatPercent } from "./format";

export const TOOL_LABELS: Record<string, string> = {
  get_profile: "Your profile",
  get_income: "Your income",
  get_expenses: "Your expenses",
  get_savings: "Your savings",
  get_budget: "Your budget",
  get_accounts: "Your accounts",
  get_goals: "Your goals",
  get_properties: "Your properties",
  get_credit: "Your credit",
  get_future_plans: "Your future plans",
  get_preferences: "Your preferences",
  get_snapshot: "Your financial snapshot",
  get_completion: "Profile completion",
  account_totals: "Account totals",
  fire_number: "FIRE number",
  years_to_fi: "Time to financial independence",
  projection: "Projection",
  monte_carlo_summary: "Monte Carlo simulation",
  what_if: "What-if scenario",
  savings_rate: "Savings rate",
  savings_needed: "Monthly savings needed for FI",
  rrsp_vs_tfsa: "RRSP vs TFSA",
  contribution_room: "Contribution room",
  tax_estimate: "Tax estimate",
  mortgage_payment: "Mortgage payment",
  debt_payoff: "Debt payoff",
  cpp_oas_timing: "When to start CPP and OAS",
  save_budget: "Save your budget",
  update_income: "Update your income",
  upsert_expense_item: "Save an expense",
  upsert_goal: "Save a goal",
  update_preferences: "Update your preferences",
  search_knowledge_base: "Help Center search",
  open_article: "Article",
  suggest_screen: "Open a screen",
};

export const WRITE_TOOLS = new Set(["save_budget", "update_income", "upsert_expense_item", "upsert_goal", "update_preferences"]);

export function toolLabel(name: string): string {
  return TOOL_LABELS[name] ?? name.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());
}

const UPPER_WORDS = new Set(["fire", "tfsa", "rrsp", "fhsa", "fi", "oas", "cpp"]);

/** "fire_number" → "FIRE number"; known words keep their case (FIRE, TFSA, RRSP, FHSA, FI). */
export function fieldLabel(key: string): string {
  const words = key.split("_").filter(Boolean);
  return words
    .map((w, i) => (UPPER_WORDS.has(w) ? w.toUpperCase() : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w))
    .join(" ");
}

export type Kind = "money" | "fraction" | "percent" | "count" | "year";

/** What a numeric field holds, from its name (the tools' outputs follow the API's naming: rates are fractions,
 * *_percentage / *_allocation are 0-100, ages, years, months and multipliers are plain numbers). */
export function fieldKind(key: string): Kind {
  const k = key.toLowerCase();
  if (/(_percentage|_allocation|_percent)$/.test(k)) return "percent";
  if (/(^|_)(rate|progress|return|inflation|share|probability|success|volatility)(_|$)/.test(k) || k.endsWith("_rate")) return "fraction";
  if (/(^|_)year$|_year$|^tax_year$/.test(k)) return "year";
  if (/(^|_)(years|age|months|multiplier|count|runs|simulations|seed|payments|periods|rows)(_|$)/.test(k)) return "count";
  return "money";
}

export function formatField(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value !== "number") return String(value);
  switch (fieldKind(key)) {
    case "percent":
      return `${formatNumber(value, { digits: 2 })}%`;
    case "fraction":
      return formatPercent(value, { digits: 2 });
    case "year":
      return String(value);
    case "count":
      return formatNumber(value, { digits: 2 });
    default:
      return formatCurrency(value);
  }
}

export interface Figure {
  key: string;
  label: string;
  /** The value formatted for its kind. */
  value: string;
  kind: Kind;
  /** The value as the tool returned it (what `Money` formats for a money figure). */
  raw: unknown;
}

/** Whether a figure is an amount of money (shown through `Money`, hidden in privacy mode). */
export function isMoney(key: string, raw: unknown): boolean {
  return fieldKind(key) === "money" && (typeof raw === "number" || (typeof raw === "string" && raw.trim() !== "" && !Number.isNaN(Number(raw))));
}

function figure(key: string, value: unknown): Figure {
  return { key, label: fieldLabel(key), value: formatField(key, value), kind: fieldKind(key), raw: value };
}

/** The top-level numbers of a tool output (the card's figures), in the order the tool returned them. */
export function headlineFigures(output: unknown, limit = 6): Figure[] {
  if (!output || typeof output !== "object" || Array.isArray(output)) return [];
  const figures: Figure[] = [];
  for (const [key, value] of Object.entries(output as Record<string, unknown>)) {
    if (key === "provenance" || typeof value !== "number") continue;
    figures.push(figure(key, value));
    if (figures.length >= limit) break;
  }
  return figures;
}

export interface Provenance {
  data?: string[];
  assumptions?: Record<string, string | number>;
  tax_year?: number | null;
  notes?: string[];
  /** Figures taken from the question for this answer only (the saved data supplies the rest). */
  stated?: Record<string, string | number>;
}

export function provenanceOf(output: unknown): Provenance | null {
  if (!output || typeof output !== "object") return null;
  const p = (output as { provenance?: unknown }).provenance;
  return p && typeof p === "object" ? (p as Provenance) : null;
}

/** The receipt's lines: records read, assumptions with their values, tax year, notes. */
export function receiptLines(p: Provenance): {
  stated: Figure[];
  read: string[];
  assumptions: Figure[];
  taxYear: number | null;
  notes: string[];
} {
  const stated = Object.entries(p.stated ?? {}).map(([key, value]) => figure(key, value));
  return {
    stated,
    read: (p.data ?? []).map((d) => d.replace(/_/g, " ")),
    assumptions: Object.entries(p.assumptions ?? {}).map(([key, value]) => figure(key, value)),
    taxYear: p.tax_year ?? null,
    // The plan tools' own note repeats the question's figures, already listed under "From your question"
    notes: (p.notes ?? []).filter((n) => !(stated.length && n.startsWith("Your figures changed for this calculation only"))),
  };
}

export interface ScreenLink {
  path: string;
  label: string;
  why: string;
}

/** A suggest_screen result (or any output naming an app path) as a router link; only in-app paths. */
export function screenLinkOf(output: unknown): ScreenLink | null {
  if (!output || typeof output !== "object") return null;
  const o = output as Record<string, unknown>;
  if (typeof o.path !== "string" || !o.path.startsWith("/") || o.path.startsWith("//")) return null;
  return { path: o.path, label: typeof o.label === "string" ? o.label : o.path, why: typeof o.why === "string" ? o.why : "" };
}

export interface ApprovalPreview {
  tool: string;
  target: string;
  title: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  changes: { field: string; label: string; before: unknown; after: unknown }[];
}

export interface ApprovalData {
  tool_call_id: string;
  tool: string;
  input: Record<string, unknown>;
  preview: ApprovalPreview;
}

/** Rows of the before/after diff: the preview's changes, values formatted by field. */
export function diffRows(
  preview: ApprovalPreview,
): { field: string; label: string; before: string; after: string; rawBefore: unknown; rawAfter: unknown }[] {
  return preview.changes.map((c) => ({
    field: c.field,
    label: c.label,
    before: formatField(c.field, c.before),
    after: formatField(c.field, c.after),
    rawBefore: c.before,
    rawAfter: c.after,
  }));
}

export interface CompletionSectionLike {
  key: string;
  label: string;
  score: number;
}

const MISSING_PROMPTS: Record<string, string> = {
  profile: "What do you need to know about me to plan my FIRE path?",
  income: "How does my income change my time to financial independence?",
  expenses: "Which expenses should I list to get an accurate FIRE number?",
  budgeting: "Help me set up a 50/30/20 budget",
  savings: "How big should my emergency fund be?",
  goals: "Help me set a financial goal",
  accounts: "Should I use my TFSA or RRSP first?",
  properties: "What would a mortgage payment be on a $600,000 home?",
  credit: "How long would it take to pay off my debt?",
  futurePlans: "What if I save $500 more a month?",
  preferences: "What return and withdrawal rate do you assume?",
};

const BASE_PROMPTS = [
  "What is my FIRE number?",
  "How many years until I reach financial independence?",
  "What is my savings rate?",
  "Should I use my TFSA or RRSP first?",
];

/** Up to `limit` prompts: first about the sections the user has not completed (lowest score first), then the
 * questions the coach answers from saved data. */
export function suggestedPrompts(sections: CompletionSectionLike[] | undefined, limit = 4): string[] {
  const missing = [...(sections ?? [])]
    .filter((s) => s.score < 100 && MISSING_PROMPTS[s.key])
    .sort((a, b) => a.score - b.score)
    .map((s) => MISSING_PROMPTS[s.key] ?? "");
  const out: string[] = [];
  for (const prompt of [...missing.slice(0, 2), ...BASE_PROMPTS, ...missing.slice(2)]) {
    if (!out.includes(prompt)) out.push(prompt);
    if (out.length >= limit) break;
  }
  return out;
}

/** Dollar amounts in a tool's text (its summary), for privacy mode: "$2,357,100.00" → the hidden mark. */
export function hideAmounts(text: string, hidden: string): string {
  return text.replace(/-?\$\s?-?[\d,]+(?:\.\d+)?/g, hidden);
}

/** What `chatErrorMessage` says in its own words; a client passes them in the language shown. */
export interface ChatErrorWords {
  failed: string;
  unreachable: string;
}
const CHAT_ERROR_ENGLISH: ChatErrorWords = {
  failed: "The coach could not answer.",
  unreachable: "Could not reach your FIRE Path server. Check your connection and try again.",
};

/** A failed chat request in words: the transport passes the server's error body on as the message
 * (`{"code": ..., "message": ...}`); a dropped connection says so. */
export function chatErrorMessage(error: Error | undefined | null, words: ChatErrorWords = CHAT_ERROR_ENGLISH): string {
  const raw = error?.message?.trim() ?? "";
  if (!raw) return words.failed;
  if (raw.startsWith("{")) {
    try {
      const body = JSON.parse(raw) as { message?: unknown; detail?: unknown };
      if (typeof body.message === "string" && body.message) return body.message;
      if (typeof body.detail === "string" && body.detail) return body.detail;
    } catch {
      // not JSON after all: show it as it is
    }
  }
  if (/network request failed|failed to fetch|load failed|network error/i.test(raw)) {
    return words.unreachable;
  }
  return raw;
}

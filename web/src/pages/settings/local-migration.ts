/** The one-time move of accounts and properties an older client kept in this browser into the database
 * (spec section 4 "Data handling"): POST /api/v1/import/local, which takes each kind only while the user has none
 * saved; then the local copies are removed. Old entries used camelCase names (marketValue, purchasePrice). */
import type { Schemas } from "@firepath/shared/api";
import { importLocal } from "@/api/accounts";
import { local } from "@/lib/storage";

export const LOCAL_ACCOUNTS_KEY = "fire-path-accounts";
export const LOCAL_PROPERTIES_KEY = "fire-path-properties";

type Loose = Record<string, unknown>;

function readList(key: string): Loose[] {
  try {
    const parsed: unknown = JSON.parse(local.get(key) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((x): x is Loose => typeof x === "object" && x !== null) : [];
  } catch {
    return [];
  }
}

const text = (v: unknown, max: number): string | null => (typeof v === "string" && v.trim() ? v.trim().slice(0, max) : null);
const money = (v: unknown): number => {
  const n = Number(String(v ?? "").replace(/[\s,$]/g, ""));
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : 0;
};

export function localAccounts(): Schemas["AccountIn"][] {
  return readList(LOCAL_ACCOUNTS_KEY).map((a) => ({
    account_name: text(a.account_name ?? a.accountName ?? a.name, 200) ?? "Account",
    account_type: text(a.account_type ?? a.accountType ?? a.type, 50) ?? "other",
    balance: money(a.balance),
    purpose: text(a.purpose, 2000),
    institution: text(a.institution, 200),
    account_number: text(a.account_number ?? a.accountNumber, 64),
    owner: "self",
  }));
}

export function localProperties(): Schemas["PropertyIn"][] {
  return readList(LOCAL_PROPERTIES_KEY).map((p) => ({
    type: text(p.type, 50) ?? "other",
    description: text(p.description, 2000),
    // Spec section 5: values that are not numbers count as 0.
    market_value: Math.max(0, money(p.market_value ?? p.marketValue)),
    purchase_price: Math.max(0, money(p.purchase_price ?? p.purchasePrice)),
    mortgage_balance: Math.max(0, money(p.mortgage_balance ?? p.mortgageBalance)),
  }));
}

let running: Promise<number> | null = null;

/** Import whatever this browser still keeps; resolves to the number of rows the database took (0 if nothing
 * was kept). One call at a time, so the accounts and properties pages opening together import once. */
export function migrateLocalData(): Promise<number> {
  if (running) return running;
  const accounts = localAccounts();
  const properties = localProperties();
  if (accounts.length === 0 && properties.length === 0) return Promise.resolve(0);
  running = importLocal({ accounts, properties })
    .then((r) => {
      local.remove(LOCAL_ACCOUNTS_KEY);
      local.remove(LOCAL_PROPERTIES_KEY);
      return r.accounts_imported + r.properties_imported;
    })
    .finally(() => {
      running = null;
    });
  return running;
}

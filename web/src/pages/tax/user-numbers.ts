/** The signed-in user's numbers that the tax, strategy and calculator screens start from: GET /api/v1/snapshot
 * (totals), GET /api/v1/plan (the plan and its inputs) with the profile and income hooks. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { PROVINCES, type ProvinceCode } from "@firepath/shared/canada";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Snapshot = Schemas["SnapshotRead"];
export type PlanRead = Schemas["PlanRead"];

export const snapshotQuery = () =>
  queryOptions({ queryKey: ["snapshot"], queryFn: async (): Promise<Snapshot> => unwrap(await api.GET("/api/v1/snapshot")) });
export const planQuery = () =>
  queryOptions({ queryKey: ["plan"], queryFn: async (): Promise<PlanRead> => unwrap(await api.GET("/api/v1/plan")) });

/** What the plan counts as invested: registered, non-registered and cash balances (not the home). */
export function investedOf(plan: PlanRead | undefined): number | null {
  if (!plan) return null;
  return Object.values(plan.inputs.balances ?? {}).reduce((sum: number, v) => sum + Number(v ?? 0), 0);
}

export const useSnapshot = () => useQuery(snapshotQuery());
export const usePlan = () => useQuery(planQuery());

export { PROVINCES, type ProvinceCode };

const ALIASES: Record<string, ProvinceCode> = { PEI: "PE", NFLD: "NL", NEWFOUNDLAND: "NL", YUKON: "YT", "QUÉBEC": "QC" };

/** The profile's free-text province ("ON", "Ontario", "ontario ", "PEI") as a code, or null. */
export function provinceCode(text: string | null | undefined): ProvinceCode | null {
  const t = (text ?? "").trim().toUpperCase().replace(/\./g, "");
  if (!t) return null;
  for (const [code, name] of PROVINCES) if (t === code || t === name.toUpperCase()) return code;
  return ALIASES[t] ?? null;
}

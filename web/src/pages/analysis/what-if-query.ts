/** POST /api/v1/plan/what-if: the household plan with some changes, run without saving. A query (not a mutation)
 * because it changes nothing: the same changes are answered from the cache, and its key sits under ["plan"], so
 * whatever refreshes the plan refreshes the what-ifs too. */
import { unwrap } from "@firepath/shared/api";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { ScenarioChanges, ScenarioResult } from "@/pages/analysis/analysis-model";

/** With `risk`, the answer also carries the Monte Carlo success rate (about 0.3 s more). */
export const whatIfQuery = (changes: ScenarioChanges, risk = false) =>
  queryOptions({
    queryKey: ["plan", "what-if", changes, risk],
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<ScenarioResult> =>
      unwrap(await api.POST("/api/v1/plan/what-if", { params: { query: { risk } }, body: changes })),
  });

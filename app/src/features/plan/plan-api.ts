/** The household plan's headline figures, from the one source every screen reads (GET /api/v1/plan/summary). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type PlanSummary = Schemas["PlanSummaryRead"];

export const planSummaryQuery = () =>
  queryOptions({
    queryKey: ["plan", "summary"],
    queryFn: async (): Promise<PlanSummary> => unwrap(await api().GET("/api/v1/plan/summary")),
  });

export const usePlanSummary = () => useQuery(planSummaryQuery());

/** GET /api/v1/plan: the month-by-month plan to financial independence built from the user's saved data, the
 * inputs it was built from (the starting point of every what-if) and the data it had to assume. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Plan = Schemas["PlanRead"];
export type PlanInputs = Schemas["PlanInputs-Output"];
export type PlanResult = Schemas["PlanResult"];

// Derived from every other resource, so read afresh on each visit.
export const planQuery = () =>
  queryOptions({ queryKey: ["plan"], staleTime: 0, queryFn: async (): Promise<Plan> => unwrap(await api.GET("/api/v1/plan")) });
export const usePlan = () => useQuery(planQuery());

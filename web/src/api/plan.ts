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

export type SavingsNeeded = Schemas["SavingsNeededRead"];

/** GET /api/v1/plan/savings-needed: the least monthly saving that reaches FI by the retirement age in preferences
 * (or `fiAge`), on the user's own plan, beside what they save now. */
export const savingsNeededQuery = (fiAge?: number) =>
  queryOptions({
    queryKey: ["plan", "savings-needed", fiAge ?? null],
    staleTime: 0,
    queryFn: async (): Promise<SavingsNeeded> =>
      unwrap(await api.GET("/api/v1/plan/savings-needed", { params: { query: fiAge == null ? {} : { fi_age: fiAge } } })),
  });
export const useSavingsNeeded = (enabled: boolean, fiAge?: number) => useQuery({ ...savingsNeededQuery(fiAge), enabled });

/** GET and PUT /api/v1/future-plans: the newest plan (a decrease is stored as a negative amount by the API). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type FuturePlan = Schemas["FuturePlanRead"];
export type FuturePlanIn = Schemas["FuturePlanIn"];

export const futurePlansQuery = () =>
  queryOptions({
    queryKey: ["future-plans"],
    queryFn: async (): Promise<FuturePlan | null> => unwrap(await api.GET("/api/v1/future-plans")) ?? null,
  });
export const useFuturePlans = () => useQuery(futurePlansQuery());
export const saveFuturePlans = async (body: FuturePlanIn): Promise<FuturePlan> =>
  unwrap(await api.PUT("/api/v1/future-plans", { body }));

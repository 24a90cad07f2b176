/** /api/v1/future-plans: the income growth (PATCH, alone) and the dated plans, as many as the person adds (/items:
 * list soonest first, add, update, delete). The original one-of-each record (GET and PUT) is for older clients. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type FuturePlan = Schemas["FuturePlanRead"];
export type FuturePlanGrowthIn = Schemas["FuturePlanGrowthIn"];
export type FuturePlanItem = Schemas["FuturePlanItemRead"];
export type FuturePlanItemIn = Schemas["FuturePlanItemIn"];

export const futurePlansQuery = () =>
  queryOptions({
    queryKey: ["future-plans"],
    queryFn: async (): Promise<FuturePlan | null> => unwrap(await api.GET("/api/v1/future-plans")) ?? null,
  });
export const useFuturePlans = () => useQuery(futurePlansQuery());
export const saveGrowth = async (body: FuturePlanGrowthIn): Promise<FuturePlan> =>
  unwrap(await api.PATCH("/api/v1/future-plans", { body }));

export const futurePlanItemsQuery = () =>
  queryOptions({
    queryKey: ["future-plans", "items"],
    queryFn: async (): Promise<FuturePlanItem[]> => unwrap(await api.GET("/api/v1/future-plans/items")),
  });
export const useFuturePlanItems = () => useQuery(futurePlanItemsQuery());
export const addFuturePlanItem = async (body: FuturePlanItemIn): Promise<FuturePlanItem> =>
  unwrap(await api.POST("/api/v1/future-plans/items", { body }));
export const updateFuturePlanItem = async ({ id, body }: { id: string; body: FuturePlanItemIn }): Promise<FuturePlanItem> =>
  unwrap(await api.PUT("/api/v1/future-plans/items/{item_id}", { params: { path: { item_id: id } }, body }));
export const deleteFuturePlanItem = async (id: string): Promise<void> => {
  unwrap(await api.DELETE("/api/v1/future-plans/items/{item_id}", { params: { path: { item_id: id } } }));
};

/** /api/v1/savings/items (replace-all list; non-positive amounts and exact duplicates are dropped) and
 * /api/v1/savings/summary (the one savings & investments record). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type SavingsItems = Schemas["SavingsItemsRead"];
export type SavingsItemIn = Schemas["SavingsItemIn"];
export type SavingsSummary = Schemas["SavingsSummaryRead"];
export type SavingsSummaryIn = Schemas["SavingsSummaryIn"];

export const savingsItemsQuery = () =>
  queryOptions({ queryKey: ["savings", "items"], queryFn: async (): Promise<SavingsItems> => unwrap(await api.GET("/api/v1/savings/items")) });
export const savingsSummaryQuery = () =>
  queryOptions({
    queryKey: ["savings", "summary"],
    queryFn: async (): Promise<SavingsSummary | null> => unwrap(await api.GET("/api/v1/savings/summary")) ?? null,
  });
export const useSavingsItems = () => useQuery(savingsItemsQuery());
export const useSavingsSummary = () => useQuery(savingsSummaryQuery());

export const saveSavingsItems = async (items: SavingsItemIn[]): Promise<SavingsItems> =>
  unwrap(await api.PUT("/api/v1/savings/items", { body: { items } }));
export const saveSavingsSummary = async (body: SavingsSummaryIn): Promise<SavingsSummary> =>
  unwrap(await api.PUT("/api/v1/savings/summary", { body }));

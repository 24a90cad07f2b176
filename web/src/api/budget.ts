/** GET and PUT /api/v1/budget: the newest budget allocation (missing percentages are saved as 0). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Budget = Schemas["BudgetRead"];
export type BudgetIn = Schemas["BudgetIn"];

export const budgetQuery = () =>
  queryOptions({ queryKey: ["budget"], queryFn: async (): Promise<Budget | null> => unwrap(await api.GET("/api/v1/budget")) ?? null });
export const useBudget = () => useQuery(budgetQuery());
export const saveBudget = async (body: BudgetIn): Promise<Budget> => unwrap(await api.PUT("/api/v1/budget", { body }));

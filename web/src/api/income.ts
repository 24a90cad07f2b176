/** GET and PUT /api/v1/income: one income record per user (amounts left out are saved as null). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Income = Schemas["IncomeRead"];
export type IncomeIn = Schemas["IncomeIn"];

export const incomeQuery = () =>
  queryOptions({ queryKey: ["income"], queryFn: async (): Promise<Income | null> => unwrap(await api.GET("/api/v1/income")) ?? null });
export const useIncome = () => useQuery(incomeQuery());
export const saveIncome = async (body: IncomeIn): Promise<Income> => unwrap(await api.PUT("/api/v1/income", { body }));

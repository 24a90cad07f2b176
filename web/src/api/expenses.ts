/** GET and PUT /api/v1/expenses: rent or mortgage plus the item list, replaced as a whole on save. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Expenses = Schemas["ExpensesRead"];
export type ExpensesIn = Schemas["ExpensesIn"];

export const expensesQuery = () =>
  queryOptions({ queryKey: ["expenses"], queryFn: async (): Promise<Expenses> => unwrap(await api.GET("/api/v1/expenses")) });
export const useExpenses = () => useQuery(expensesQuery());
export const saveExpenses = async (body: ExpensesIn): Promise<Expenses> => unwrap(await api.PUT("/api/v1/expenses", { body }));

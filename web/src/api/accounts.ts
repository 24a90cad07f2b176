/** /api/v1/accounts (list newest first, add, update, delete) and /api/v1/import/local (the one-time move of
 * accounts and properties a browser kept locally). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Account = Schemas["AccountRead"];
export type AccountIn = Schemas["AccountIn"];
export type ImportResult = Schemas["ImportResult"];

export const accountsQuery = () =>
  queryOptions({ queryKey: ["accounts"], queryFn: async (): Promise<Account[]> => unwrap(await api.GET("/api/v1/accounts")) });
export const useAccounts = () => useQuery(accountsQuery());

export const addAccount = async (body: AccountIn): Promise<Account> => unwrap(await api.POST("/api/v1/accounts", { body }));
export const updateAccount = async ({ id, body }: { id: string; body: AccountIn }): Promise<Account> =>
  unwrap(await api.PUT("/api/v1/accounts/{account_id}", { params: { path: { account_id: id } }, body }));
export const deleteAccount = async (id: string): Promise<void> => {
  unwrap(await api.DELETE("/api/v1/accounts/{account_id}", { params: { path: { account_id: id } } }));
};

export const importLocal = async (body: { accounts: AccountIn[]; properties: Schemas["PropertyIn"][] }): Promise<ImportResult> =>
  unwrap(await api.POST("/api/v1/import/local", { body }));

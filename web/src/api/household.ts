/** GET and PUT /api/v1/household: the adults the plan is for (you, and a partner or not), saved whole. Until the
 * first save the API answers with members assumed from the profile and income (`saved: false`). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { type QueryKey, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Household = Schemas["HouseholdRead"];
export type HouseholdIn = Schemas["HouseholdIn"];
export type Member = Schemas["MemberRead"];
export type MemberIn = Schemas["MemberIn"];

export const householdQuery = () =>
  queryOptions({ queryKey: ["household"], queryFn: async (): Promise<Household> => unwrap(await api.GET("/api/v1/household")) });
export const useHousehold = () => useQuery(householdQuery());

export const saveHousehold = async (body: HouseholdIn): Promise<Household> => unwrap(await api.PUT("/api/v1/household", { body }));

/** What a household save changes, for the save's mutation to invalidate: the household and every plan built on it
 * (the summary, the household plan, its risk and optimiser all sit under ["plan"]). */
export const HOUSEHOLD_SAVE_INVALIDATES: QueryKey[] = [householdQuery().queryKey, ["plan"]];


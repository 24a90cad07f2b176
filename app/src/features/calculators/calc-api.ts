/** POST /api/v1/calc/*: the stateless calculators the web uses (web/src/api/calc.ts). `useCalc` sends the body
 * once it has stopped changing for a moment and keeps the last result on screen while the next one loads; a null
 * body (invalid input) sends nothing. The household plan (GET /api/v1/plan/household) is read for starting values. */
import { unwrap, type paths, type Schemas } from "@firepath/shared/api";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "@/lib/api";

type CalcPath = Extract<keyof paths, `/api/v1/calc/${string}`>;
type Post<P extends CalcPath> = paths[P]["post"] extends infer O ? O : never;
type RequestBody<P extends CalcPath> = Post<P> extends { requestBody: { content: { "application/json": infer B } } } ? B : never;
/** The request body; fields with server defaults are optional here (the API fills them in). */
export type CalcBody<P extends CalcPath> = { [K in keyof RequestBody<P>]?: RequestBody<P>[K] };
export type CalcResult<P extends CalcPath> = Post<P> extends { responses: { 200: { content: { "application/json": infer R } } } } ? R : never;

export async function postCalc<P extends CalcPath>(path: P, body: CalcBody<P>): Promise<CalcResult<P>> {
  // openapi-fetch's overloads do not accept a generic path; the types above keep callers exact.
  const post = api().POST as unknown as (p: string, init: { body: unknown }) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  return unwrap(await post(path, { body })) as CalcResult<P>;
}

export const CALC_DEBOUNCE_MS = 250;

export function useDebouncedValue<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function useCalc<P extends CalcPath>(path: P, body: CalcBody<P> | null, delay = CALC_DEBOUNCE_MS) {
  const debounced = useDebouncedValue(body, delay);
  const query = useQuery({
    queryKey: ["calc", path, debounced],
    queryFn: () => postCalc(path, debounced as CalcBody<P>),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const pending = body !== null && (JSON.stringify(body) !== JSON.stringify(debounced) || query.isFetching);
  return { ...query, pending };
}

export type HouseholdPlan = Schemas["HouseholdPlanRead"];

/** The same key as the web's household plan query: a "plan" key, so it is kept on the device too. */
export const householdPlanQuery = () =>
  queryOptions({
    queryKey: ["plan", "household"],
    queryFn: async (): Promise<HouseholdPlan> => unwrap(await api().GET("/api/v1/plan/household")),
  });

export const useHouseholdPlan = () => useQuery(householdPlanQuery());

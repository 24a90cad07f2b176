/** POST /api/v1/calc/*: the stateless calculators. `useCalc` sends the body once it has stopped changing for a
 * moment (instant results while typing without a request per keystroke) and keeps the last result on screen
 * while the next one loads. A null body (invalid input) sends nothing. */
import { unwrap, type paths } from "@firepath/shared/api";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { useDebouncedValue } from "@/lib/use-debounced-value";

type CalcPath = Extract<keyof paths, `/api/v1/calc/${string}`>;
type Post<P extends CalcPath> = paths[P]["post"] extends infer O ? O : never;
type RequestBody<P extends CalcPath> = Post<P> extends { requestBody: { content: { "application/json": infer B } } } ? B : never;
/** The request body; the generated types list fields with server defaults as required, so every key is optional
 * here (the API fills the defaults and names any missing required field in its 422). */
export type CalcBody<P extends CalcPath> = { [K in keyof RequestBody<P>]?: RequestBody<P>[K] };
export type CalcResult<P extends CalcPath> = Post<P> extends { responses: { 200: { content: { "application/json": infer R } } } } ? R : never;

export async function postCalc<P extends CalcPath>(path: P, body: CalcBody<P>): Promise<CalcResult<P>> {
  // openapi-fetch's overloads do not accept a generic path; the types above keep callers exact.
  const post = api.POST as unknown as (p: string, init: { body: unknown }) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  return unwrap(await post(path, { body })) as CalcResult<P>;
}

export const CALC_DEBOUNCE_MS = 250;

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
  // While the debounce runs the shown result is for older inputs: say so (aria-busy) without hiding it.
  const pending = body !== null && (JSON.stringify(body) !== JSON.stringify(debounced) || query.isFetching);
  return { ...query, pending };
}

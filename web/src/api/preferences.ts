/** GET and PATCH /api/v1/preferences (defaults are created on first read; only the fields sent change). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Preferences = Schemas["PreferencesRead"];
export type PreferencesIn = Schemas["PreferencesIn"];

export const preferencesQuery = () =>
  queryOptions({ queryKey: ["preferences"], queryFn: async (): Promise<Preferences> => unwrap(await api.GET("/api/v1/preferences")) });
export const usePreferences = () => useQuery(preferencesQuery());
export const savePreferences = async (body: PreferencesIn): Promise<Preferences> =>
  unwrap(await api.PATCH("/api/v1/preferences", { body }));

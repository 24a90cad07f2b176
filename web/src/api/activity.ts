/** GET /api/v1/activity: the user's activity log, newest first. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Activity = Schemas["ActivityRead"];

export const activityQuery = () =>
  queryOptions({ queryKey: ["activity"], queryFn: async (): Promise<Activity[]> => unwrap(await api.GET("/api/v1/activity")) });
export const useActivity = () => useQuery(activityQuery());

/** GET /api/v1/tour: the guided tour's 38 steps, in order (public, cached for the session). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type TourStep = Schemas["TourStepRead"];

export const tourQuery = () =>
  queryOptions({
    queryKey: ["tour"],
    queryFn: async (): Promise<TourStep[]> => unwrap(await api.GET("/api/v1/tour")).steps,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useTourSteps = (enabled = true) => useQuery({ ...tourQuery(), enabled });

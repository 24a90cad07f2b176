/** GET /api/v1/completion: the 11-section profile completion (spec section 4 "Completion"). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Completion = Schemas["CompletionRead"];

export const completionQuery = () =>
  queryOptions({
    queryKey: ["completion"],
    queryFn: async (): Promise<Completion> => unwrap(await api.GET("/api/v1/completion")),
  });

export const useCompletion = (enabled = true) => useQuery({ ...completionQuery(), enabled });

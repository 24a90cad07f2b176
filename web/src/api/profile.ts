/** GET /api/v1/profile: the signed-in user's profile (names for the user menu, among others). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Profile = Schemas["ProfileRead"];

export const profileQuery = () =>
  queryOptions({
    queryKey: ["profile"],
    queryFn: async (): Promise<Profile | null> => {
      const result = await api.GET("/api/v1/profile");
      if (result.response.status === 404) return null;
      return unwrap(result) ?? null;
    },
  });

export const useProfile = (enabled = true) => useQuery({ ...profileQuery(), enabled });

/** PUT /api/v1/profile: the whole profile (fields left out are saved empty). The query lives in profile.ts. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { api } from "@/lib/api";

export type ProfileIn = Schemas["ProfileIn"];
export const saveProfile = async (body: ProfileIn): Promise<Schemas["ProfileRead"]> =>
  unwrap(await api.PUT("/api/v1/profile", { body }));

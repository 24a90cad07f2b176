/** /api/v1/site: public facts about this deployment (the contact address), read without signing in. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Site = Schemas["SiteRead"];

export const siteQuery = () =>
  queryOptions({
    queryKey: ["site"],
    queryFn: async (): Promise<Site> => unwrap(await api.GET("/api/v1/site")),
    staleTime: Infinity, // set by the server's configuration: it does not change while the page is open
  });
export const useSite = () => useQuery(siteQuery());

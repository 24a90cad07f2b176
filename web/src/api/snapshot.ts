/** GET /api/v1/snapshot (income, expenses, savings rate, FIRE number, net worth, completion in one answer) and
 * GET /api/v1/net-worth/history (the nightly net-worth snapshots, oldest first). */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Snapshot = Schemas["SnapshotRead"];
export type NetWorthPoint = Schemas["NetWorthPoint"];

// Derived from every other resource, so read afresh on each visit (settings pages do not invalidate it).
export const snapshotQuery = () =>
  queryOptions({ queryKey: ["snapshot"], staleTime: 0, queryFn: async (): Promise<Snapshot> => unwrap(await api.GET("/api/v1/snapshot")) });
export const useSnapshot = () => useQuery(snapshotQuery());

export const netWorthHistoryQuery = () =>
  queryOptions({
    queryKey: ["net-worth", "history"],
    queryFn: async (): Promise<NetWorthPoint[]> => unwrap(await api.GET("/api/v1/net-worth/history")),
  });
export const useNetWorthHistory = () => useQuery(netWorthHistoryQuery());

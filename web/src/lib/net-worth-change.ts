/** Figures for /progress drawn from the net-worth history (oldest first). */
import type { NetWorthPoint } from "@/api/snapshot";

export interface NetWorthChange {
  first: number;
  last: number;
  delta: number;
  firstDate: string;
  lastDate: string;
}

/** The change from the first snapshot to the last; null without snapshots. */
export function netWorthChange(points: NetWorthPoint[]): NetWorthChange | null {
  if (points.length === 0) return null;
  const first = points[0];
  const last = points[points.length - 1];
  return {
    first: first.net_worth, last: last.net_worth, delta: last.net_worth - first.net_worth,
    firstDate: first.taken_on, lastDate: last.taken_on,
  };
}

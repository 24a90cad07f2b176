/** The plan chart's model, shared by the dashboard and /analysis: the summary's (or a what-if's) yearly arrays as
 * chart points, milestone dates on the year axis, milestones on one date grouped, and the net worth between years. */
import type { Schemas } from "@firepath/shared/api";

export type Milestone = Schemas["Milestone"];

/** One point a year of the plan's balances, today's dollars. */
export interface PlanPoint {
  year: number;
  netWorth: number;
  investable: number;
}

/** The summary's (or a what-if's) parallel yearly arrays as chart rows. */
export function planPoints(years: number[], netWorth: number[], investable: number[]): PlanPoint[] {
  return years.map((year, i) => ({ year, netWorth: netWorth[i] ?? 0, investable: investable[i] ?? 0 }));
}

/** An ISO date as a position on a year axis: 2035-08-01 is 2035 and seven twelfths. */
export function yearOf(date: string): number {
  return Number(date.slice(0, 4)) + (Number(date.slice(5, 7)) - 1) / 12;
}

/** Milestones on the same date drawn once, their labels joined ("Maya: retires at 52 · Daniel: retires at 54"). */
export function groupMilestones(milestones: Milestone[]): { date: string; kinds: Milestone["kind"][]; label: string }[] {
  const byDate = new Map<string, { date: string; kinds: Milestone["kind"][]; label: string }>();
  for (const m of milestones) {
    const g = byDate.get(m.date);
    if (g) {
      if (!g.kinds.includes(m.kind)) g.kinds.push(m.kind);
      g.label = `${g.label} · ${m.label}`;
    } else byDate.set(m.date, { date: m.date, kinds: [m.kind], label: m.label });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** The net worth the chart's line passes through at `x` (straight between year points), to seat a milestone's dot. */
export function valueAt(points: PlanPoint[], x: number): number | null {
  if (points.length === 0 || x < points[0].year || x > points[points.length - 1].year) return null;
  const i = points.findIndex((p) => p.year >= x);
  if (points[i].year === x || i === 0) return points[i].netWorth;
  const a = points[i - 1];
  const b = points[i];
  return a.netWorth + ((b.netWorth - a.netWorth) * (x - a.year)) / (b.year - a.year);
}

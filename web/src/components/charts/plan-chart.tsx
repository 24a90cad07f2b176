/** The plan chart of /fire-dashboard and /analysis: net worth and investable savings a year with the FI date,
 * retirements and the other milestones marked, a key of the marks and the milestones as text. Only lazily loaded
 * pages import this, so recharts stays out of the first load. */
import { CartesianGrid, ComposedChart, Legend, Line, ReferenceDot, ReferenceLine, Tooltip, XAxis, YAxis } from "recharts";
import { chartFormat, Frame } from "@/components/charts/chart-frame";
import { AXIS, TOOLTIP } from "@/components/charts/chart-style";
import { ChartTable } from "@/components/charts/chart-table";
import { groupMilestones, type Milestone, type PlanPoint, valueAt, yearOf } from "@/lib/plan-points";
import { useI18n, useFormat } from "@/lib/i18n";
import { msg, type MessageId } from "@firepath/shared/i18n/messages";

const KIND_COLOUR: Record<Milestone["kind"], string> = {
  fi: "var(--success)", retirement: "var(--primary)", cpp: "#0ea5e9", oas: "#14b8a6",
  pension: "#a855f7", plan: "var(--muted-foreground)", mortgage: "#f59e0b", death: "var(--muted-foreground)",
};

/** Net worth and investable savings a year (today's dollars), the FI date as a vertical line, retirements as dashed
 * lines and the other milestones (CPP, OAS, pensions, future plans) as dots on the net-worth line, listed below. */
export function PlanChart({ points, fiDate, milestones, testId = "plan-chart", height = 300, caption }: {
  points: PlanPoint[];
  fiDate: string | null;
  milestones: Milestone[];
  testId?: string;
  height?: number;
  caption: string;
}) {
  const { t, locale } = useI18n();
  const { money, compact } = chartFormat(locale);
  const groups = groupMilestones(milestones.filter((m) => m.kind !== "fi"));
  const retirements = groups.filter((g) => g.kinds.includes("retirement"));
  const dots = groups.filter((g) => !g.kinds.includes("retirement"));
  return (
    <>
      <Frame testId={testId} height={height}>
        <ComposedChart accessibilityLayer={false} data={points} margin={{ top: 20, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="year" type="number" domain={["dataMin", "dataMax"]} allowDecimals={false} tickFormatter={String} {...AXIS} />
          <YAxis tickFormatter={compact} width={70} {...AXIS} />
          <Tooltip formatter={(v) => money(v)} labelFormatter={(l) => String(l)} {...TOOLTIP} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line dataKey="netWorth" name={t("components.chart.netWorth")} stroke="var(--primary)" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line dataKey="investable" name={t("components.chart.investable")} stroke="var(--success)" strokeDasharray="6 3" strokeWidth={2} dot={false} isAnimationActive={false} />
          {retirements.map((g) => (
            <ReferenceLine key={g.date} x={yearOf(g.date)} stroke="var(--muted-foreground)" strokeDasharray="4 4"
              className={markerClass(g.kinds)}
              label={{ value: t("components.chart.retire"), position: "insideBottomRight", fill: "var(--muted-foreground)", fontSize: 12 }} />
          ))}
          {fiDate && (
            <ReferenceLine x={yearOf(fiDate)} stroke="var(--success)" strokeWidth={2} className="marker-fi"
              label={{ value: t("components.chart.fi"), position: "top", fill: "var(--success)", fontSize: 12, fontWeight: 600 }} />
          )}
          {dots.map((g) => {
            const x = yearOf(g.date);
            const y = valueAt(points, x);
            return y == null ? null : (
              <ReferenceDot key={g.date} x={x} y={y} r={5} fill={KIND_COLOUR[g.kinds[0]]} stroke="var(--background)" strokeWidth={1.5}
                className={markerClass(g.kinds)} />
            );
          })}
        </ComposedChart>
      </Frame>
      <MarkerKey milestones={milestones} fiDate={fiDate} />
      <MilestoneList milestones={milestones} fiDate={fiDate} />
      <ChartTable
        caption={caption}
        columns={[t("components.chart.year"), t("components.chart.netWorth"), t("components.chart.investable")]}
        rows={points.map((p) => [p.year, money(p.netWorth), money(p.investable)])}
      />
    </>
  );
}

const markerClass = (kinds: Milestone["kind"][]) => kinds.map((k) => `marker-${k}`).join(" ");

const KIND_KEY: Record<Milestone["kind"], MessageId> = {
  fi: msg("components.chart.kind.fi"), retirement: msg("components.chart.kind.retirement"), cpp: msg("components.chart.kind.cpp"),
  oas: msg("components.chart.kind.oas"), pension: msg("components.chart.kind.pension"), plan: msg("components.chart.kind.plan"),
  mortgage: msg("components.chart.kind.mortgage"), death: msg("components.chart.kind.death"),
};

/** How a mark looks in the key and the list: a solid green line for FI, a dashed line for a retirement, else the
 * dot drawn on the net-worth line (coloured by the first kind on its date). */
function Swatch({ kind }: { kind: Milestone["kind"] }) {
  if (kind === "fi" || kind === "retirement") {
    return (
      <svg aria-hidden="true" width="10" height="12" className="shrink-0 self-center">
        <line x1="5" y1="0" x2="5" y2="12" stroke={kind === "fi" ? "var(--success)" : "var(--muted-foreground)"}
          strokeWidth="2" strokeDasharray={kind === "retirement" ? "3 2" : undefined} />
      </svg>
    );
  }
  return <span aria-hidden="true" className="inline-block size-2.5 shrink-0 self-center rounded-full" style={{ background: KIND_COLOUR[kind] }} />;
}

/** The key of the marks on the chart, only for what it draws: the FI line, retirement lines, and one entry per dot
 * colour naming every kind drawn in it (CPP and OAS starting the same month share a dot). */
function MarkerKey({ milestones, fiDate }: { milestones: Milestone[]; fiDate: string | null }) {
  const { t } = useI18n();
  const groups = groupMilestones(milestones.filter((m) => m.kind !== "fi"));
  const entries: { kind: Milestone["kind"]; label: string }[] = [];
  if (fiDate) entries.push({ kind: "fi", label: t("components.chart.fiLine") });
  if (groups.some((g) => g.kinds.includes("retirement"))) entries.push({ kind: "retirement", label: t("components.chart.retirementLine") });
  const dots = new Map<Milestone["kind"], Set<Milestone["kind"]>>();
  for (const g of groups.filter((g) => !g.kinds.includes("retirement"))) {
    const set = dots.get(g.kinds[0]) ?? new Set();
    g.kinds.forEach((k) => set.add(k));
    dots.set(g.kinds[0], set);
  }
  const order: Milestone["kind"][] = ["cpp", "oas", "pension", "plan", "mortgage", "death"];
  for (const kind of order.filter((k) => dots.has(k))) {
    entries.push({ kind, label: order.filter((k) => dots.get(kind)!.has(k)).map((k) => t(KIND_KEY[k])).join(" · ") });
  }
  if (entries.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label={t("components.planChart.marksOnTheChart")} data-testid="marker-key">
      {entries.map((e) => <li key={e.kind} className="flex items-center gap-1.5"><Swatch kind={e.kind} />{e.label}</li>)}
    </ul>
  );
}

/** The milestones as text beside the chart: what the marks mean, for everyone. */
function MilestoneList({ milestones, fiDate }: { milestones: Milestone[]; fiDate: string | null }) {
  const fmt = useFormat();
  const { t } = useI18n();
  const groups = groupMilestones(milestones);
  if (groups.length === 0) return null;
  return (
    <ol className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2" aria-label={t("components.planChart.milestones")} data-testid="milestones">
      {groups.map((g) => (
        <li key={g.date} className="flex items-baseline gap-2">
          <Swatch kind={g.kinds.includes("fi") || g.date === fiDate ? "fi" : g.kinds.includes("retirement") ? "retirement" : g.kinds[0]} />
          <span className="shrink-0 tabular-nums text-muted-foreground">{fmt.month(g.date)}</span>
          <span>{g.label}</span>
        </li>
      ))}
    </ol>
  );
}

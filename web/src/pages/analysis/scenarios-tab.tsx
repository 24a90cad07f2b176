/** Analysis › Scenarios: up to three saved what-ifs beside the plan as saved (GET /api/v1/plan/scenarios/compare):
 * FI date, success rate, lifetime tax, spending and estate side by side, and their net worth on one chart. Every
 * figure is the comparison's own; "Your plan" is the plan the dashboard shows. With nothing saved it says how to save
 * a scenario (the what-if sliders on Optimization, or the FI Coach). */
import type { Formatters } from "@firepath/shared/format";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { deleteScenario, SCENARIOS_KEY, useComparison, useScenarios, type HouseholdPlan, type PlanSummary, type Scenario } from "@/api/plan";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { type AnalysisTranslate, Message, useFormat, useI18n, useT } from "@/pages/analysis/analysis-i18n";
import { bestOf, comparisonRows, describeChanges, MAX_COMPARED, toggleCompared, type ScenarioResult } from "@/pages/analysis/analysis-model";
import { COMPARE_STYLE, ComparisonChart } from "@/pages/analysis/charts";

export function ScenariosTab({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const t = useT();
  const scenarios = useScenarios();
  const names = household.inputs.people.map((p) => p.name);
  const [picked, setPicked] = useState<string[] | null>(null);
  // Until the user picks, the newest three are compared.
  useEffect(() => {
    if (picked === null && scenarios.data) setPicked(scenarios.data.slice(-MAX_COMPARED).map((s) => s.id));
  }, [picked, scenarios.data]);
  const ids = (picked ?? []).filter((id) => scenarios.data?.some((s) => s.id === id));

  if (scenarios.isPending) {
    return <Card><CardContent className="pt-6"><div role="status"><span className="sr-only">{t("analysis.scenarios.loading")}</span><Skeleton className="h-40 w-full" /></div></CardContent></Card>;
  }
  if (scenarios.isError) {
    return <p role="alert" className="text-sm text-destructive">{t("analysis.scenarios.failed", { error: scenarios.error.message })}</p>;
  }
  if (scenarios.data.length === 0) return <NoScenarios />;
  return (
    <div className="flex flex-col gap-4">
      <Card data-testid="scenario-picker">
        <CardHeader>
          <CardTitle className="text-lg">{t("analysis.scenarios.compareTitle")}</CardTitle>
          <CardDescription>
            <Message id="analysis.scenarios.compareDescription" values={{
              max: MAX_COMPARED,
              link: (c) => <Link className="underline" to="/analysis?tab=optimization">{c}</Link>,
            }} />
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ScenarioPicker scenarios={scenarios.data} names={names} ids={ids} onChange={setPicked} />
        </CardContent>
      </Card>
      {ids.length === 0 ? (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">{t("analysis.scenarios.tickOne")}</p>
      ) : (
        <Comparison ids={ids} summary={summary} />
      )}
    </div>
  );
}

function NoScenarios() {
  const t = useT();
  const fmt = useFormat();
  const strong = (c: ReactNode[]) => <strong>{c}</strong>;
  return (
    <Card data-testid="scenarios-empty">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.scenarios.noneTitle")}</CardTitle>
        <CardDescription>
          {t("analysis.scenarios.noneDescription", { amount: fmt.money(500, { wholeDollars: true }), max: MAX_COMPARED })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        <ol className="list-decimal pl-5">
          <li><Message id="analysis.scenarios.stepOpen" values={{ b: strong }} /></li>
          <li><Message id="analysis.scenarios.stepSave" values={{ b: strong }} /></li>
        </ol>
        <p className="text-muted-foreground">{t("analysis.scenarios.askCoach")}</p>
        <div><Button asChild><Link to="/analysis?tab=optimization">{t("analysis.scenarios.tryWhatIf")}</Link></Button></div>
      </CardContent>
    </Card>
  );
}

function ScenarioPicker({ scenarios, names, ids, onChange }: {
  scenarios: Scenario[];
  names: string[];
  ids: string[];
  onChange: (ids: string[]) => void;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const remove = useMutation({
    mutationFn: deleteScenario,
    onSuccess: (_, id) => {
      onChange(ids.filter((i) => i !== id));
      void client.invalidateQueries({ queryKey: SCENARIOS_KEY });
    },
  });
  const full = ids.length >= MAX_COMPARED;
  return (
    <fieldset>
      <legend className="sr-only">{t("analysis.scenarios.legend", { max: MAX_COMPARED })}</legend>
      <ul className="flex flex-col divide-y">
        {scenarios.map((s) => {
          const checked = ids.includes(s.id);
          const id = `compare-${s.id}`;
          return (
            <li key={s.id} className="flex items-start gap-3 py-2">
              <input id={id} type="checkbox" className="mt-1 size-4 shrink-0 accent-[var(--primary)]" checked={checked}
                disabled={!checked && full} onChange={() => onChange(toggleCompared(ids, s.id))}
                aria-describedby={`${id}-about`} />
              <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                <span className="block font-medium">{s.name}</span>
                <span id={`${id}-about`} className="block text-muted-foreground">{describeChanges(s.changes ?? {}, names, i18n)}</span>
              </label>
              <Button variant="ghost" size="icon" aria-label={t("analysis.scenarios.delete", { name: s.name })} disabled={remove.isPending}
                onClick={() => remove.mutate(s.id)}>
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="mt-2 text-xs text-muted-foreground" aria-live="polite">
        {full
          ? t("analysis.scenarios.pickedFull", { count: ids.length, max: MAX_COMPARED })
          : t("analysis.scenarios.picked", { count: ids.length, max: MAX_COMPARED })}
      </p>
      {remove.isError && <p role="alert" className="text-sm text-destructive">{remove.error.message}</p>}
    </fieldset>
  );
}

interface Measure {
  id: string;
  label: string;
  value: (r: ScenarioResult) => string;
  rank?: { of: (r: ScenarioResult) => number | null; better: "low" | "high" };
}

/** The measures of the side-by-side comparison, in the person's language. */
function measures(t: AnalysisTranslate, fmt: Formatters): Measure[] {
  const money = (v: number | null | undefined) => fmt.money(v, { wholeDollars: true });
  return [
    {
      id: "fi",
      label: t("analysis.compare.fi"),
      value: (r) => (r.fi_date ? fmt.month(r.fi_date) : t("analysis.notWithinPlan")),
      rank: { of: (r) => r.months_to_fi, better: "low" },
    },
    {
      id: "success",
      label: t("analysis.compare.successRate"),
      value: (r) => (r.success_rate == null ? "—" : fmt.percent(r.success_rate)),
      rank: { of: (r) => r.success_rate, better: "high" },
    },
    { id: "tax", label: t("analysis.compare.lifetimeTax"), value: (r) => money(r.lifetime_tax), rank: { of: (r) => r.lifetime_tax, better: "low" } },
    { id: "spending", label: t("analysis.compare.spending"), value: (r) => money(r.retirement_spending) },
    { id: "estate", label: t("analysis.compare.estate"), value: (r) => money(r.estate), rank: { of: (r) => r.estate, better: "high" } },
    { id: "lasts", label: t("analysis.compare.lasts"), value: (r) => (r.plan_lasts ? t("analysis.yes") : t("analysis.compare.runsShort")) },
  ];
}

function Comparison({ ids, summary }: { ids: string[]; summary: PlanSummary }) {
  const t = useT();
  const fmt = useFormat();
  const MEASURES = useMemo(() => measures(t, fmt), [t, fmt]);
  const compared = useComparison(ids);
  const results = compared.data?.results;
  const missing = compared.data?.missing ?? [];
  const bests = MEASURES.map((m) => (results && m.rank ? bestOf(results.map(m.rank.of), m.rank.better) : null));
  const rows = useMemo(
    () => (results ? comparisonRows(results, { year: summary.years[0], netWorth: summary.net_worth[0] }) : []),
    [results, summary],
  );
  return (
    <Card data-testid="scenario-comparison">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.compare.title")}</CardTitle>
        <CardDescription>{t("analysis.compare.description", { runs: fmt.number(2000) })}</CardDescription>
      </CardHeader>
      <CardContent aria-live="polite" aria-busy={compared.isFetching} className="flex flex-col gap-4">
        {compared.isError ? (
          <p role="alert" className="text-sm text-destructive">{t("analysis.compare.failed", { error: compared.error.message })}</p>
        ) : !results ? (
          <div role="status"><span className="sr-only">{t("analysis.compare.running")}</span><Skeleton className="h-64 w-full" /></div>
        ) : (
          <>
            {/* On a phone, one block per plan; from 640 px, the table with the plans side by side. */}
            <ul className="grid gap-3 sm:hidden" aria-label={t("analysis.compare.listLabel")} data-testid="comparison-list">
              {results.map((r, i) => (
                <li key={r.id ?? "plan"} className="rounded-md border p-3">
                  <p className="flex items-center gap-2 font-semibold">
                    <Swatch i={i} />{r.name}
                  </p>
                  <dl className="mt-2 flex flex-col gap-1 text-sm">
                    {MEASURES.map((m, k) => (
                      <div key={m.id} className="flex items-baseline justify-between gap-3">
                        <dt className="text-muted-foreground">{m.label}</dt>
                        <dd className={`relative whitespace-nowrap text-right tabular-nums ${bests[k] === i ? "font-semibold text-success" : ""}`}>
                          {m.value(r)}{bests[k] === i && <span className="sr-only">&#32;{t("analysis.compare.best")}</span>}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto rounded-md border sm:block" tabIndex={0} role="region" aria-label={t("analysis.compare.tableLabel")}>
              <table className="w-full min-w-[32rem] text-sm" data-testid="comparison-table">
                <caption className="sr-only">{t("analysis.compare.caption")}</caption>
                <thead>
                  <tr className="border-b">
                    <th scope="col" className="px-2 py-2 text-left font-medium text-muted-foreground">{t("analysis.compare.measure")}</th>
                    {results.map((r, i) => (
                      <th key={r.id ?? "plan"} scope="col" className="px-2 py-2 text-right font-semibold">
                        <span className="inline-flex items-center gap-1.5"><Swatch i={i} />{r.name}</span>
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {MEASURES.map((m, k) => {
                    const best = bests[k];
                    return (
                      <tr key={m.id} className="border-b last:border-0">
                        <th scope="row" className="px-2 py-2 text-left font-medium">{m.label}</th>
                        {results.map((r, i) => (
                          <td key={r.id ?? "plan"} className={`relative px-2 py-2 text-right tabular-nums ${best === i ? "font-semibold text-success" : ""}`}
                            data-testid={`compare-${m.id}-${i}`}>
                            {m.value(r)}
                            {best === i && <span className="sr-only">&#32;{t("analysis.compare.best")}</span>}
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <ComparisonChart rows={rows} names={results.map((r) => r.name)} fiDates={results.map((r) => r.fi_date)}
              caption={t("analysis.compare.chartCaption")} />
            <p className="text-xs text-muted-foreground">{t("analysis.compare.chartNote")}</p>
            {missing.length > 0 && (
              <p className="text-xs text-muted-foreground">{t("analysis.compare.assumed", { missing: missing.join("; ") })}</p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** A compared plan's line on the chart, as a key beside its name. */
function Swatch({ i }: { i: number }) {
  return (
    <svg aria-hidden="true" width="16" height="6" className="shrink-0">
      <line x1="0" y1="3" x2="16" y2="3" stroke={COMPARE_STYLE[i].colour} strokeWidth="2" strokeDasharray={COMPARE_STYLE[i].dash} />
    </svg>
  );
}

/** Analysis › Optimization: what-if sliders on the household plan (retirement ages, extra monthly saving, spending,
 * CPP start age, return). Moving one posts the changes to /api/v1/plan/what-if once the slider rests and shows the
 * FI date that results; the success rate is run on request (it takes longer). Untouched, the panel shows the plan's
 * own figures from the summary, so "Reset" always lands on the dashboard's date; a moved what-if can be kept as a named
 * scenario for the Scenarios tab. Below it, the levers: each change
 * on its own, ranked by how much sooner it reaches FI. */
import { formatCurrency, formatPercent, formatMonth } from "@firepath/shared/format";
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { saveScenario, SCENARIOS_KEY, type HouseholdPlan, type PlanSummary } from "@/api/plan";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Slider } from "@/components/ui/slider";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import {
  baseWhatIf,
  describeChanges,
  isUntouched,
  monthsApart,
  whatIfChanges,
  type ScenarioChanges,
  type WhatIf,
} from "@/pages/analysis/analysis-model";
import { whatIfQuery } from "@/pages/analysis/what-if-query";

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });
const signedMoney = (n: number) => (n === 0 ? "$0" : `${n > 0 ? "+" : "−"}${money(Math.abs(n))}`);
export const WHAT_IF_DEBOUNCE_MS = 400;

const fiText = (fiDate: string | null | undefined) => (fiDate ? formatMonth(fiDate) : "Not within the plan");

interface SliderSpec {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  show: (n: number) => string;
  set: (w: WhatIf, n: number) => WhatIf;
}

function sliderSpecs(household: HouseholdPlan, base: WhatIf, w: WhatIf): SliderSpec[] {
  const people = household.inputs.people;
  const spendingMax = Math.max(Math.ceil((base.spending * 1.5) / 1000) * 1000, 20_000);
  return [
    ...people.map((p, i): SliderSpec => ({
      id: `retire-${i}`,
      label: people.length === 1 || p.name === "You" ? "Your retirement age" : `${p.name}'s retirement age`,
      value: w.retirementAges[i],
      min: Math.min(Math.max(Math.ceil(p.age), 18), base.retirementAges[i]),
      max: Math.max(75, base.retirementAges[i]),
      step: 1,
      show: (n) => `${n}`,
      set: (old, n) => ({ ...old, retirementAges: old.retirementAges.map((a, j) => (j === i ? n : a)) }),
    })),
    {
      id: "extra", label: "Extra monthly saving", value: w.extraMonthly, min: -1000, max: 5000, step: 50,
      show: (n) => `${signedMoney(n)} a month`, set: (old, n) => ({ ...old, extraMonthly: n }),
    },
    {
      id: "spending", label: "Yearly spending", value: w.spending, min: Math.min(0, base.spending), max: Math.max(spendingMax, base.spending), step: 500,
      show: (n) => `${money(n)} a year`, set: (old, n) => ({ ...old, spending: n }),
    },
    {
      id: "cpp", label: "CPP start age", value: w.cppStartAge, min: Math.min(60, base.cppStartAge), max: Math.max(70, base.cppStartAge), step: 1,
      show: (n) => `${n}`, set: (old, n) => ({ ...old, cppStartAge: n }),
    },
    {
      id: "return", label: "Investment return", value: w.returnRate, min: 0, max: Math.max(0.12, base.returnRate), step: 0.0025,
      show: (n) => `${formatPercent(n, { digits: 2 })} a year`, set: (old, n) => ({ ...old, returnRate: n }),
    },
  ];
}

export function WhatIfPanel({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const base = useMemo(() => baseWhatIf(household.inputs), [household]);
  const [w, setW] = useState<WhatIf>(base);
  const changes = useMemo(() => whatIfChanges(base, w), [base, w]);
  const settled = useDebouncedValue(changes, WHAT_IF_DEBOUNCE_MS);
  const untouched = isUntouched(settled);
  const result = useQuery({ ...whatIfQuery(settled), enabled: !untouched, placeholderData: keepPreviousData });
  const [riskAsked, setRiskAsked] = useState(false);
  const risk = useQuery({ ...whatIfQuery(settled, true), enabled: riskAsked && !untouched });
  const moving = JSON.stringify(changes) !== JSON.stringify(settled);
  const busy = moving || (!untouched && result.isFetching);

  const shown = untouched
    ? { fi_date: summary.fi_date, months_to_fi: summary.months_to_fi, lifetime_tax: summary.lifetime_tax, estate: summary.estate, plan_lasts: summary.plan_lasts }
    : result.data;
  const successRate = untouched ? summary.success_rate : risk.data?.success_rate;
  const delta = untouched ? "Your plan as saved" : shown ? monthsApart(summary.months_to_fi, shown.months_to_fi) : null;
  const specs = sliderSpecs(household, base, w);
  const update = (next: WhatIf) => { setW(next); setRiskAsked(false); };

  return (
    <Card data-testid="what-if">
      <CardHeader>
        <CardTitle className="text-lg">What if…</CardTitle>
        <CardDescription>Move a slider to see when you would reach financial independence. Nothing is saved.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {specs.map((s) => <SliderRow key={s.id} spec={s} onChange={(n) => update(s.set(w, n))} />)}
        <div className="rounded-lg border bg-muted/40 p-4" aria-live="polite" aria-busy={busy} data-testid="whatif-result">
          <p className="text-sm text-muted-foreground">Financial independence</p>
          {!shown ? (
            result.isError ? (
              <p role="alert" className="text-destructive">Could not compute: {result.error.message}</p>
            ) : (
              <Skeleton className="mt-1 h-7 w-48" />
            )
          ) : (
            <>
              <p className={`text-xl font-bold tabular-nums ${busy ? "opacity-60" : ""}`} data-testid="whatif-fi-date">{fiText(shown.fi_date)}</p>
              <p className="text-sm text-muted-foreground">
                {[delta, `lifetime tax ${money(shown.lifetime_tax)}`, `estate ${money(shown.estate)}`, !shown.plan_lasts && "the money runs short"]
                  .filter(Boolean).join(" · ")}
              </p>
              <p className="mt-2 text-sm" data-testid="whatif-success">
                {successRate != null ? (
                  <>Success rate <span className="font-semibold tabular-nums">{formatPercent(successRate)}</span> over 2,000 simulated markets</>
                ) : risk.isFetching ? (
                  "Running 2,000 markets…"
                ) : (
                  <Button variant="outline" size="sm" disabled={busy} onClick={() => setRiskAsked(true)}>Check the success rate</Button>
                )}
              </p>
            </>
          )}
          <p className="mt-2 text-xs text-muted-foreground">Your plan: {fiText(summary.fi_date)}</p>
        </div>
        <div>
          <Button variant="outline" size="sm" onClick={() => update(base)}>Reset to my plan</Button>
        </div>
        <SaveScenario changes={settled} names={household.inputs.people.map((p) => p.name)} disabled={untouched || moving} />
      </CardContent>
    </Card>
  );
}

/** Keeps the what-if as a named scenario (POST /api/v1/plan/scenarios), to compare on the Scenarios tab. */
function SaveScenario({ changes, names, disabled }: { changes: ScenarioChanges; names: string[]; disabled: boolean }) {
  const client = useQueryClient();
  const [name, setName] = useState("");
  const suggested = describeChanges(changes, names).slice(0, 100);
  const save = useMutation({
    // The scenario is passed at the click, not read from the closure: the mutation's options are refreshed after
    // render, so a click right after the slider settles could otherwise save the previous (untouched) changes.
    mutationFn: (scenario: { name: string; changes: ScenarioChanges }) => saveScenario(scenario),
    onSuccess: () => {
      setName("");
      void client.invalidateQueries({ queryKey: SCENARIOS_KEY });
    },
  });
  const id = useId();
  return (
    <form className="flex flex-col gap-2 border-t pt-4" data-testid="save-scenario"
      onSubmit={(e) => { e.preventDefault(); if (!disabled) save.mutate({ name: name.trim() || suggested, changes }); }}>
      <Label htmlFor={id}>Keep this what-if as a scenario</Label>
      <div className="flex flex-wrap gap-2">
        <Input id={id} className="min-w-0 flex-1 basis-48" maxLength={100} value={name} placeholder={disabled ? "Move a slider first" : suggested}
          onChange={(e) => setName(e.target.value)} aria-describedby={`${id}-hint`} />
        <Button type="submit" size="sm" className="h-9" disabled={disabled || save.isPending}>Save as a scenario</Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground" aria-live="polite">
        {save.isSuccess ? (
          <span data-testid="scenario-saved">
            Saved "{save.data.name}". <Link className="underline" to="/analysis?tab=scenarios">Compare it with your plan</Link> on Scenarios.
          </span>
        ) : save.isError ? (
          <span role="alert" className="text-destructive">Could not save: {save.error.message}</span>
        ) : (
          "Saved scenarios sit side by side with your plan on the Scenarios tab, up to three at a time."
        )}
      </p>
    </form>
  );
}

function SliderRow({ spec, onChange }: { spec: SliderSpec; onChange: (n: number) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <span id={id} className="text-sm font-medium">{spec.label}</span>
        <span className="text-sm tabular-nums text-muted-foreground">{spec.show(spec.value)}</span>
      </div>
      <Slider aria-labelledby={id} thumbLabel={spec.label} valueText={spec.show(spec.value)} value={[spec.value]}
        min={spec.min} max={spec.max} step={spec.step} onValueChange={(v) => onChange(v[0])} />
    </div>
  );
}

/** Each change on its own through the same what-if, ranked by the months it saves. */
export function Levers({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const base = useMemo(() => baseWhatIf(household.inputs), [household]);
  const levers = useMemo(() => [
    { id: "save-500", label: "Save $500 more a month", w: { ...base, extraMonthly: 500 } },
    { id: "spend-10", label: "Spend 10% less", w: { ...base, spending: Math.round(base.spending * 0.9) } },
    { id: "return-1", label: "Earn 1% more a year (lower fees)", w: { ...base, returnRate: base.returnRate + 0.01 } },
    { id: "cpp-70", label: "Start CPP at 70", w: { ...base, cppStartAge: 70 } },
  ].filter((l) => !isUntouched(whatIfChanges(base, l.w))), [base]);
  const results = useQueries({ queries: levers.map((l) => whatIfQuery(whatIfChanges(base, l.w))) });
  const baseMonths = summary.months_to_fi;
  const rows = levers.map((l, i) => {
    const months = results[i].data?.months_to_fi ?? null;
    const saved = months == null ? null : baseMonths == null ? Number.POSITIVE_INFINITY : baseMonths - months;
    return { ...l, query: results[i], saved };
  }).sort((a, b) => (b.saved ?? Number.NEGATIVE_INFINITY) - (a.saved ?? Number.NEGATIVE_INFINITY));
  return (
    <Card data-testid="levers">
      <CardHeader>
        <CardTitle className="text-lg">What moves your date most</CardTitle>
        <CardDescription>Each change on its own, ranked by how much sooner you reach financial independence.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col divide-y">
          {rows.map((r) => (
            <li key={r.id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
              <span className="font-medium">{r.label}</span>
              <span className="text-right tabular-nums text-muted-foreground">
                {r.query.isPending ? <Skeleton className="h-4 w-24" /> : r.query.isError ? "Could not compute"
                  : r.saved == null ? "Still not within the plan"
                  : !Number.isFinite(r.saved) ? `Reaches FI: ${formatMonth(r.query.data?.fi_date)}`
                  : monthsApart(baseMonths, r.query.data?.months_to_fi ?? null)?.replace(" than your plan", "")}
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

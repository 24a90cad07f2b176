/** Analysis › Optimization: what-if sliders on the household plan (retirement ages, extra monthly saving, spending,
 * CPP start age, return). Moving one posts the changes to /api/v1/plan/what-if once the slider rests and shows the
 * FI date that results; the success rate is run on request (it takes longer). Untouched, the panel shows the plan's
 * own figures from the summary, so "Reset" always lands on the dashboard's date; a moved what-if can be kept as a named
 * scenario for the Scenarios tab. Below it, the levers: each change
 * on its own, ranked by how much sooner it reaches FI. */
import type { Formatters } from "@firepath/shared/format";
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
import { type AnalysisI18n, Message, useFormat, useI18n } from "@/pages/analysis/analysis-i18n";
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

export const WHAT_IF_DEBOUNCE_MS = 400;

const wholeDollars = (fmt: Formatters) => (v: number | null | undefined) => fmt.money(v, { wholeDollars: true });
/** "+$500", "−$250" (a true minus sign), "$0". */
const signedMoney = (n: number, fmt: Formatters) => (n === 0 ? wholeDollars(fmt)(0) : `${n > 0 ? "+" : "−"}${wholeDollars(fmt)(Math.abs(n))}`);

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

function sliderSpecs(household: HouseholdPlan, base: WhatIf, w: WhatIf, { t }: AnalysisI18n, fmt: Formatters): SliderSpec[] {
  const money = wholeDollars(fmt);
  const people = household.inputs.people;
  const spendingMax = Math.max(Math.ceil((base.spending * 1.5) / 1000) * 1000, 20_000);
  return [
    ...people.map((p, i): SliderSpec => ({
      id: `retire-${i}`,
      label: people.length === 1 || p.name === "You" ? t("analysis.whatIf.yourRetirementAge") : t("analysis.whatIf.retirementAgeOf", { name: p.name }),
      value: w.retirementAges[i],
      min: Math.min(Math.max(Math.ceil(p.age), 18), base.retirementAges[i]),
      max: Math.max(75, base.retirementAges[i]),
      step: 1,
      show: (n) => `${n}`,
      set: (old, n) => ({ ...old, retirementAges: old.retirementAges.map((a, j) => (j === i ? n : a)) }),
    })),
    {
      id: "extra", label: t("analysis.whatIf.extraSaving"), value: w.extraMonthly, min: -1000, max: 5000, step: 50,
      show: (n) => t("analysis.whatIf.aMonth", { amount: signedMoney(n, fmt) }), set: (old, n) => ({ ...old, extraMonthly: n }),
    },
    {
      id: "spending", label: t("analysis.whatIf.spending"), value: w.spending, min: Math.min(0, base.spending), max: Math.max(spendingMax, base.spending), step: 500,
      show: (n) => t("analysis.whatIf.aYear", { amount: money(n) }), set: (old, n) => ({ ...old, spending: n }),
    },
    {
      id: "cpp", label: t("analysis.whatIf.cppAge"), value: w.cppStartAge, min: Math.min(60, base.cppStartAge), max: Math.max(70, base.cppStartAge), step: 1,
      show: (n) => `${n}`, set: (old, n) => ({ ...old, cppStartAge: n }),
    },
    {
      id: "return", label: t("analysis.whatIf.return"), value: w.returnRate, min: 0, max: Math.max(0.12, base.returnRate), step: 0.0025,
      show: (n) => t("analysis.whatIf.rateAYear", { rate: fmt.percent(n, { digits: 2 }) }), set: (old, n) => ({ ...old, returnRate: n }),
    },
  ];
}

export function WhatIfPanel({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const i18n = useI18n();
  const { t } = i18n;
  const fmt = useFormat();
  const money = wholeDollars(fmt);
  const fiText = (fiDate: string | null | undefined) => (fiDate ? fmt.month(fiDate) : t("analysis.notWithinPlan"));
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
  const delta = untouched ? t("analysis.describe.asSaved") : shown ? monthsApart(summary.months_to_fi, shown.months_to_fi, i18n) : null;
  const specs = sliderSpecs(household, base, w, i18n, fmt);
  const update = (next: WhatIf) => { setW(next); setRiskAsked(false); };

  return (
    <Card data-testid="what-if">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.whatIf.title")}</CardTitle>
        <CardDescription>{t("analysis.whatIf.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {specs.map((s) => <SliderRow key={s.id} spec={s} onChange={(n) => update(s.set(w, n))} />)}
        <div className="rounded-lg border bg-muted/40 p-4" aria-live="polite" aria-busy={busy} data-testid="whatif-result">
          <p className="text-sm text-muted-foreground">{t("analysis.whatIf.fi")}</p>
          {!shown ? (
            result.isError ? (
              <p role="alert" className="text-destructive">{t("analysis.couldNotCompute", { error: result.error.message })}</p>
            ) : (
              <Skeleton className="mt-1 h-7 w-48" />
            )
          ) : (
            <>
              <p className={`text-xl font-bold tabular-nums ${busy ? "opacity-60" : ""}`} data-testid="whatif-fi-date">{fiText(shown.fi_date)}</p>
              <p className="text-sm text-muted-foreground">
                {[
                  delta,
                  t("analysis.whatIf.lifetimeTax", { amount: money(shown.lifetime_tax) }),
                  t("analysis.whatIf.estate", { amount: money(shown.estate) }),
                  !shown.plan_lasts && t("analysis.whatIf.runsShort"),
                ].filter(Boolean).join(" · ")}
              </p>
              <p className="mt-2 text-sm" data-testid="whatif-success">
                {successRate != null ? (
                  <Message id="analysis.whatIf.successRate" values={{
                    rate: fmt.percent(successRate),
                    runs: fmt.number(2000),
                    b: (c) => <span className="font-semibold tabular-nums">{c}</span>,
                  }} />
                ) : risk.isFetching ? (
                  t("analysis.whatIf.runningMarkets", { runs: fmt.number(2000) })
                ) : (
                  <Button variant="outline" size="sm" disabled={busy} onClick={() => setRiskAsked(true)}>{t("analysis.whatIf.checkSuccess")}</Button>
                )}
              </p>
            </>
          )}
          <p className="mt-2 text-xs text-muted-foreground">{t("analysis.whatIf.yourPlan", { date: fiText(summary.fi_date) })}</p>
        </div>
        <div>
          <Button variant="outline" size="sm" onClick={() => update(base)}>{t("analysis.whatIf.reset")}</Button>
        </div>
        <SaveScenario changes={settled} names={household.inputs.people.map((p) => p.name)} disabled={untouched || moving} />
      </CardContent>
    </Card>
  );
}

/** Keeps the what-if as a named scenario (POST /api/v1/plan/scenarios), to compare on the Scenarios tab. */
function SaveScenario({ changes, names, disabled }: { changes: ScenarioChanges; names: string[]; disabled: boolean }) {
  const i18n = useI18n();
  const { t } = i18n;
  const client = useQueryClient();
  const [name, setName] = useState("");
  // The name a what-if is saved under when none is typed: its changes in words, in the language shown.
  const suggested = describeChanges(changes, names, i18n).slice(0, 100);
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
      <Label htmlFor={id}>{t("analysis.save.label")}</Label>
      <div className="flex flex-wrap gap-2">
        <Input id={id} className="min-w-0 flex-1 basis-48" maxLength={100} value={name} placeholder={disabled ? t("analysis.save.moveFirst") : suggested}
          onChange={(e) => setName(e.target.value)} aria-describedby={`${id}-hint`} />
        <Button type="submit" size="sm" className="h-9" disabled={disabled || save.isPending}>{t("analysis.save.button")}</Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground" aria-live="polite">
        {save.isSuccess ? (
          <span data-testid="scenario-saved">
            <Message id="analysis.save.saved" values={{
              name: save.data.name,
              link: (c) => <Link className="underline" to="/analysis?tab=scenarios">{c}</Link>,
            }} />
          </span>
        ) : save.isError ? (
          <span role="alert" className="text-destructive">{t("analysis.save.failed", { error: save.error.message })}</span>
        ) : (
          t("analysis.save.hint")
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
  const i18n = useI18n();
  const { t } = i18n;
  const fmt = useFormat();
  const base = useMemo(() => baseWhatIf(household.inputs), [household]);
  const levers = useMemo(() => [
    { id: "save-500", label: t("analysis.levers.save", { amount: fmt.money(500, { wholeDollars: true }) }), w: { ...base, extraMonthly: 500 } },
    { id: "spend-10", label: t("analysis.levers.spendLess", { share: fmt.percent(0.1) }), w: { ...base, spending: Math.round(base.spending * 0.9) } },
    { id: "return-1", label: t("analysis.levers.earnMore", { rate: fmt.percent(0.01) }), w: { ...base, returnRate: base.returnRate + 0.01 } },
    { id: "cpp-70", label: t("analysis.levers.cpp", { age: 70 }), w: { ...base, cppStartAge: 70 } },
  ].filter((l) => !isUntouched(whatIfChanges(base, l.w))), [base, t, fmt]);
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
        <CardTitle className="text-lg">{t("analysis.levers.title")}</CardTitle>
        <CardDescription>{t("analysis.levers.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col divide-y">
          {rows.map((r) => (
            <li key={r.id} className="flex items-baseline justify-between gap-3 py-2 text-sm">
              <span className="font-medium">{r.label}</span>
              <span className="text-right tabular-nums text-muted-foreground">
                {r.query.isPending ? <Skeleton className="h-4 w-24" /> : r.query.isError ? t("analysis.levers.couldNotCompute")
                  : r.saved == null ? t("analysis.levers.stillNot")
                  : !Number.isFinite(r.saved) ? t("analysis.levers.reachesFi", { date: fmt.month(r.query.data?.fi_date) })
                  : monthsApart(baseMonths, r.query.data?.months_to_fi ?? null, i18n, { short: true })}
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

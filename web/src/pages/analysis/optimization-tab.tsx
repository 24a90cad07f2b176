/** Analysis › Optimization: what-if sliders that re-run the projection as they move (debounced calls to
 * /calc/projection), levers ranked by how much sooner they reach FI, withdrawal rules compared over history, and
 * where a year of savings should go among the RRSP, TFSA and FHSA (/calc/contribution-order). */
import { formatCurrency, formatDate, formatPercent } from "@firepath/shared/format";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useId, useMemo, useState } from "react";
import { postCalc, useCalc } from "@/api/calc";
import { useIncome } from "@/api/income";
import type { Plan } from "@/api/plan";
import { useProfile } from "@/api/profile";
import type { Snapshot } from "@/api/snapshot";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Slider } from "@/components/ui/slider";
import { accountLabel } from "@/lib/account-labels";
import {
  backtestBody,
  baseWhatIf,
  contributionOrderBody,
  lowestWithdrawal,
  WITHDRAWAL_RULES,
  whatIfBody,
  type WhatIf,
} from "@/pages/analysis/analysis-model";

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });

export function OptimizationTab({ plan, snapshot }: { plan: Plan; snapshot: Snapshot }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 xl:grid-cols-2">
        <WhatIfPanel plan={plan} />
        <Levers plan={plan} />
      </div>
      <WithdrawalComparison plan={plan} />
      <AllocationAdvice plan={plan} snapshot={snapshot} />
    </div>
  );
}

function fiSentence(fi: { fi_date?: string | null; fi_age?: number | null } | undefined): string {
  if (!fi) return "—";
  return fi.fi_date ? `${formatDate(fi.fi_date)} (age ${fi.fi_age?.toFixed(1)})` : "Not within the projection";
}

function WhatIfPanel({ plan }: { plan: Plan }) {
  const base = useMemo(() => baseWhatIf(plan.inputs), [plan]);
  const [w, setW] = useState<WhatIf>(base);
  const body = useMemo(() => whatIfBody(plan.inputs, w), [plan, w]);
  const result = useCalc("/api/v1/calc/projection", body);
  const fire = result.data?.fire;
  const baseFire = plan.plan.fire;
  let delta = "";
  if (fire?.months_to_fi != null && baseFire.months_to_fi != null) {
    const d = baseFire.months_to_fi - fire.months_to_fi;
    delta = d === 0 ? "Same as your plan" : `${(Math.abs(d) / 12).toFixed(1)} years ${d > 0 ? "sooner" : "later"} than your plan`;
  } else if (fire?.fi_date && baseFire.fi_date == null) {
    delta = "Reaches FI where your plan does not";
  }
  const set = (k: keyof WhatIf) => (v: number[]) => setW((old) => ({ ...old, [k]: v[0] }));
  const age = plan.inputs.current_age;
  const sliders: { key: keyof WhatIf; label: string; min: number; max: number; step: number; show: (n: number) => string }[] = [
    { key: "monthlySavings", label: "Monthly savings", min: 0, max: Math.max(Math.ceil((base.monthlySavings * 2) / 100) * 100, 5000), step: 50, show: (n) => `${money(n)} a month` },
    { key: "monthlyExpenses", label: "Monthly spending", min: 0, max: Math.max(Math.ceil((base.monthlyExpenses * 2) / 100) * 100, 2000), step: 50, show: (n) => `${money(n)} a month` },
    { key: "returnRate", label: "Investment return", min: 0, max: 0.12, step: 0.0025, show: (n) => `${formatPercent(n, { digits: 2 })} a year` },
    { key: "retirementAge", label: "Retirement age", min: Math.min(age + 1, 100), max: Math.max(75, age + 2), step: 1, show: (n) => `${n}` },
  ];
  return (
    <Card data-testid="what-if">
      <CardHeader>
        <CardTitle className="text-lg">What if…</CardTitle>
        <CardDescription>Move a slider to see when you would reach financial independence. Nothing is saved.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {sliders.map((s) => (
          <SliderRow key={s.key} label={s.label} value={w[s.key]} min={s.min} max={s.max} step={s.step} show={s.show} onChange={set(s.key)} />
        ))}
        <div className="rounded-lg border bg-muted/40 p-4" aria-live="polite" aria-busy={result.pending} data-testid="whatif-result">
          <p className="text-sm text-muted-foreground">Financial independence</p>
          {result.isPending ? (
            <Skeleton className="mt-1 h-7 w-48" />
          ) : result.isError ? (
            <p role="alert" className="text-destructive">Could not compute: {result.error.message}</p>
          ) : (
            <>
              <p className="text-xl font-bold tabular-nums" data-testid="whatif-fi-date">{fiSentence(fire)}</p>
              <p className="text-sm text-muted-foreground">
                {[delta, fire && `FIRE number ${money(fire.fire_number)}`, fire && `savings rate ${formatPercent(fire.savings_rate)}`].filter(Boolean).join(" · ")}
              </p>
            </>
          )}
          <p className="mt-1 text-xs text-muted-foreground">Your plan: {fiSentence(baseFire)}</p>
        </div>
        <div>
          <Button variant="outline" size="sm" onClick={() => setW(base)}>Reset to my plan</Button>
        </div>
      </CardContent>
    </Card>
  );
}

function SliderRow({ label, value, min, max, step, show, onChange }: {
  label: string; value: number; min: number; max: number; step: number; show: (n: number) => string; onChange: (v: number[]) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <span id={id} className="text-sm font-medium">{label}</span>
        <span className="text-sm tabular-nums text-muted-foreground">{show(value)}</span>
      </div>
      <Slider aria-labelledby={id} thumbLabel={label} valueText={show(value)} value={[value]} min={min} max={max} step={step} onValueChange={onChange} />
    </div>
  );
}

function Levers({ plan }: { plan: Plan }) {
  const base = useMemo(() => baseWhatIf(plan.inputs), [plan]);
  const levers = useMemo(() => [
    { id: "save-500", label: "Save $500 more a month", w: { ...base, monthlySavings: base.monthlySavings + 500 } },
    { id: "spend-10", label: "Spend 10% less", w: { ...base, monthlyExpenses: Math.round(base.monthlyExpenses * 0.9) } },
    { id: "return-1", label: "Earn 1% more a year (lower fees)", w: { ...base, returnRate: base.returnRate + 0.01 } },
    { id: "retire-3", label: "Work 3 more years", w: { ...base, retirementAge: base.retirementAge + 3 } },
  ], [base]);
  const results = useQueries({
    queries: levers.map((l) => {
      const body = whatIfBody(plan.inputs, l.w);
      return { queryKey: ["calc", "/api/v1/calc/projection", body], queryFn: () => postCalc("/api/v1/calc/projection", body), staleTime: Infinity, retry: false };
    }),
  });
  const baseMonths = plan.plan.fire.months_to_fi;
  const rows = levers.map((l, i) => {
    const months = results[i].data?.fire.months_to_fi ?? null;
    const saved = months == null ? null : baseMonths == null ? Number.POSITIVE_INFINITY : baseMonths - months;
    return { ...l, query: results[i], months, saved };
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
                {r.query.isPending ? <Skeleton className="h-4 w-24" /> : r.query.isError ? "Could not compute" : leverText(r.saved, r.query.data?.fire.fi_date)}
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

function leverText(saved: number | null, fiDate: string | null | undefined): string {
  if (saved == null) return "Still not within the projection";
  if (!Number.isFinite(saved)) return `Reaches FI: ${formatDate(fiDate)}`;
  if (saved === 0) return "No change";
  return `${(Math.abs(saved) / 12).toFixed(1)} years ${saved > 0 ? "sooner" : "later"}`;
}

function WithdrawalComparison({ plan }: { plan: Plan }) {
  const fireNumber = plan.plan.fire.fire_number;
  const annual = plan.inputs.monthly_expenses * 12;
  const results = useQueries({
    queries: WITHDRAWAL_RULES.map((r) => {
      const body = backtestBody(fireNumber, annual, r.kind);
      return { queryKey: ["calc", "backtest", body], queryFn: () => postCalc("/api/v1/calc/backtest", body), staleTime: Infinity, retry: false };
    }),
  });
  return (
    <Card data-testid="withdrawal-rules">
      <CardHeader>
        <CardTitle className="text-lg">Withdrawal rules compared</CardTitle>
        <CardDescription>
          Retiring with {money(fireNumber)} and a first year of {money(annual)}, over every 30-year stretch of market history.
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto" tabIndex={0} role="region" aria-label="Withdrawal rules table">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Success rate, median ending balance and lowest yearly spending for each withdrawal rule</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">Rule</th>
              <th scope="col" className="py-1 font-medium">Lasted 30 years</th>
              <th scope="col" className="py-1 font-medium">Median ending balance</th>
              <th scope="col" className="py-1 font-medium">Lowest yearly spending</th>
            </tr>
          </thead>
          <tbody>
            {WITHDRAWAL_RULES.map((r, i) => {
              const q = results[i];
              return (
                <tr key={r.kind} className="border-t align-top">
                  <th scope="row" className="py-2 pr-2 text-left font-medium">
                    {r.label}
                    <span className="block font-normal text-muted-foreground">{r.about}</span>
                  </th>
                  {q.isPending ? (
                    <td colSpan={3} className="py-2"><Skeleton className="h-4 w-full" /><span className="sr-only">Loading</span></td>
                  ) : q.isError ? (
                    <td colSpan={3} className="py-2 text-destructive">Could not compute: {q.error.message}</td>
                  ) : (
                    <>
                      <td className="py-2 tabular-nums">{formatPercent(q.data.success_rate)}</td>
                      <td className="py-2 tabular-nums">{money(q.data.median_ending_balance)}</td>
                      <td className="py-2 tabular-nums">{money(lowestWithdrawal(q.data))}</td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}


/** The contribution order's answer; with nothing left over to save it says so instead of an empty list. */
export function AllocationList({ allocations }: { allocations: { account: string; amount: number; reason: string }[] }) {
  if (allocations.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground" data-testid="allocation-empty">
        Your plan has nothing left over to save each month yet, so there is nothing to place. Spend less or earn more
        (try the what-if sliders above) and this shows which account each dollar should go to first.
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-3" data-testid="allocation-list">
      {allocations.map((a, i) => (
        <li key={a.account} className="flex items-start justify-between gap-3 rounded-md border p-3">
          <span>
            <span className="font-medium">{i + 1}. {accountLabel(a.account)}</span>
            <span className="block text-sm text-muted-foreground">{a.reason}</span>
          </span>
          <span className="font-semibold tabular-nums">{money(a.amount)}</span>
        </li>
      ))}
    </ol>
  );
}

function AllocationAdvice({ plan, snapshot }: { plan: Plan; snapshot: Snapshot }) {
  const profile = useProfile();
  const income = useIncome();
  const year = Number(plan.inputs.start_date.slice(0, 4));
  const province = profile.data?.province ?? "ON";
  const salary = income.data?.annual_salary ?? 0;
  const ready = !profile.isPending && !income.isPending;
  const taxNow = useQuery({
    queryKey: ["calc", "tax", province, year, salary],
    queryFn: () => postCalc("/api/v1/calc/tax", { year, province, employment_income: salary } as never),
    enabled: ready, staleTime: Infinity, retry: false,
  });
  const taxLater = useQuery({
    queryKey: ["calc", "tax", province, year, "retirement", snapshot.annual_expenses],
    queryFn: () => postCalc("/api/v1/calc/tax", { year, province, other_income: snapshot.annual_expenses, include_payroll: false } as never),
    enabled: ready, staleTime: Infinity, retry: false,
  });
  const rrsp = useQuery({
    queryKey: ["calc", "rrsp-room", year, salary],
    queryFn: () => postCalc("/api/v1/calc/rrsp-room", { year, previous_year_earned_income: salary } as never),
    enabled: ready, staleTime: Infinity, retry: false,
  });
  // This year's TFSA limit and a newly opened FHSA's room, from the API's account tables.
  const birthYear = year - plan.inputs.current_age;
  const tfsa = useQuery({
    queryKey: ["calc", "tfsa-room", birthYear, year],
    queryFn: () => postCalc("/api/v1/calc/tfsa-room", { birth_year: birthYear, year } as never),
    staleTime: Infinity, retry: false,
  });
  const fhsa = useQuery({
    queryKey: ["calc", "fhsa-room", birthYear, year],
    queryFn: () => postCalc("/api/v1/calc/fhsa-room", { year_opened: year, year, birth_year: birthYear } as never),
    staleTime: Infinity, retry: false,
  });
  const tfsaLimit = tfsa.data?.assumptions.limits?.[`limit_${year}`] ?? 0;
  const fhsaYearRoom = fhsa.data?.room ?? 0;
  const [firstTimeBuyer, setFirstTimeBuyer] = useState(false);
  const [tfsaRoom, setTfsaRoom] = useState<string>("");
  const [rrspRoom, setRrspRoom] = useState<string>("");
  const annualBudget = Math.max(plan.plan.points[0]?.contribution ?? 0, 0) * 12;
  const rrspDefault = rrsp.data?.available ?? 0;
  const invalid = (s: string) => s !== "" && !(Number(s) >= 0);
  const body = taxNow.data && taxLater.data && (tfsa.data || tfsaRoom !== "") && !invalid(tfsaRoom) && !invalid(rrspRoom)
    ? contributionOrderBody({
      annualBudget,
      tfsaRoom: tfsaRoom === "" ? tfsaLimit : Number(tfsaRoom),
      rrspRoom: rrspRoom === "" ? rrspDefault : Number(rrspRoom),
      fhsaRoom: fhsaYearRoom,
      firstTimeBuyer,
      marginalNow: taxNow.data.marginal_rate,
      marginalRetirement: taxLater.data.marginal_rate,
      debts: plan.inputs.debts,
      expectedReturn: plan.inputs.preferences?.investment_return_rate ?? 0.05,
    })
    : null;
  const advice = useCalc("/api/v1/calc/contribution-order", body);
  const idTfsa = useId();
  const idRrsp = useId();
  const idFhsa = useId();
  return (
    <Card data-testid="allocation">
      <CardHeader>
        <CardTitle className="text-lg">Where your savings should go: RRSP, TFSA or FHSA</CardTitle>
        <CardDescription>
          A year of your plan's savings ({money(annualBudget)}), in order of what each dollar does best. Tax rates for {province}{" "}
          {profile.data?.province ? "" : "(add your province in your profile) "}in {year}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={idTfsa}>TFSA room this year</Label>
            <Input id={idTfsa} inputMode="decimal" placeholder={String(tfsaLimit)} value={tfsaRoom} aria-invalid={invalid(tfsaRoom)}
              onChange={(e) => setTfsaRoom(e.target.value)} aria-describedby={`${idTfsa}-hint`} />
            <p id={`${idTfsa}-hint`} className="text-xs text-muted-foreground">{tfsa.data ? `Default: the ${year} limit of ${money(tfsaLimit)}.` : "Type your room."} Your CRA account shows your room.</p>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={idRrsp}>RRSP room</Label>
            <Input id={idRrsp} inputMode="decimal" placeholder={String(rrspDefault)} value={rrspRoom} aria-invalid={invalid(rrspRoom)}
              onChange={(e) => setRrspRoom(e.target.value)} aria-describedby={`${idRrsp}-hint`} />
            <p id={`${idRrsp}-hint`} className="text-xs text-muted-foreground">Default: 18% of your salary up to the {year} limit ({money(rrspDefault)}).</p>
          </div>
          <div className="flex items-center gap-2">
            <input id={idFhsa} type="checkbox" className="size-4 accent-[var(--primary)]" checked={firstTimeBuyer} onChange={(e) => setFirstTimeBuyer(e.target.checked)} />
            <Label htmlFor={idFhsa}>I am saving for a first home (FHSA{fhsa.data ? `, ${money(fhsaYearRoom)} this year` : ""})</Label>
          </div>
          <p className="text-xs text-muted-foreground">
            Marginal rate now {taxNow.data ? formatPercent(taxNow.data.marginal_rate) : "…"}, in retirement{" "}
            {taxLater.data ? formatPercent(taxLater.data.marginal_rate) : "…"} (on {money(snapshot.annual_expenses)} a year).
            {plan.inputs.debts > 0 && ` Consumer debt of ${money(plan.inputs.debts)} is assumed to cost 20% a year.`}
          </p>
        </div>
        <div aria-live="polite" aria-busy={advice.pending}>
          {!body || advice.isPending ? (
            <div role="status"><span className="sr-only">Working out the order</span><Skeleton className="h-40 w-full" /></div>
          ) : advice.isError ? (
            <p role="alert" className="text-sm text-destructive">Could not compute: {advice.error.message}</p>
          ) : (
            <AllocationList allocations={advice.data?.allocations ?? []} />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Analysis › FIRE projections: the plan's projection (nominal or today's dollars), a Monte Carlo fan chart with its
 * success rate and a historical backtest over every start year. */
import { formatCurrency, formatPercent } from "@firepath/shared/format";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { postCalc } from "@/api/calc";
import type { Plan } from "@/api/plan";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { BOND_SERIES, type BondSeries, backtestBody, bandRows, monteCarloBody, projectionRows, RETIREMENT_YEARS, retirementAgeOf } from "@/pages/analysis/analysis-model";
import { BacktestChart, FanChart, ProjectionChart } from "@/pages/analysis/charts";

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });

export function ProjectionsTab({ plan }: { plan: Plan }) {
  return (
    <div className="flex flex-col gap-4">
      <ProjectionCard plan={plan} />
      <div className="grid gap-4 xl:grid-cols-2">
        <MonteCarloCard plan={plan} />
        <BacktestCard plan={plan} />
      </div>
    </div>
  );
}

function ProjectionCard({ plan }: { plan: Plan }) {
  const [real, setReal] = useState(false);
  const inflation = plan.inputs.preferences?.inflation_rate ?? 0.02;
  const rows = useMemo(() => projectionRows(plan.plan, inflation, real), [plan, inflation, real]);
  const fire = plan.plan.fire;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="text-lg">Projected net worth</CardTitle>
          <CardDescription>
            {fire.fi_date
              ? `Your investments pass your FIRE number at age ${fire.fi_age?.toFixed(1)}.`
              : "At your current plan your investments do not reach your FIRE number within the projection."}{" "}
            Retirement at {retirementAgeOf(plan.inputs)}, {formatPercent(plan.inputs.preferences?.investment_return_rate)} return,{" "}
            {formatPercent(inflation)} inflation.
          </CardDescription>
        </div>
        <div role="group" aria-label="Dollars shown" className="inline-flex rounded-md border p-0.5">
          <Button size="sm" variant={real ? "ghost" : "secondary"} aria-pressed={!real} onClick={() => setReal(false)}>Nominal</Button>
          <Button size="sm" variant={real ? "secondary" : "ghost"} aria-pressed={real} onClick={() => setReal(true)}>Today's dollars</Button>
        </div>
      </CardHeader>
      <CardContent>
        <ProjectionChart rows={rows} real={real} />
      </CardContent>
    </Card>
  );
}

function MonteCarloCard({ plan }: { plan: Plan }) {
  const body = useMemo(() => monteCarloBody(plan.inputs, plan.plan), [plan]);
  const mc = useQuery({ queryKey: ["calc", "monte-carlo", body], queryFn: () => postCalc("/api/v1/calc/monte-carlo", body), staleTime: Infinity, retry: false });
  const startYear = Number(plan.inputs.start_date.slice(0, 4));
  return (
    <Card data-testid="monte-carlo">
      <CardHeader>
        <CardTitle className="text-lg">Monte Carlo simulation</CardTitle>
        <CardDescription>
          {(body.paths ?? 0).toLocaleString("en-CA")} market paths: saving until {retirementAgeOf(plan.inputs)}, then spending{" "}
          {money(plan.inputs.monthly_expenses * 12)} a year (today's dollars) for {RETIREMENT_YEARS} years. Returns vary
          from year to year around your expected {formatPercent(body.market?.stock_mean ?? 0)}.
        </CardDescription>
      </CardHeader>
      <CardContent aria-live="polite" aria-busy={mc.isFetching}>
        {mc.isPending ? (
          <div role="status"><span className="sr-only">Running the simulation</span><Skeleton className="h-72 w-full" /></div>
        ) : mc.isError ? (
          <p role="alert" className="text-sm text-destructive">The simulation failed: {mc.error.message}</p>
        ) : (
          <>
            <dl className="mb-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-muted-foreground">Success rate</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid="mc-success">{formatPercent(mc.data.success_rate)}</dd>
              </div>
              {mc.data.fi_date && (
                <div>
                  <dt className="text-muted-foreground">Reach FI (median)</dt>
                  <dd className="text-lg font-semibold tabular-nums">
                    {mc.data.fi_date.years_p50 == null ? "—" : `${mc.data.fi_date.years_p50} years`}
                    <span className="block text-xs font-normal text-muted-foreground">in {formatPercent(mc.data.fi_date.reached_share)} of paths</span>
                  </dd>
                </div>
              )}
              <div>
                <dt className="text-muted-foreground">Median ending balance</dt>
                <dd className="text-lg font-semibold tabular-nums">{money(mc.data.median_ending_balance)}</dd>
              </div>
            </dl>
            <FanChart rows={bandRows(mc.data)} startYear={startYear} />
            <p className="mt-2 text-xs text-muted-foreground">Bands: 10th–90th and 25th–75th percentiles; the line is the median. Today's dollars.</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function BacktestCard({ plan }: { plan: Plan }) {
  const fireNumber = plan.plan.fire.fire_number;
  const [bondSeries, setBondSeries] = useState<BondSeries>("treasury_10y");
  const [timing, setTiming] = useState<"start" | "end">("start");
  const body = useMemo(() => backtestBody(fireNumber, plan.inputs.monthly_expenses * 12, "constant_dollar", { bondSeries, timing }),
    [fireNumber, plan, bondSeries, timing]);
  const bt = useQuery({ queryKey: ["calc", "backtest", body], queryFn: () => postCalc("/api/v1/calc/backtest", body), staleTime: Infinity, retry: false });
  return (
    <Card data-testid="backtest">
      <CardHeader>
        <CardTitle className="text-lg">Historical backtest</CardTitle>
        <CardDescription>
          Retiring with your FIRE number ({money(fireNumber)}) and spending {money(plan.inputs.monthly_expenses * 12)} a year, in
          every {RETIREMENT_YEARS}-year stretch of market history.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="backtest-bonds">Bond history</Label>
            <NativeSelect id="backtest-bonds" value={bondSeries} onChange={(e) => setBondSeries(e.target.value as BondSeries)}>
              {BOND_SERIES.map(([k, label]) => <option key={k} value={k}>{label}</option>)}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="backtest-timing">Spending taken</Label>
            <NativeSelect id="backtest-timing" value={timing} onChange={(e) => setTiming(e.target.value as "start" | "end")}>
              <option value="start">At the start of each year</option>
              <option value="end">At the end of each year</option>
            </NativeSelect>
          </div>
        </div>
        <div aria-live="polite" aria-busy={bt.isFetching}>
        {bt.isPending ? (
          <div role="status"><span className="sr-only">Running the backtest</span><Skeleton className="h-64 w-full" /></div>
        ) : bt.isError ? (
          <p role="alert" className="text-sm text-destructive">The backtest failed: {bt.error.message}</p>
        ) : (
          <>
            <dl className="mb-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-muted-foreground">Lasted {RETIREMENT_YEARS} years</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid="backtest-success">{formatPercent(bt.data.success_rate)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Start years</dt>
                <dd className="text-lg font-semibold tabular-nums">{bt.data.first_start}–{bt.data.last_start}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Worst start</dt>
                <dd className="text-lg font-semibold tabular-nums">{bt.data.worst_start_year}</dd>
              </div>
            </dl>
            <BacktestChart result={bt.data} />
            <p className="mt-2 text-xs text-muted-foreground">{(bt.data.assumptions.notes ?? []).join(" ")}</p>
          </>
        )}
        </div>
      </CardContent>
    </Card>
  );
}

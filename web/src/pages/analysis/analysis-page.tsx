/** /analysis: overview (spending split, savings rate and emergency fund against benchmarks; the plan's figures),
 * FIRE projections (the household plan year by year: net worth, cash flow, lifetime tax, drawdown by account; its Monte
 * Carlo and backtest), optimization (what-if sliders on the household plan, saved as scenarios, the levers that move
 * the FI date most, the CPP/OAS and meltdown optimiser, withdrawal rules compared, RRSP/TFSA/FHSA advice) and
 * scenarios (up to three saved what-ifs beside the plan). Every FI date, FIRE number and success
 * rate here comes from the household plan's endpoints, the same ones the dashboard reads. */
import { formatCurrency, formatPercent, formatMonth } from "@firepath/shared/format";
import { useSearchParams } from "react-router";
import { useHouseholdPlan, usePlanSummary, type PlanSummary } from "@/api/plan";
import { useSavingsSummary } from "@/api/savings";
import { useSnapshot, type Snapshot } from "@/api/snapshot";
import { SpendingNeeded } from "@/components/empty-states/spending-needed";
import { LoadError, PageSkeleton, StatusNote } from "@/components/page-states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { emergencyMonths, emergencyStatus, needsSetup, savingsRateStatus, type Status } from "@/lib/plan-checks";
import { OptimizationTab } from "@/pages/analysis/optimization-tab";
import { ProjectionsTab } from "@/pages/analysis/projections-tab";
import { ScenariosTab } from "@/pages/analysis/scenarios-tab";

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });
const TABS = ["overview", "fire-projections", "optimization", "scenarios"] as const;

export default function AnalysisPage() {
  const summary = usePlanSummary();
  const household = useHouseholdPlan();
  const snapshot = useSnapshot();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get("tab")) ?? "overview";
  const failed = [summary, household, snapshot].find((q) => q.isError);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="analysis">
      <div>
        <h1 className="text-2xl font-bold">Analysis</h1>
        <p className="text-muted-foreground">Your finances against benchmarks, where your plan leads, and what would get you there sooner.</p>
      </div>
      {failed ? (
        <LoadError what="your analysis" error={failed.error}
          onRetry={() => void Promise.all([summary.refetch(), household.refetch(), snapshot.refetch()])} />
      ) : summary.isPending || household.isPending || snapshot.isPending ? (
        <PageSkeleton label="Loading your analysis" />
      ) : summary.data && needsSetup(summary.data) ? (
        <SpendingNeeded
          testId="analysis-empty"
          title="Add your spending to analyse your plan"
          description="Projections, simulations and advice start from your monthly expenses and income."
        />
      ) : summary.data && household.data && snapshot.data ? (
        <>
          <PlanLine summary={summary.data} />
          <Tabs value={tab} onValueChange={(v) => setParams((p) => { p.set("tab", v); return p; }, { replace: true })}>
            <TabsList data-tour="analysis-tabs" aria-label="Analysis sections">
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="fire-projections">FIRE projections</TabsTrigger>
              <TabsTrigger value="optimization">Optimization</TabsTrigger>
              <TabsTrigger value="scenarios">Scenarios</TabsTrigger>
            </TabsList>
            <TabsContent value="overview">
              <Overview snapshot={snapshot.data} summary={summary.data} />
            </TabsContent>
            <TabsContent value="fire-projections" data-tour="analysis-fire-projections">
              <ProjectionsTab household={household.data} summary={summary.data} />
            </TabsContent>
            <TabsContent value="optimization" data-tour="analysis-optimization">
              <OptimizationTab household={household.data} summary={summary.data} />
            </TabsContent>
            <TabsContent value="scenarios" data-tour="analysis-scenarios">
              <ScenariosTab household={household.data} summary={summary.data} />
            </TabsContent>
          </Tabs>
        </>
      ) : null}
    </div>
  );
}

/** The plan's answer above every tab, as the dashboard states it. */
function PlanLine({ summary }: { summary: PlanSummary }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
      <span className="text-muted-foreground">Your plan: financial independence</span>
      <span className="text-base font-semibold tabular-nums" data-testid="analysis-fi-date">
        {summary.fi_date ? formatMonth(summary.fi_date) : "Not within the plan"}
      </span>
      <span className="text-muted-foreground">· FIRE number {money(summary.fire_number)} · success rate {formatPercent(summary.success_rate)}</span>
    </p>
  );
}

interface Benchmark {
  label: string;
  value: string;
  target: string;
  status: Status;
}

function Overview({ snapshot, summary }: { snapshot: Snapshot; summary: PlanSummary }) {
  const savings = useSavingsSummary();
  const income = snapshot.total_monthly_income;
  const share = (n: number) => (income > 0 ? n / income : null);
  const needs = share(snapshot.expenses.needs);
  const wants = share(snapshot.expenses.wants);
  const habits = share(snapshot.expenses.bad_habits);
  const months = emergencyMonths(savings.data?.emergency_fund ?? null, snapshot.expenses.total);
  const upTo = (v: number | null, max: number): Status => (v == null ? "unknown" : v <= max ? "good" : "warn");
  const benchmarks: Benchmark[] = [
    { label: "Needs", value: formatPercent(needs), target: "50% of income or less", status: upTo(needs, 0.5) },
    { label: "Wants", value: formatPercent(wants), target: "30% of income or less", status: upTo(wants, 0.3) },
    { label: "Bad habits", value: formatPercent(habits), target: "5% of income or less", status: upTo(habits, 0.05) },
    { label: "Savings rate", value: formatPercent(snapshot.savings_rate), target: "20% or more", status: savingsRateStatus(snapshot.savings_rate) },
    {
      label: "Emergency fund",
      value: months == null ? "—" : `${months.toFixed(1)} months`,
      target: "3 to 6 months of expenses",
      status: emergencyStatus(months),
    },
  ];
  const figures = [
    { name: "FIRE number", value: money(summary.fire_number), about: "Invested savings needed at your FI date, taxes and benefits counted" },
    { name: "Rule of thumb (25x spending)", value: money(summary.rule_of_thumb), about: "The 4% rule's figure, for comparison only" },
    { name: "Invested and in cash today", value: money(summary.investable_today), about: summary.progress == null ? "" : `${formatPercent(summary.progress)} of your FIRE number` },
    { name: "Yearly spending", value: money(summary.spending), about: "After tax, as your plan pays it" },
    { name: "Lifetime tax", value: money(summary.lifetime_tax), about: "Income tax and OAS recovery over the plan, today's dollars" },
    { name: "Estate", value: money(summary.estate), about: "Left at the end of the plan, after the tax at the last death" },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Your numbers against benchmarks</CardTitle>
          <CardDescription>
            {money(income)} a month in, {money(snapshot.expenses.total)} out, {money(snapshot.monthly_surplus)} left over.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <table className="w-full text-sm" data-testid="benchmarks">
            <caption className="sr-only">Spending split, savings rate and emergency fund against common benchmarks</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="py-1 font-medium">Measure</th>
                <th scope="col" className="py-1 font-medium">Yours</th>
                <th scope="col" className="py-1 font-medium">Benchmark</th>
              </tr>
            </thead>
            <tbody>
              {benchmarks.map((b) => (
                <tr key={b.label} className="border-t">
                  <th scope="row" className="py-2 text-left font-medium">{b.label}</th>
                  <td className="py-2 tabular-nums">{b.value}</td>
                  <td className="py-2"><StatusNote status={b.status}>{b.target}</StatusNote></td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Your plan in figures</CardTitle>
          <CardDescription>{summary.headline}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="flex flex-col divide-y text-sm" data-testid="plan-figures">
            {figures.map((f) => (
              <div key={f.name} className="flex items-baseline justify-between gap-4 py-2">
                <dt>
                  <span className="font-medium">{f.name}</span>
                  {f.about && <span className="block text-muted-foreground">{f.about}</span>}
                </dt>
                <dd className="font-semibold tabular-nums">{f.value}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

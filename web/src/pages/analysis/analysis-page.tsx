/** /analysis: overview (spending split, savings rate, emergency fund and the FIRE variants against benchmarks),
 * FIRE projections (projection chart, Monte Carlo fan chart, historical backtest) and optimization (what-if
 * sliders, levers ranked by years saved, withdrawal rules, RRSP/TFSA/FHSA advice). */
import { formatCurrency, formatPercent } from "@firepath/shared/format";
import { useSearchParams } from "react-router";
import { usePlan, type Plan } from "@/api/plan";
import { useSavingsSummary } from "@/api/savings";
import { useSnapshot, type Snapshot } from "@/api/snapshot";
import { SpendingNeeded } from "@/components/empty-states/spending-needed";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { ProjectionsTab } from "@/pages/analysis/projections-tab";
import { OptimizationTab } from "@/pages/analysis/optimization-tab";
import { emergencyMonths, emergencyStatus, savingsRateStatus, type Status } from "@/pages/dashboard/dashboard-model";
import { LoadError, PageSkeleton, StatusNote } from "@/pages/dashboard/stat-card";

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });
const TABS = ["overview", "fire-projections", "optimization"] as const;

export default function AnalysisPage() {
  const snapshot = useSnapshot();
  const plan = usePlan();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t === params.get("tab")) ?? "overview";
  const query = snapshot.isError ? snapshot : plan;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="analysis">
      <div>
        <h1 className="text-2xl font-bold">Analysis</h1>
        <p className="text-muted-foreground">Your finances against benchmarks, where your plan leads, and what would get you there sooner.</p>
      </div>
      {snapshot.isPending || plan.isPending ? (
        <PageSkeleton label="Loading your analysis" />
      ) : query.isError ? (
        <LoadError what="your analysis" error={query.error} onRetry={() => void Promise.all([snapshot.refetch(), plan.refetch()])} />
      ) : snapshot.data && plan.data && snapshot.data.expenses.total <= 0 ? (
        <SpendingNeeded
          testId="analysis-empty"
          title="Add your spending to analyse your plan"
          description="Projections, simulations and advice start from your monthly expenses and income."
        />
      ) : snapshot.data && plan.data ? (
        <Tabs value={tab} onValueChange={(v) => setParams((p) => { p.set("tab", v); return p; }, { replace: true })}>
          <TabsList data-tour="analysis-tabs" aria-label="Analysis sections">
            <TabsTrigger value="overview">Overview</TabsTrigger>
            <TabsTrigger value="fire-projections">FIRE projections</TabsTrigger>
            <TabsTrigger value="optimization">Optimization</TabsTrigger>
          </TabsList>
          <TabsContent value="overview">
            <Overview snapshot={snapshot.data} plan={plan.data} />
          </TabsContent>
          <TabsContent value="fire-projections" data-tour="analysis-fire-projections">
            <ProjectionsTab plan={plan.data} />
          </TabsContent>
          <TabsContent value="optimization" data-tour="analysis-optimization">
            <OptimizationTab plan={plan.data} snapshot={snapshot.data} />
          </TabsContent>
        </Tabs>
      ) : null}
    </div>
  );
}

interface Benchmark {
  label: string;
  value: string;
  target: string;
  status: Status;
}

function Overview({ snapshot, plan }: { snapshot: Snapshot; plan: Plan }) {
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
  const fire = plan.plan.fire;
  const ofSpending = (n: number) => (fire.fire_number > 0 ? `${Math.round((n / fire.fire_number) * 100)}% of today's spending` : "of today's spending");
  const variants = [
    { name: "Lean FIRE", value: fire.lean_fire_number, about: `A frugal retirement (${ofSpending(fire.lean_fire_number)})` },
    { name: "FIRE", value: fire.fire_number, about: `Today's spending × ${snapshot.fire_multiplier}` },
    { name: "Fat FIRE", value: fire.fat_fire_number, about: `A comfortable retirement (${ofSpending(fire.fat_fire_number)})` },
    { name: "Coast FIRE", value: fire.coast_fire_number, about: fire.coast_reached ? "Reached: growth alone gets you there by retirement" : "Invested today, growth alone reaches FIRE by retirement" },
    { name: "Barista FIRE", value: fire.barista_fire_number, about: "With part-time income covering part of your spending" },
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
          <CardTitle className="text-lg">FIRE variants</CardTitle>
          <CardDescription>How much you need invested for each style of independence, at a {formatPercent(fire.withdrawal_rate)} withdrawal rate.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="flex flex-col divide-y text-sm" data-testid="fire-variants">
            {variants.map((v) => (
              <div key={v.name} className="flex items-baseline justify-between gap-4 py-2">
                <dt>
                  <span className="font-medium">{v.name}</span>
                  <span className="block text-muted-foreground">{v.about}</span>
                </dt>
                <dd className="font-semibold tabular-nums">{money(v.value)}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}

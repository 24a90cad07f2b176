/** /analysis: overview (spending split, savings rate and emergency fund against benchmarks; the plan's figures),
 * FIRE projections (the household plan year by year: net worth, cash flow, lifetime tax, drawdown by account; its Monte
 * Carlo and backtest), optimization (what-if sliders on the household plan, saved as scenarios, the levers that move
 * the FI date most, the CPP/OAS and meltdown optimiser, withdrawal rules compared, RRSP/TFSA/FHSA advice) and
 * scenarios (up to three saved what-ifs beside the plan). Every FI date, FIRE number and success
 * rate here comes from the household plan's endpoints, the same ones the dashboard reads. Its words are in
 * analysis.json, which this page's chunk brings (analysis-i18n.tsx) rather than the first load. */
import { useSearchParams } from "react-router";
import { useHouseholdPlan, usePlanSummary, type PlanSummary } from "@/api/plan";
import { useSavingsSummary } from "@/api/savings";
import { useSnapshot, type Snapshot } from "@/api/snapshot";
import { SpendingNeeded } from "@/components/empty-states/spending-needed";
import { LoadError, PageSkeleton, StatusNote } from "@/components/page-states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { AnalysisMessages, useFormat, useT } from "@/pages/analysis/analysis-i18n";
import { emergencyMonths, emergencyStatus, needsSetup, savingsRateStatus, type Status } from "@/lib/plan-checks";
import { OptimizationTab } from "@/pages/analysis/optimization-tab";
import { ProjectionsTab } from "@/pages/analysis/projections-tab";
import { ScenariosTab } from "@/pages/analysis/scenarios-tab";

const TABS = ["overview", "fire-projections", "optimization", "scenarios"] as const;

export default function AnalysisPage() {
  return (
    <AnalysisMessages fallback={<PageSkeleton />}>
      <Analysis />
    </AnalysisMessages>
  );
}

function Analysis() {
  const t = useT();
  const summary = usePlanSummary();
  const household = useHouseholdPlan();
  const snapshot = useSnapshot();
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((name) => name === params.get("tab")) ?? "overview";
  const failed = [summary, household, snapshot].find((q) => q.isError);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="analysis">
      <div>
        <h1 className="text-2xl font-bold">{t("analysis.page.title")}</h1>
        <p className="text-muted-foreground">{t("analysis.page.intro")}</p>
      </div>
      {failed ? (
        <LoadError what={t("analysis.page.what")} error={failed.error}
          onRetry={() => void Promise.all([summary.refetch(), household.refetch(), snapshot.refetch()])} />
      ) : summary.isPending || household.isPending || snapshot.isPending ? (
        <PageSkeleton label={t("analysis.page.loading")} />
      ) : summary.data && needsSetup(summary.data) ? (
        <SpendingNeeded
          testId="analysis-empty"
          title={t("analysis.empty.title")}
          description={t("analysis.empty.description")}
        />
      ) : summary.data && household.data && snapshot.data ? (
        <>
          <PlanLine summary={summary.data} />
          <Tabs value={tab} onValueChange={(v) => setParams((p) => { p.set("tab", v); return p; }, { replace: true })}>
            <TabsList data-tour="analysis-tabs" aria-label={t("analysis.tabs.label")}>
              <TabsTrigger value="overview">{t("analysis.tabs.overview")}</TabsTrigger>
              <TabsTrigger value="fire-projections">{t("analysis.tabs.projections")}</TabsTrigger>
              <TabsTrigger value="optimization">{t("analysis.tabs.optimization")}</TabsTrigger>
              <TabsTrigger value="scenarios">{t("analysis.tabs.scenarios")}</TabsTrigger>
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
  const t = useT();
  const fmt = useFormat();
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 rounded-lg border bg-muted/40 px-4 py-3 text-sm">
      <span className="text-muted-foreground">{t("analysis.planLine.lead")}</span>
      <span className="text-base font-semibold tabular-nums" data-testid="analysis-fi-date">
        {summary.fi_date ? fmt.month(summary.fi_date) : t("analysis.notWithinPlan")}
      </span>
      <span className="text-muted-foreground">
        {t("analysis.planLine.figures", { fireNumber: fmt.money(summary.fire_number, { wholeDollars: true }), successRate: fmt.percent(summary.success_rate) })}
      </span>
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
  const t = useT();
  const fmt = useFormat();
  const money = (v: number | null | undefined) => fmt.money(v, { wholeDollars: true });
  const savings = useSavingsSummary();
  const income = snapshot.total_monthly_income;
  const share = (n: number) => (income > 0 ? n / income : null);
  const needs = share(snapshot.expenses.needs);
  const wants = share(snapshot.expenses.wants);
  const habits = share(snapshot.expenses.bad_habits);
  const months = emergencyMonths(savings.data?.emergency_fund ?? null, snapshot.expenses.total);
  const upTo = (v: number | null, max: number): Status => (v == null ? "unknown" : v <= max ? "good" : "warn");
  const orLess = (share: number) => t("analysis.benchmark.incomeOrLess", { share: fmt.percent(share) });
  const benchmarks: Benchmark[] = [
    { label: t("analysis.benchmark.needs"), value: fmt.percent(needs), target: orLess(0.5), status: upTo(needs, 0.5) },
    { label: t("analysis.benchmark.wants"), value: fmt.percent(wants), target: orLess(0.3), status: upTo(wants, 0.3) },
    { label: t("analysis.benchmark.badHabits"), value: fmt.percent(habits), target: orLess(0.05), status: upTo(habits, 0.05) },
    {
      label: t("analysis.benchmark.savingsRate"),
      value: fmt.percent(snapshot.savings_rate),
      target: t("analysis.benchmark.orMore", { share: fmt.percent(0.2) }),
      status: savingsRateStatus(snapshot.savings_rate),
    },
    {
      label: t("analysis.benchmark.emergencyFund"),
      value: months == null ? "—" : t("analysis.benchmark.months", { months: fmt.number(months, { digits: 1, minDigits: 1 }) }),
      target: t("analysis.benchmark.emergencyTarget"),
      status: emergencyStatus(months),
    },
  ];
  const figures = [
    { name: t("analysis.figures.fireNumber"), value: money(summary.fire_number), about: t("analysis.figures.fireNumberAbout") },
    { name: t("analysis.figures.ruleOfThumb"), value: money(summary.rule_of_thumb), about: t("analysis.figures.ruleOfThumbAbout") },
    {
      name: t("analysis.figures.investedToday"),
      value: money(summary.investable_today),
      about: summary.progress == null ? "" : t("analysis.figures.investedTodayAbout", { share: fmt.percent(summary.progress) }),
    },
    { name: t("analysis.figures.spending"), value: money(summary.spending), about: t("analysis.figures.spendingAbout") },
    { name: t("analysis.figures.lifetimeTax"), value: money(summary.lifetime_tax), about: t("analysis.figures.lifetimeTaxAbout") },
    { name: t("analysis.figures.estate"), value: money(summary.estate), about: t("analysis.figures.estateAbout") },
  ];
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("analysis.benchmark.title")}</CardTitle>
          <CardDescription>
            {t("analysis.benchmark.inOut", { income: money(income), out: money(snapshot.expenses.total), left: money(snapshot.monthly_surplus) })}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <table className="w-full text-sm" data-testid="benchmarks">
            <caption className="sr-only">{t("analysis.benchmark.caption")}</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="py-1 font-medium">{t("analysis.benchmark.measure")}</th>
                <th scope="col" className="py-1 font-medium">{t("analysis.benchmark.yours")}</th>
                <th scope="col" className="py-1 font-medium">{t("analysis.benchmark.benchmark")}</th>
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
          <CardTitle className="text-lg">{t("analysis.figures.title")}</CardTitle>
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

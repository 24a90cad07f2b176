/** /fire-dashboard: the household plan at a glance, every FI figure as GET /api/v1/plan/summary states it (the
 * headline, the FI date, the FIRE number beside the 25x rule of thumb, progress, net worth, the success rate and the
 * question it answers, the retirement-age target), the plan's net worth over time with its milestones, and the
 * next best actions. Savings rate, emergency fund and cash flow come from the snapshot: they are not FI figures.
 * Both layouts of the dashboard-layout A/B test open on the plan (FI date or the shortfall and what closes it, FIRE
 * number, success rate; the chart beside the next actions); "enhanced" adds a headline card and larger figures. */
import { ArrowRight, CalendarCheck, ShieldCheck, Target } from "lucide-react";
import { lazy, type ReactNode, Suspense, useMemo } from "react";
import { Link } from "react-router";
import { usePlanSummary, type PlanSummary } from "@/api/plan";
import { useSavingsSummary } from "@/api/savings";
import { useSnapshot, type Snapshot } from "@/api/snapshot";
import { LoadError, PageSkeleton, StatusNote } from "@/components/page-states";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { getVariant } from "@/lib/ab-tests";
import {
  EMERGENCY_MONTHS_MAX,
  EMERGENCY_MONTHS_MIN,
  emergencyMonths,
  emergencyStatus,
  needsSetup,
  SAVINGS_RATE_TARGET,
  savingsRateStatus,
} from "@/lib/plan-checks";
import { cn } from "@/lib/utils";
import { agesText, countdown } from "@/pages/dashboard/dashboard-model";
import { StatCard } from "@/pages/dashboard/stat-card";
import { Message, useFormat, useI18n, useT } from "@/lib/i18n";

// recharts is large: the chart arrives after the figures.
const PlanChartCard = lazy(() => import("@/pages/dashboard/plan-chart-card"));

type Layout = "original" | "enhanced";

export default function FireDashboardPage() {
  const t = useT();
  const layout = useMemo<Layout>(() => (getVariant("dashboard-layout") === "enhanced" ? "enhanced" : "original"), []);
  const summary = usePlanSummary();
  const ready = summary.data && !needsSetup(summary.data) ? summary.data : null;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="fire-dashboard" data-layout={layout}>
      <div>
        <h1 className="text-2xl font-bold">{t("dashboard.fireDashboard.fireDashboard")}</h1>
        {ready && layout === "original" ? (
          <p className="text-lg" data-testid="plan-headline">{ready.headline}</p>
        ) : (
          <p className="text-muted-foreground">{t("dashboard.fireDashboard.whereYouStandOn")}</p>
        )}
      </div>
      {summary.isPending ? (
        <PageSkeleton label={t("dashboard.fireDashboard.loadingYourDashboard")} />
      ) : summary.isError ? (
        <LoadError what={t("dashboard.fireDashboard.yourDashboard")} error={summary.error} onRetry={() => void summary.refetch()} />
      ) : ready ? (
        <Dashboard layout={layout} summary={ready} />
      ) : (
        <EmptyDashboard summary={summary.data} />
      )}
    </div>
  );
}

function EmptyDashboard({ summary }: { summary: PlanSummary }) {
  const t = useT();
  return (
    <>
      <Card data-testid="dashboard-empty">
        <CardHeader>
          <CardTitle>{t("dashboard.fireDashboard.yourFireNumberStarts")}</CardTitle>
          <CardDescription>
            {t("dashboard.fireDashboard.addYourIncomeAnd")}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-3">
          <Button asChild><Link to="/onboarding/wizard">{t("dashboard.fireDashboard.startTheSetupWizard")}</Link></Button>
          <Button asChild variant="outline"><Link to="/settings/income">{t("dashboard.fireDashboard.addIncome")}</Link></Button>
          <Button asChild variant="outline"><Link to="/settings/expenses">{t("dashboard.fireDashboard.addExpenses")}</Link></Button>
        </CardContent>
      </Card>
      <NextActions summary={summary} />
    </>
  );
}

function Dashboard({ layout, summary }: { layout: Layout; summary: PlanSummary }) {
  const fmt = useFormat();
  const i18n = useI18n();
  const { t } = i18n;
  const money = (v: number | null | undefined) => fmt.money(v, { wholeDollars: true });
  const big = layout === "enhanced";
  const fiCountdown = countdown(summary.months_to_fi, i18n);
  const ages = agesText(summary.fi_ages, i18n);
  const when = fiCountdown && fiCountdown[0].toUpperCase() + fiCountdown.slice(1);
  const num = (c: ReactNode[]) => <span className="tabular-nums">{c}</span>;

  const fireCard = (
    <Card data-tour="fire-number" data-testid="fire-number-card">
      <CardHeader className="pb-2">
        <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Target className="size-4" aria-hidden="true" /> {t("dashboard.fireDashboard.fireNumber")}
        </h2>
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <p className={cn("font-bold tabular-nums", big ? "text-4xl" : "text-2xl")} data-testid="fire-number">{money(summary.fire_number)}</p>
          <p className="text-sm text-muted-foreground" data-testid="rule-of-thumb">
            <Message id="dashboard.fire.ruleOfThumb" values={{ amount: money(summary.rule_of_thumb), num }} />
          </p>
        </div>
        <p className="text-sm text-muted-foreground">
          {summary.fire_number == null ? t("dashboard.fireDashboard.yourPlanDoesNot") : t("dashboard.fireDashboard.investedSavingsNeededAt")}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {summary.progress != null && (
          <>
            <Progress value={Math.min(Math.max(summary.progress, 0), 1) * 100} aria-label={t("dashboard.fireDashboard.progressToYourFire")} data-testid="fire-progress" />
            <p className="text-sm text-muted-foreground">
              <Message
                id="dashboard.fire.progress"
                values={{ share: fmt.percent(summary.progress, { digits: 1 }), invested: money(summary.investable_today), b: (c) => <span className="font-medium text-foreground">{c}</span> }}
              />
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );

  const target = summary.target;
  // The one FI date, and under it the retirement age set: on track, or the shortfall and what closes it.
  const fiCard = (
    <Card data-testid="fi-card">
      <CardHeader className="pb-2">
        <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <CalendarCheck className="size-4" aria-hidden="true" /> {t("dashboard.fireDashboard.financialIndependence")}
        </h2>
        <p className={cn("font-bold tabular-nums", big ? "text-3xl" : "text-2xl")} data-testid="fi-date">
          {summary.fi_date ? fmt.month(summary.fi_date) : t("dashboard.fireDashboard.notWithinThePlan")}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {(summary.fi_date || summary.first_short_year) && (
          <p className="text-sm text-muted-foreground">
            {summary.fi_date
              ? when && ages ? t("dashboard.fi.whenAt", { when, ages }) : when ? t("dashboard.fi.when", { when }) : ages ? t("dashboard.fi.at", { ages }) : ""
              : t("dashboard.fireDashboard.theMoneyRunsShort", { first_short_year: String(summary.first_short_year) })}
          </p>
        )}
        <div className="flex flex-col gap-1 border-t pt-3" data-testid="target">
          <p className="text-sm font-medium">{target ? t("dashboard.fireDashboard.retiringAt", { age: Math.round(target.age), value: target.met ? t("dashboard.fireDashboard.onTrack") : t("dashboard.fireDashboard.notYet") }) : t("dashboard.fireDashboard.retirementAge")}</p>
          {target ? (
            <StatusNote status={target.met ? "good" : "warn"}><span data-testid="target-sentence">{target.sentence}</span></StatusNote>
          ) : (
            <p className="text-sm text-muted-foreground">
              <Message id="dashboard.fi.setAge" values={{ link: (c) => <Link className="underline" to="/settings/household">{c}</Link> }} />
            </p>
          )}
          {target && !target.met && target.extra_monthly != null && (
            <p className="text-sm">
              <Message
                id={target.shortfall != null ? "dashboard.fi.closeGapOf" : "dashboard.fi.closeGap"}
                values={{ extra: money(target.extra_monthly), shortfall: money(target.shortfall), b: (c) => <span className="font-semibold tabular-nums">{c}</span> }}
              />
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );

  const successCard = (
    <Card data-testid="success-rate" className="h-full">
      <CardHeader className="pb-2">
        <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <ShieldCheck className="size-4" aria-hidden="true" /> {t("dashboard.fireDashboard.successRate")}
        </h2>
        <p className="text-2xl font-bold tabular-nums" data-testid="success-rate-value">{fmt.percent(summary.success_rate)}</p>
      </CardHeader>
      <CardContent>
        <p className="text-sm text-muted-foreground" data-testid="success-question">{summary.success_question}</p>
      </CardContent>
    </Card>
  );

  const netWorthCard = (
    <StatCard
      label={t("dashboard.fireDashboard.netWorth")}
      testId="net-worth"
      value={money(summary.net_worth_today)}
      note={t("dashboard.netWorth.note", { invested: money(summary.investable_today) })}
    />
  );

  const chart = (
    <Suspense fallback={<Card className="lg:col-span-2"><CardContent className="pt-6"><Skeleton className="h-72 w-full" /><span className="sr-only">{t("dashboard.fireDashboard.loadingTheChart")}</span></CardContent></Card>}>
      <PlanChartCard summary={summary} className="lg:col-span-2" />
    </Suspense>
  );

  // Three rows with no holes at any width: the plan's answer (FI date or shortfall, FIRE number, success rate), the
  // plan over time beside the next best actions and net worth, then this month's budget figures.
  return (
    <>
      {big && (
        <Card className="border-primary/40 bg-primary/5" data-testid="plan-headline-card">
          <CardHeader>
            <CardTitle className="text-xl leading-snug" data-testid="plan-headline">{summary.headline}</CardTitle>
          </CardHeader>
        </Card>
      )}
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="plan-answer">
        {fiCard}
        {fireCard}
        <div className="md:col-span-2 lg:col-span-1">{successCard}</div>
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        {chart}
        <div className="flex flex-col gap-4">
          <NextActions summary={summary} className="flex-1" />
          {netWorthCard}
        </div>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        <SnapshotCards />
      </div>
    </>
  );
}

/** The month's savings rate, emergency fund and cash flow: budget figures from the snapshot, not FI figures. */
function SnapshotCards() {
  const snapshot = useSnapshot();
  const savings = useSavingsSummary();
  if (snapshot.isPending) return <><LoadingCard /><LoadingCard /><LoadingCard /></>;
  if (snapshot.isError) return null;
  return <BudgetCards snapshot={snapshot.data} emergencyFund={savings.data?.emergency_fund ?? null} />;
}

function LoadingCard() {
  const t = useT();
  return (
    <Card role="status">
      <span className="sr-only">{t("dashboard.fireDashboard.loading")}</span>
      <CardHeader><Skeleton className="h-4 w-1/2" /><Skeleton className="h-8 w-2/3" /></CardHeader>
    </Card>
  );
}

function BudgetCards({ snapshot, emergencyFund }: { snapshot: Snapshot; emergencyFund: number | null }) {
  const fmt = useFormat();
  const t = useT();
  const money = (v: number | null | undefined) => fmt.money(v, { wholeDollars: true });
  const rate = snapshot.savings_rate;
  const months = emergencyMonths(emergencyFund, snapshot.expenses.total);
  return (
    <>
      <StatCard
        label={t("dashboard.fireDashboard.savingsRate")}
        testId="savings-rate"
        value={fmt.percent(rate)}
        status={savingsRateStatus(rate)}
        note={rate == null ? t("dashboard.fireDashboard.addYourIncomeTo") : t("dashboard.fireDashboard.targetOrMore", { SAVINGS_RATE_TARGET: fmt.percent(SAVINGS_RATE_TARGET) })}
      >
        {rate != null && <Progress value={Math.min(Math.max(rate, 0), 1) * 100} aria-label={t("dashboard.fireDashboard.savingsRate")} />}
      </StatCard>
      <StatCard
        label={t("dashboard.fireDashboard.emergencyFund")}
        testId="emergency-fund"
        value={months == null ? "—" : t("dashboard.fireDashboard.months", { value: fmt.number(months, { digits: 1, minDigits: 1 }) })}
        status={emergencyStatus(months)}
        note={months == null ? t("dashboard.fireDashboard.addYourEmergencyFund") : t("dashboard.fireDashboard.targetToMonthsOf", { emergencyFund: money(emergencyFund), EMERGENCY_MONTHS_MIN, EMERGENCY_MONTHS_MAX })}
      />
      <StatCard
        label={t("dashboard.fireDashboard.monthlyCashFlow")}
        testId="cash-flow"
        value={money(snapshot.monthly_surplus)}
        note={t("dashboard.budget.inOut", { income: money(snapshot.total_monthly_income), spent: money(snapshot.expenses.total) })}
      >
        <dl className="grid grid-cols-3 gap-2 text-xs">
          <div><dt className="text-muted-foreground">{t("dashboard.fireDashboard.needs")}</dt><dd className="font-medium tabular-nums">{money(snapshot.expenses.needs)}</dd></div>
          <div><dt className="text-muted-foreground">{t("dashboard.fireDashboard.wants")}</dt><dd className="font-medium tabular-nums">{money(snapshot.expenses.wants)}</dd></div>
          <div><dt className="text-muted-foreground">{t("dashboard.fireDashboard.badHabits")}</dt><dd className="font-medium tabular-nums">{money(snapshot.expenses.bad_habits)}</dd></div>
        </dl>
      </StatCard>
    </>
  );
}

function NextActions({ summary, className }: { summary: PlanSummary; className?: string }) {
  const t = useT();
  const actions = summary.next_actions;
  return (
    <Card data-testid="next-actions" className={className}>
      <CardHeader>
        <CardTitle className="text-lg">{t("dashboard.fireDashboard.nextBestActions")}</CardTitle>
        <CardDescription>{t("dashboard.fireDashboard.fromYourPlan")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {actions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("dashboard.fireDashboard.youAreOnTrack")}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {actions.map((a) => (
              <li key={a.title}>
                <Link to={a.route} className="group flex items-start gap-2 rounded-md p-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">
                  <ArrowRight className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  <span>
                    <span className="block font-medium group-hover:underline">{a.title}</span>
                    <span className="block text-sm text-muted-foreground">{a.detail}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ol>
        )}
        {summary.missing.length > 0 && (
          <p className="text-xs text-muted-foreground" data-testid="plan-assumed">
            {t("dashboard.fireDashboard.thePlanAssumed", { value: summary.missing.join("; ") })}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

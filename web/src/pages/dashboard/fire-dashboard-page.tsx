/** /fire-dashboard: the FIRE number and progress to it, years and date to FI, savings rate against 20%, emergency
 * fund against 3 to 6 months, net worth, monthly cash flow and the next best actions. Two layouts for the
 * dashboard-layout A/B test: "original" (a grid of figures) and "enhanced" (a headline card first). */
import { formatCurrency, formatDate, formatPercent } from "@firepath/shared/format";
import { ArrowRight, Target } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { useCompletion } from "@/api/completion";
import { usePlan, useSavingsNeeded } from "@/api/plan";
import { useSavingsSummary } from "@/api/savings";
import { useSnapshot, type Snapshot } from "@/api/snapshot";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { getVariant } from "@/lib/ab-tests";
import { cn } from "@/lib/utils";
import {
  EMERGENCY_MONTHS_MAX,
  EMERGENCY_MONTHS_MIN,
  emergencyMonths,
  emergencyStatus,
  fireProgress,
  formatYears,
  nextBestActions,
  SAVINGS_RATE_TARGET,
  savingsRateStatus,
  type Action,
} from "@/pages/dashboard/dashboard-model";
import { LoadError, PageSkeleton, StatCard } from "@/pages/dashboard/stat-card";

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });

export default function FireDashboardPage() {
  const layout = useMemo(() => (getVariant("dashboard-layout") === "enhanced" ? "enhanced" : "original"), []);
  const snapshot = useSnapshot();
  const plan = usePlan();
  const savings = useSavingsSummary();
  const completion = useCompletion();
  const retirementAge = plan.data?.inputs.preferences?.retirement_age ?? null;
  const canNeed = !!snapshot.data && snapshot.data.fire_number > 0 && retirementAge != null && !!plan.data && retirementAge > plan.data.inputs.current_age;
  const savingsNeeded = useSavingsNeeded(canNeed);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="fire-dashboard" data-layout={layout}>
      <div>
        <h1 className="text-2xl font-bold">FIRE Dashboard</h1>
        <p className="text-muted-foreground">Where you stand on the way to financial independence.</p>
      </div>
      {snapshot.isPending ? (
        <PageSkeleton label="Loading your dashboard" />
      ) : snapshot.isError ? (
        <LoadError what="your dashboard" error={snapshot.error} onRetry={() => void snapshot.refetch()} />
      ) : isEmpty(snapshot.data) ? (
        <EmptyDashboard />
      ) : (
        <Dashboard
          layout={layout}
          snapshot={snapshot.data}
          plan={plan}
          emergencyFund={savings.data?.emergency_fund ?? null}
          actions={nextBestActions({
            snapshot: snapshot.data, plan: plan.data, completion: completion.data, emergencyFund: savings.data?.emergency_fund,
            savingsNeeded: canNeed ? savingsNeeded.data : undefined,
          })}
        />
      )}
    </div>
  );
}

function isEmpty(s: Snapshot): boolean {
  return s.total_monthly_income <= 0 && s.expenses.total <= 0;
}

function EmptyDashboard() {
  return (
    <Card data-testid="dashboard-empty">
      <CardHeader>
        <CardTitle>Your FIRE number starts with your spending</CardTitle>
        <CardDescription>
          Add your income and monthly expenses and the dashboard shows your FIRE number, savings rate and the date you
          could reach financial independence.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-3">
        <Button asChild><Link to="/onboarding/wizard">Start the setup wizard</Link></Button>
        <Button asChild variant="outline"><Link to="/settings/income">Add income</Link></Button>
        <Button asChild variant="outline"><Link to="/settings/expenses">Add expenses</Link></Button>
      </CardContent>
    </Card>
  );
}

function Dashboard({ layout, snapshot, plan, emergencyFund, actions }: {
  layout: "original" | "enhanced";
  snapshot: Snapshot;
  plan: ReturnType<typeof usePlan>;
  emergencyFund: number | null;
  actions: Action[];
}) {
  const fire = plan.data?.plan.fire;
  const investable = plan.data?.plan.points[0]?.investable;
  const progress = fireProgress(investable, snapshot.fire_number);
  const months = emergencyMonths(emergencyFund, snapshot.expenses.total);
  // Income but no spending yet: the FIRE number is $0, which is no target (and "not reached" would contradict it).
  const noSpending = !(snapshot.fire_number > 0);

  const fireCard = (
    <Card data-tour="fire-number" data-testid="fire-number-card" className={cn(layout === "enhanced" && "lg:col-span-2")}>
      <CardHeader className="pb-2">
        <h2 className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
          <Target className="size-4" aria-hidden="true" /> FIRE number
        </h2>
        <p className={cn("font-bold tabular-nums", layout === "enhanced" ? "text-4xl" : "text-2xl")} data-testid="fire-number">
          {noSpending ? "—" : money(snapshot.fire_number)}
        </p>
        <p className="text-sm text-muted-foreground">
          {noSpending
            ? `${snapshot.fire_multiplier} times a year of spending: it starts from your monthly expenses.`
            : `${money(snapshot.annual_expenses)} a year of spending × ${snapshot.fire_multiplier}`}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {noSpending ? (
          <p className="text-sm">
            <Link className="font-medium text-primary underline underline-offset-4" to="/settings/expenses">Add your monthly expenses</Link>{" "}
            to see your FIRE number and how far along you are.
          </p>
        ) : plan.isPending ? (
          <Skeleton className="h-2 w-full" />
        ) : progress == null ? (
          <p className="text-sm text-muted-foreground">Progress appears once your plan loads.</p>
        ) : (
          <>
            <Progress value={progress * 100} aria-label="Progress to your FIRE number" data-testid="fire-progress" />
            <p className="text-sm text-muted-foreground">
              <span className="font-medium text-foreground">{formatPercent(progress, { digits: 1 })}</span> of the way:{" "}
              {money(investable)} invested and in cash
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );

  const fiCard = (
    <StatCard
      label="Financial independence"
      testId="fi-date"
      value={noSpending ? "—" : plan.isPending ? <Skeleton className="h-8 w-40" /> : fire?.fi_date ? formatDate(fire.fi_date) : "Not reached yet"}
      note={
        noSpending
          ? "Needs your FIRE number: add your monthly expenses."
          : plan.isError
            ? "The plan could not be computed."
            : fire
              ? fire.fi_date
                ? `${formatYears(fire.years_to_fi)} from now, at age ${fire.fi_age?.toFixed(1)}`
                : plan.data?.inputs.preferences?.retirement_age != null
                  ? `At your current plan your investments do not reach your FIRE number before you retire at ${plan.data.inputs.preferences.retirement_age}. Try the what-ifs on Analysis.`
                  : `Your FIRE number is not reached within ${plan.data?.inputs.preferences?.max_projection_years ?? 30} years at your current plan.`
              : undefined
      }
    />
  );

  const rate = snapshot.savings_rate;
  const inputs = plan.data?.inputs;
  const retirementAge = inputs?.preferences?.retirement_age ?? null;
  const cards = (
    <>
      {!noSpending && inputs && retirementAge != null && retirementAge > inputs.current_age && <SavingsNeededCard retirementAge={retirementAge} />}
      <StatCard
        label="Savings rate"
        testId="savings-rate"
        value={formatPercent(rate)}
        status={savingsRateStatus(rate)}
        note={rate == null ? "Add your income to see it." : `Target: ${formatPercent(SAVINGS_RATE_TARGET)} or more`}
      >
        {rate != null && <Progress value={Math.min(Math.max(rate, 0), 1) * 100} aria-label="Savings rate" />}
      </StatCard>
      <StatCard
        label="Emergency fund"
        testId="emergency-fund"
        value={months == null ? "—" : `${months.toFixed(1)} months`}
        status={emergencyStatus(months)}
        note={months == null ? "Add your emergency fund in Savings." : `${money(emergencyFund)} · target ${EMERGENCY_MONTHS_MIN} to ${EMERGENCY_MONTHS_MAX} months of expenses`}
      />
      <StatCard
        label="Net worth"
        testId="net-worth"
        value={money(snapshot.net_worth.net_worth)}
        note={`${money(snapshot.net_worth.assets)} in assets, ${money(snapshot.net_worth.liabilities)} owed`}
      />
      <StatCard
        label="Monthly cash flow"
        testId="cash-flow"
        value={money(snapshot.monthly_surplus)}
        note={`${money(snapshot.total_monthly_income)} in, ${money(snapshot.expenses.total)} out`}
      >
        <dl className="grid grid-cols-3 gap-2 text-xs">
          <div><dt className="text-muted-foreground">Needs</dt><dd className="font-medium tabular-nums">{money(snapshot.expenses.needs)}</dd></div>
          <div><dt className="text-muted-foreground">Wants</dt><dd className="font-medium tabular-nums">{money(snapshot.expenses.wants)}</dd></div>
          <div><dt className="text-muted-foreground">Bad habits</dt><dd className="font-medium tabular-nums">{money(snapshot.expenses.bad_habits)}</dd></div>
        </dl>
      </StatCard>
    </>
  );

  const actionsCard = <NextActions actions={actions} />;

  if (layout === "enhanced") {
    return (
      <>
        <div className="grid gap-4 lg:grid-cols-3">
          {fireCard}
          {fiCard}
        </div>
        <div className="grid gap-4 lg:grid-cols-3">
          <div className="grid gap-4 sm:grid-cols-2 lg:col-span-2">{cards}</div>
          {actionsCard}
        </div>
      </>
    );
  }
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {fireCard}
        {fiCard}
        {cards}
      </div>
      {actionsCard}
    </>
  );
}

/** The monthly saving that reaches FI by the retirement age in preferences, against what the user saves now. */
function SavingsNeededCard({ retirementAge }: { retirementAge: number }) {
  const needed = useSavingsNeeded(true);
  const d = needed.data;
  return (
    <StatCard
      label={`Saving needed for FI by ${retirementAge}`}
      testId="savings-needed"
      value={needed.isPending ? <Skeleton className="h-8 w-32" /> : d ? <>{money(d.monthly_savings_needed)}<span className="text-base font-normal text-muted-foreground"> / month</span></> : "—"}
      status={d ? (d.on_track ? "good" : "warn") : needed.isError ? "unknown" : undefined}
      note={
        needed.isError
          ? needed.error instanceof Error ? needed.error.message : "It could not be worked out."
          : d
            ? d.monthly_savings_needed === 0
              ? `What you have already grows to your FIRE number by ${formatDate(d.target_date)}.`
              : d.on_track
                ? `You save ${money(d.current_monthly_savings)} now: on track for ${formatDate(d.target_date)}.`
                : `${money(d.savings_difference)} more than the ${money(d.current_monthly_savings)} you save now.`
            : undefined
      }
    />
  );
}

function NextActions({ actions }: { actions: Action[] }) {
  return (
    <Card data-testid="next-actions">
      <CardHeader>
        <CardTitle className="text-lg">Next best actions</CardTitle>
        <CardDescription>From your profile and your plan.</CardDescription>
      </CardHeader>
      <CardContent>
        {actions.length === 0 ? (
          <p className="text-sm text-muted-foreground">You are on track: nothing urgent. Explore what-ifs on Analysis.</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {actions.map((a) => (
              <li key={a.id}>
                <Link to={a.to} className="group flex items-start gap-2 rounded-md p-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">
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
      </CardContent>
    </Card>
  );
}

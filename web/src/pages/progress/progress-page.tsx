/** /progress: how far along the plan is (FIRE number, progress and FI date, as GET /api/v1/plan/summary states them for
 * every screen), profile completion by section, net-worth history from the nightly snapshots, and the activity log. */
import { formatCurrency, formatDate, formatPercent, formatMonth } from "@firepath/shared/format";
import { Link } from "react-router";
import { useActivity } from "@/api/activity";
import { useCompletion } from "@/api/completion";
import { usePlanSummary } from "@/api/plan";
import { useNetWorthHistory } from "@/api/snapshot";
import { NetWorthHistoryChart } from "@/components/charts/net-worth-history-chart";
import { LoadError } from "@/components/page-states";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { netWorthChange } from "@/lib/net-worth-change";
import { needsSetup } from "@/lib/plan-checks";

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });

export default function ProgressPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="progress">
      <div>
        <h1 className="text-2xl font-bold">Progress</h1>
        <p className="text-muted-foreground">How your net worth and your profile have grown, and what you did along the way.</p>
      </div>
      <FiProgressCard />
      <NetWorthCard />
      <div className="grid gap-4 lg:grid-cols-2">
        <CompletionCard />
        <ActivityCard />
      </div>
    </div>
  );
}

function Loading({ label, className = "h-64" }: { label: string; className?: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <Skeleton className={`${className} w-full`} />
    </div>
  );
}

/** The plan summary's FIRE number, progress to it and FI date: the dashboard's own figures. */
function FiProgressCard() {
  const summary = usePlanSummary();
  const s = summary.data;
  return (
    <Card data-testid="fi-progress">
      <CardHeader>
        <CardTitle className="text-lg">Progress to financial independence</CardTitle>
        <CardDescription>{s && !needsSetup(s) ? s.headline : "From your household plan."}</CardDescription>
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <Loading label="Loading your plan" className="h-20" />
        ) : summary.isError ? (
          <LoadError what="your plan" error={summary.error} onRetry={() => void summary.refetch()} />
        ) : needsSetup(summary.data) ? (
          <p className="text-sm text-muted-foreground" data-testid="fi-progress-empty">
            Add your <Link className="underline" to="/settings/expenses">monthly expenses</Link> to see your FIRE number and how far along you are.
          </p>
        ) : (
          <div className="flex flex-col gap-3">
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-muted-foreground">FIRE number</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid="progress-fire-number">{money(summary.data.fire_number)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Invested and in cash</dt>
                <dd className="text-2xl font-bold tabular-nums">{money(summary.data.investable_today)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Financial independence</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid="progress-fi-date">
                  {summary.data.fi_date ? formatMonth(summary.data.fi_date) : "Not within the plan"}
                </dd>
              </div>
            </dl>
            {summary.data.progress != null && (
              <div className="flex flex-col gap-1">
                <Progress value={Math.min(Math.max(summary.data.progress, 0), 1) * 100} aria-label="Progress to your FIRE number" />
                <p className="text-sm text-muted-foreground" data-testid="progress-percent">
                  {formatPercent(summary.data.progress, { digits: 1 })} of the way to your FIRE number.
                </p>
              </div>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function NetWorthCard() {
  const history = useNetWorthHistory();
  const change = history.data ? netWorthChange(history.data) : null;
  return (
    <Card data-tour="net-worth-history" data-testid="net-worth-history">
      <CardHeader>
        <CardTitle className="text-lg">Net worth over time</CardTitle>
        <CardDescription>
          {change
            ? `${money(change.last)} on ${formatDate(change.lastDate)}: ${change.delta >= 0 ? "up" : "down"} ${money(Math.abs(change.delta))} since ${formatDate(change.firstDate)}.`
            : "A snapshot of your net worth is taken every night."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Loading label="Loading your net-worth history" />
        ) : history.isError ? (
          <LoadError what="your net-worth history" error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="net-worth-empty">
            No snapshots yet: the first is taken tonight. Add your <Link className="underline" to="/settings/accounts">accounts</Link> and{" "}
            <Link className="underline" to="/settings/properties">properties</Link> so it counts everything you own and owe.
          </p>
        ) : (
          <NetWorthHistoryChart points={history.data} />
        )}
      </CardContent>
    </Card>
  );
}

function CompletionCard() {
  const completion = useCompletion();
  return (
    <Card data-testid="completion-by-section">
      <CardHeader>
        <CardTitle className="text-lg">Profile completion</CardTitle>
        <CardDescription>
          {completion.data ? `${completion.data.overall}% overall: ${completion.data.badge}.` : "How much of your financial profile is filled in."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {completion.isPending ? (
          <Loading label="Loading your completion" className="h-48" />
        ) : completion.isError ? (
          <LoadError what="your completion" error={completion.error} onRetry={() => void completion.refetch()} />
        ) : (
          <ul className="flex flex-col gap-3">
            {completion.data.sections.map((s) => (
              <li key={s.key}>
                <Link to={s.route} className="flex flex-col gap-1 rounded-md p-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">
                  <span className="flex items-center justify-between gap-2 text-sm">
                    <span className="font-medium">{s.label} <span className="font-normal text-muted-foreground">· {s.group}</span></span>
                    <span className="flex items-center gap-2">
                      <Badge variant={s.badge === "Complete" ? "success" : s.badge === "In Progress" ? "secondary" : "outline"}>{s.badge}</Badge>
                      <span className="w-10 text-right tabular-nums">{s.score}%</span>
                    </span>
                  </span>
                  <Progress value={s.score} aria-label={`${s.label} completion`} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ActivityCard() {
  const activity = useActivity();
  return (
    <Card data-testid="activity-log">
      <CardHeader>
        <CardTitle className="text-lg">Activity</CardTitle>
        <CardDescription>What changed in your plan, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <Loading label="Loading your activity" className="h-48" />
        ) : activity.isError ? (
          <LoadError what="your activity" error={activity.error} onRetry={() => void activity.refetch()} />
        ) : activity.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet: changes you and the coach make to your plan appear here.</p>
        ) : (
          <ol className="flex flex-col divide-y">
            {activity.data.map((a) => (
              <li key={a.id} className="flex items-start justify-between gap-3 py-2 text-sm">
                <span>
                  {a.description}
                  {a.category && <span className="block text-xs capitalize text-muted-foreground">{a.category}</span>}
                </span>
                <time dateTime={a.created_at} className="shrink-0 text-muted-foreground">{formatDate(a.created_at)}</time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

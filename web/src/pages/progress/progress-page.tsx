/** /progress: how far along the plan is (FIRE number, progress and FI date, as GET /api/v1/plan/summary states them for
 * every screen), profile completion by section, net-worth history from the nightly snapshots, and the activity log. */
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
import { Message, useFormat, useT } from "@/lib/i18n";


export default function ProgressPage() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="progress">
      <div>
        <h1 className="text-2xl font-bold">{t("progress.progress.progress")}</h1>
        <p className="text-muted-foreground">{t("progress.progress.howYourNetWorth")}</p>
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
  const fmt = useFormat();
  const money = (v: number | null | undefined) => fmt.money(v, { wholeDollars: true });
  const t = useT();
  const summary = usePlanSummary();
  const s = summary.data;
  return (
    <Card data-testid="fi-progress">
      <CardHeader>
        <CardTitle className="text-lg">{t("progress.progress.progressToFinancialIndependence")}</CardTitle>
        <CardDescription>{s && !needsSetup(s) ? s.headline : t("progress.progress.fromYourHouseholdPlan")}</CardDescription>
      </CardHeader>
      <CardContent>
        {summary.isPending ? (
          <Loading label={t("progress.progress.loadingYourPlan")} className="h-20" />
        ) : summary.isError ? (
          <LoadError what={t("progress.progress.yourPlan")} error={summary.error} onRetry={() => void summary.refetch()} />
        ) : needsSetup(summary.data) ? (
          <p className="text-sm text-muted-foreground" data-testid="fi-progress-empty">
            <Message id="progress.addExpenses" values={{ link: (c) => <Link className="underline" to="/settings/expenses">{c}</Link> }} />
          </p>
        ) : (
          <div className="flex flex-col gap-3">
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-muted-foreground">{t("progress.progress.fireNumber")}</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid="progress-fire-number">{money(summary.data.fire_number)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("progress.progress.investedAndInCash")}</dt>
                <dd className="text-2xl font-bold tabular-nums">{money(summary.data.investable_today)}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">{t("progress.progress.financialIndependence")}</dt>
                <dd className="text-2xl font-bold tabular-nums" data-testid="progress-fi-date">
                  {summary.data.fi_date ? fmt.month(summary.data.fi_date) : t("progress.progress.notWithinThePlan")}
                </dd>
              </div>
            </dl>
            {summary.data.progress != null && (
              <div className="flex flex-col gap-1">
                <Progress value={Math.min(Math.max(summary.data.progress, 0), 1) * 100} aria-label={t("progress.progress.progressToYourFire")} />
                <p className="text-sm text-muted-foreground" data-testid="progress-percent">
                  {t("progress.progress.ofTheWayTo", { progress: fmt.percent(summary.data.progress, { digits: 1 }) })}
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
  const fmt = useFormat();
  const money = (v: number | null | undefined) => fmt.money(v, { wholeDollars: true });
  const t = useT();
  const history = useNetWorthHistory();
  const change = history.data ? netWorthChange(history.data) : null;
  return (
    <Card data-tour="net-worth-history" data-testid="net-worth-history">
      <CardHeader>
        <CardTitle className="text-lg">{t("progress.progress.netWorthOverTime")}</CardTitle>
        <CardDescription>
          {change ? t("progress.netWorth.change", { last: money(change.last), lastDate: fmt.date(change.lastDate), direction: change.delta >= 0 ? "up" : "down", delta: money(Math.abs(change.delta)), firstDate: fmt.date(change.firstDate) }) : t("progress.progress.aSnapshotOfYour")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Loading label={t("progress.progress.loadingYourNetWorth")} />
        ) : history.isError ? (
          <LoadError what={t("progress.progress.yourNetWorthHistory")} error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="net-worth-empty">
            <Message
              id="progress.noSnapshots"
              values={{
                accounts: (c) => <Link className="underline" to="/settings/accounts">{c}</Link>,
                properties: (c) => <Link className="underline" to="/settings/properties">{c}</Link>,
              }}
            />
          </p>
        ) : (
          <NetWorthHistoryChart points={history.data} />
        )}
      </CardContent>
    </Card>
  );
}

function CompletionCard() {
  const t = useT();
  const fmt = useFormat();
  const completion = useCompletion();
  return (
    <Card data-testid="completion-by-section">
      <CardHeader>
        <CardTitle className="text-lg">{t("progress.progress.profileCompletion")}</CardTitle>
        <CardDescription>
          {completion.data ? t("progress.completion.overall", { overall: fmt.percent(completion.data.overall / 100, { digits: 0 }), badge: completion.data.badge }) : t("progress.progress.howMuchOfYour")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {completion.isPending ? (
          <Loading label={t("progress.progress.loadingYourCompletion")} className="h-48" />
        ) : completion.isError ? (
          <LoadError what={t("progress.progress.yourCompletion")} error={completion.error} onRetry={() => void completion.refetch()} />
        ) : (
          <ul className="flex flex-col gap-3">
            {completion.data.sections.map((s) => (
              <li key={s.key}>
                <Link to={s.route} className="flex flex-col gap-1 rounded-md p-1 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring">
                  <span className="flex items-center justify-between gap-2 text-sm">
                    <Message id="progress.completion.section" values={{ label: s.label, group: s.group, b: (c) => <span className="font-medium">{c}</span>, muted: (c) => <span className="font-normal text-muted-foreground">{c}</span> }} />
                    <span className="flex items-center gap-2">
                      <Badge variant={s.badge === "Complete" ? "success" : s.badge === "In Progress" ? "secondary" : "outline"}>{s.badge}</Badge>
                      <span className="w-10 text-right tabular-nums">{fmt.percent(s.score / 100, { digits: 0 })}</span>
                    </span>
                  </span>
                  <Progress value={s.score} aria-label={t("progress.progress.completion", { label: s.label })} />
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
  const fmt = useFormat();
  const t = useT();
  const activity = useActivity();
  return (
    <Card data-testid="activity-log">
      <CardHeader>
        <CardTitle className="text-lg">{t("progress.progress.activity")}</CardTitle>
        <CardDescription>{t("progress.progress.whatChangedInYour")}</CardDescription>
      </CardHeader>
      <CardContent>
        {activity.isPending ? (
          <Loading label={t("progress.progress.loadingYourActivity")} className="h-48" />
        ) : activity.isError ? (
          <LoadError what={t("progress.progress.yourActivity")} error={activity.error} onRetry={() => void activity.refetch()} />
        ) : activity.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("progress.progress.nothingYetChangesYou")}</p>
        ) : (
          <ol className="flex flex-col divide-y">
            {activity.data.map((a) => (
              <li key={a.id} className="flex items-start justify-between gap-3 py-2 text-sm">
                <span>
                  {a.description}
                  {a.category && <span className="block text-xs capitalize text-muted-foreground">{a.category}</span>}
                </span>
                <time dateTime={a.created_at} className="shrink-0 text-muted-foreground">{fmt.date(a.created_at)}</time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

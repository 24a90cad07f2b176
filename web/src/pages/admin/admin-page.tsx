/** /admin (admins only; the route guard redirects everyone else, the API answers 403): the analytics summary
 * with charts, users with their role, activity and completion (roles can be changed), error reports, and the
 * community moderation queue. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { adminUsersQuery, analyticsSummaryQuery, errorReportsQuery, resolveErrorReport, type Role, setUserRole } from "@/api/admin";
import { useAuth } from "@/app/auth-provider";
import { ModerationQueue } from "@/components/community/moderation-queue";
import { FigureCard } from "@/components/figure-card";
import { LoadError } from "@/components/page-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { EventsPerDayChart, FUNNEL_LABELS, FunnelChart, TopFeaturesChart } from "@/pages/admin/admin-charts";
import { useT, useFormat } from "@/lib/i18n";

const TABS = ["analytics", "users", "errors", "moderation"] as const;
type Tab = (typeof TABS)[number];
const ROLES: Role[] = ["user", "moderator", "admin"];

function Loading({ label, className = "h-48" }: { label: string; className?: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <Skeleton className={`${className} w-full`} />
    </div>
  );
}

export default function AdminPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab") as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) ? requested : "analytics";
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="admin">
      <div>
        <h1 className="text-2xl font-bold">{t("admin.admin.adminDashboard")}</h1>
        <p className="text-muted-foreground">{t("admin.admin.productAnalyticsUsersAnd")}</p>
      </div>
      <Tabs value={tab} onValueChange={(v) => setParams((p) => { p.set("tab", v); return p; }, { replace: true })}>
        <TabsList aria-label={t("admin.admin.adminSections")} className="flex-wrap">
          <TabsTrigger value="analytics">{t("admin.admin.analytics")}</TabsTrigger>
          <TabsTrigger value="users">{t("admin.admin.users")}</TabsTrigger>
          <TabsTrigger value="errors">{t("admin.admin.errorReports")}</TabsTrigger>
          <TabsTrigger value="moderation">{t("admin.admin.moderation")}</TabsTrigger>
        </TabsList>
        <TabsContent value="analytics" className="mt-4"><AnalyticsSection /></TabsContent>
        <TabsContent value="users" className="mt-4"><UsersSection /></TabsContent>
        <TabsContent value="errors" className="mt-4"><ErrorReportsSection /></TabsContent>
        <TabsContent value="moderation" className="mt-4"><ModerationQueue /></TabsContent>
      </Tabs>
    </div>
  );
}

function AnalyticsSection() {
  const fmt = useFormat();
  const t = useT();
  const [days, setDays] = useState(30);
  const id = useId();
  const summary = useQuery(analyticsSummaryQuery(days));
  const d = summary.data;
  const completed = d?.funnel.find((s) => s.step === "completed_profile");
  return (
    <div className="flex flex-col gap-4" data-testid="admin-analytics">
      <div className="flex items-end gap-3">
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-days`}>{t("admin.admin.period")}</Label>
          <NativeSelect id={`${id}-days`} className="w-40" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            <option value={7}>{t("admin.admin.last7Days")}</option>
            <option value={30}>{t("admin.admin.last30Days")}</option>
            <option value={90}>{t("admin.admin.last90Days")}</option>
            <option value={365}>{t("admin.admin.last365Days")}</option>
          </NativeSelect>
        </div>
        <p className="pb-2 text-sm text-muted-foreground">{t("admin.admin.adminsOwnActivityIs")}</p>
      </div>
      {summary.isPending ? (
        <Loading label={t("admin.admin.loadingTheAnalyticsSummary")} className="h-72" />
      ) : summary.isError ? (
        <LoadError what={t("admin.admin.theAnalyticsSummary")} error={summary.error} onRetry={() => void summary.refetch()} />
      ) : d ? (
        <>
          <div className="grid grid-cols-2 gap-4 lg:grid-cols-4" aria-live="polite">
            <FigureCard label={t("admin.admin.eventsSince", { since: fmt.date(d.since) })} value={fmt.number(d.events_total)} testId="admin-events-total" />
            <FigureCard label={t("admin.admin.signUps")} value={fmt.number(d.funnel.find((s) => s.step === "signed_up")?.users ?? 0)} testId="admin-signups" />
            <FigureCard label={t("admin.admin.completedProfile")} value={completed ? t("admin.admin.text", { users: fmt.number(completed.users), share: fmt.percent(completed.share) }) : "—"} testId="admin-completed" />
            <FigureCard label={t("admin.admin.featuresUsed")} value={fmt.number(d.top_features.length)} testId="admin-features" />
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <Card className="lg:col-span-2" data-testid="admin-events-per-day">
              <CardHeader>
                <CardTitle className="text-lg">{t("admin.admin.eventsPerDay")}</CardTitle>
                <CardDescription>{t("admin.admin.productEventsDistinctSigned")}</CardDescription>
              </CardHeader>
              <CardContent>
                {d.events_total === 0 ? <p className="text-sm text-muted-foreground">{t("admin.admin.noEventsInThis")}</p> : <EventsPerDayChart days={d.events_per_day} />}
              </CardContent>
            </Card>
            <Card data-testid="admin-top-features">
              <CardHeader>
                <CardTitle className="text-lg">{t("admin.admin.topFeatures")}</CardTitle>
                <CardDescription>{t("admin.admin.mostUsedFeaturesIn")}</CardDescription>
              </CardHeader>
              <CardContent>
                {d.top_features.length === 0 ? <p className="text-sm text-muted-foreground">{t("admin.admin.noFeatureUseRecorded")}</p> : <TopFeaturesChart features={d.top_features} />}
              </CardContent>
            </Card>
            <Card data-testid="admin-funnel">
              <CardHeader>
                <CardTitle className="text-lg">{t("admin.admin.signUpFunnel")}</CardTitle>
                <CardDescription>
                  {t("admin.admin.ofTheUsersWho", { value: d.funnel.map((s) => t("admin.admin.text2", { value: t(FUNNEL_LABELS[s.step]), users: s.users })).join(", ") })}
                </CardDescription>
              </CardHeader>
              <CardContent><FunnelChart funnel={d.funnel} /></CardContent>
            </Card>
          </div>
        </>
      ) : null}
    </div>
  );
}

function UsersSection() {
  const fmt = useFormat();
  const t = useT();
  const id = useId();
  const { user: me } = useAuth();
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const debounced = useDebouncedValue(search.trim(), 300);
  const users = useQuery(adminUsersQuery(debounced, offset));
  const qc = useQueryClient();
  const change = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: Role }) => setUserRole(userId, role),
    onSuccess: (u) => { toast.success(t("admin.admin.isNow", { email: u.email, role: u.role })); void qc.invalidateQueries({ queryKey: ["admin", "users"] }); },
    onError: (e) => toast.error(e instanceof Error ? e.message : t("admin.admin.couldNotChangeThe")),
  });
  return (
    <Card data-testid="admin-users">
      <CardHeader>
        <CardTitle className="text-lg">{t("admin.admin.users")}</CardTitle>
        <CardDescription>{users.data ? t("admin.admin.usersNewestFirst", { total: fmt.number(users.data.total) }) : t("admin.admin.everyAccountNewestFirst")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex max-w-sm flex-col gap-1">
          <Label htmlFor={`${id}-search`}>{t("admin.admin.searchByEmail")}</Label>
          <Input id={`${id}-search`} type="search" value={search} onChange={(e) => { setSearch(e.target.value); setOffset(0); }} />
        </div>
        {users.isPending ? (
          <Loading label={t("admin.admin.loadingUsers")} />
        ) : users.isError ? (
          <LoadError what={t("admin.admin.theUsers")} error={users.error} onRetry={() => void users.refetch()} />
        ) : users.data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.admin.noUsersMatch")}</p>
        ) : (
          <div className="overflow-x-auto" role="region" aria-label={t("admin.admin.usersTable")} tabIndex={0}>
            <table className="w-full min-w-[640px] text-left text-sm">
              <caption className="sr-only">{t("admin.admin.usersWithSignUp")}</caption>
              <thead>
                <tr className="border-b">
                  <th scope="col" className="px-2 py-2 font-medium">{t("admin.admin.email")}</th>
                  <th scope="col" className="px-2 py-2 font-medium">{t("admin.admin.signedUp")}</th>
                  <th scope="col" className="px-2 py-2 font-medium">{t("admin.admin.lastActivity")}</th>
                  <th scope="col" className="px-2 py-2 text-right font-medium">{t("admin.admin.completion")}</th>
                  <th scope="col" className="px-2 py-2 font-medium">{t("admin.admin.role")}</th>
                </tr>
              </thead>
              <tbody>
                {users.data.items.map((u) => (
                  <tr key={u.id} className="border-b last:border-0" data-testid="admin-user-row">
                    <th scope="row" className="max-w-[16rem] truncate px-2 py-2 font-normal">{u.email}</th>
                    <td className="px-2 py-2"><time dateTime={u.created_at}>{fmt.date(u.created_at)}</time></td>
                    <td className="px-2 py-2">{u.last_activity_at ? <time dateTime={u.last_activity_at}>{fmt.date(u.last_activity_at)}</time> : t("admin.admin.never")}</td>
                    <td className="px-2 py-2 text-right tabular-nums">{fmt.percent(u.completion / 100, { digits: 0 })}</td>
                    <td className="px-2 py-2">
                      <NativeSelect
                        aria-label={t("admin.admin.roleOf", { email: u.email })}
                        className="h-8 w-32"
                        value={u.role}
                        disabled={change.isPending || u.id === me?.id}
                        onChange={(e) => change.mutate({ userId: u.id, role: e.target.value as Role })}
                      >
                        {ROLES.map((r) => <option key={r} value={r}>{r}</option>)}
                      </NativeSelect>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {users.data && users.data.total > 50 && (
          <div className="flex items-center gap-2 text-sm">
            <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => setOffset((o) => Math.max(0, o - 50))}>{t("admin.admin.previous")}</Button>
            <span>{t("admin.admin.range", { first: offset + 1, last: Math.min(offset + 50, users.data.total), total: users.data.total })}</span>
            <Button size="sm" variant="outline" disabled={offset + 50 >= users.data.total} onClick={() => setOffset((o) => o + 50)}>{t("admin.admin.next")}</Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ErrorReportsSection() {
  const fmt = useFormat();
  const t = useT();
  const [showResolved, setShowResolved] = useState(false);
  const reports = useQuery(errorReportsQuery(showResolved));
  const qc = useQueryClient();
  const resolve = useMutation({
    mutationFn: ({ id, resolved }: { id: string; resolved: boolean }) => resolveErrorReport(id, resolved),
    onSuccess: (_r, v) => { toast.success(v.resolved ? t("admin.admin.markedHandled") : t("admin.admin.openedAgain")); void qc.invalidateQueries({ queryKey: ["admin", "error-reports"] }); },
    onError: (e) => toast.error(e instanceof Error ? e.message : t("admin.admin.couldNotUpdateThe")),
  });
  return (
    <Card data-testid="admin-error-reports">
      <CardHeader>
        <CardTitle className="text-lg">{t("admin.admin.errorReports")}</CardTitle>
        <CardDescription>{t("admin.admin.feedbackSentFromThe")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-primary" checked={showResolved} onChange={(e) => setShowResolved(e.target.checked)} />
          {t("admin.admin.showHandledReportsInstead")}
        </label>
        {reports.isPending ? (
          <Loading label={t("admin.admin.loadingErrorReports")} />
        ) : reports.isError ? (
          <LoadError what={t("admin.admin.theErrorReports")} error={reports.error} onRetry={() => void reports.refetch()} />
        ) : reports.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{showResolved ? t("admin.admin.noHandledReports") : t("admin.admin.noOpenErrorReports")}</p>
        ) : (
          <ul className="flex flex-col divide-y">
            {reports.data.map((r) => (
              <li key={r.id} className="flex flex-col gap-1 py-3 text-sm">
                <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <time dateTime={r.created_at}>{fmt.date(r.created_at)}</time>
                  {r.route && <Badge variant="outline">{r.route}</Badge>}
                  <span>{r.user_email ?? t("admin.admin.signedOut")}</span>
                </div>
                <p className="break-words font-medium">{r.error_summary}</p>
                {r.feedback && <p className="whitespace-pre-wrap break-words text-muted-foreground">{t("admin.quoted", { text: r.feedback })}</p>}
                <Button size="sm" variant="outline" className="self-start" disabled={resolve.isPending} onClick={() => resolve.mutate({ id: r.id, resolved: !r.resolved_at })}>
                  {r.resolved_at ? t("admin.admin.openAgain") : t("admin.admin.markHandled")}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

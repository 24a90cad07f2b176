/** /analytics: the user's own spending and saving analytics: spending by category, needs against wants, bad
 * habits, where savings go, and the net-worth trend. Every figure comes from /api/v1/expenses, /savings,
 * /snapshot and /net-worth/history. (Product analytics for admins live on /admin.) */
import { formatCurrency } from "@firepath/shared/format";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useExpenses } from "@/api/expenses";
import { useSavingsItems, useSavingsSummary } from "@/api/savings";
import { useNetWorthHistory, useSnapshot } from "@/api/snapshot";
import { NetWorthHistoryChart } from "@/components/charts/net-worth-history-chart";
import { FigureCard } from "@/components/figure-card";
import { LoadError } from "@/components/page-states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { netWorthChange } from "@/lib/net-worth-change";
import { SliceBars } from "@/pages/analytics/analytics-charts";
import { badHabits, needsWants, savingsBreakdown, spendingByCategory, sumOf } from "@/pages/analytics/analytics-model";
import { Message, useFormat, useT } from "@/lib/i18n";

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });

export default function AnalyticsPage() {
  const t = useT();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="analytics">
      <div>
        <h1 className="text-2xl font-bold">{t("analytics.analytics.analytics")}</h1>
        <p className="text-muted-foreground">{t("analytics.analytics.whereYourMoneyGoes")}</p>
      </div>
      <SummaryRow />
      <div className="grid gap-4 lg:grid-cols-2">
        <SpendingCard />
        <NeedsWantsCard />
        <SavingsCard />
        <BadHabitsCard />
      </div>
      <TrendCard />
    </div>
  );
}

function Loading({ label, className = "h-48" }: { label: string; className?: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <Skeleton className={`${className} w-full`} />
    </div>
  );
}

function SummaryRow() {
  const fmt = useFormat();
  const t = useT();
  const snapshot = useSnapshot();
  if (snapshot.isPending) return <Loading label={t("analytics.analytics.loadingYourMonthlyFigures")} className="h-24" />;
  if (snapshot.isError) return <LoadError what={t("analytics.analytics.yourMonthlyFigures")} error={snapshot.error} onRetry={() => void snapshot.refetch()} />;
  const s = snapshot.data;
  return (
    <section aria-label={t("analytics.analytics.thisMonth")} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <FigureCard label={t("analytics.analytics.monthlyIncome")} value={money(s.total_monthly_income)} testId="analytics-income" />
      <FigureCard label={t("analytics.analytics.monthlySpending")} value={money(s.expenses.total)} testId="analytics-spending" />
      <FigureCard label={t("analytics.analytics.monthlySurplus")} value={money(s.monthly_surplus)} testId="analytics-surplus" />
      <FigureCard label={t("analytics.analytics.savingsRate")} value={s.savings_rate === null ? "—" : fmt.percent(s.savings_rate)} testId="analytics-savings-rate" />
    </section>
  );
}

function SetupLink({ to, children }: { to: string; children: ReactNode }) {
  return <Link className="underline" to={to}>{children}</Link>;
}

function SpendingCard() {
  const t = useT();
  const expenses = useExpenses();
  const rows = expenses.data ? spendingByCategory(expenses.data, t) : [];
  return (
    <Card data-testid="spending-by-category">
      <CardHeader>
        <CardTitle className="text-lg">{t("analytics.analytics.spendingByCategory")}</CardTitle>
        <CardDescription>{rows.length > 0 ? t("analytics.analytics.aMonthAcrossCategories", { value: money(sumOf(rows)), length: rows.length }) : t("analytics.analytics.yourMonthlyExpensesGrouped")}</CardDescription>
      </CardHeader>
      <CardContent>
        {expenses.isPending ? (
          <Loading label={t("analytics.analytics.loadingYourExpenses")} />
        ) : expenses.isError ? (
          <LoadError what={t("analytics.analytics.yourExpenses")} error={expenses.error} onRetry={() => void expenses.refetch()} />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="spending-empty">
            <Message id="analytics.noExpenses" values={{ link: (c) => <SetupLink to="/settings/expenses">{c}</SetupLink> }} />
          </p>
        ) : (
          <SliceBars rows={rows} caption={t("analytics.analytics.spendingChartCaption")} testId="spending-chart" />
        )}
      </CardContent>
    </Card>
  );
}

function NeedsWantsCard() {
  const fmt = useFormat();
  const t = useT();
  const expenses = useExpenses();
  const rows = expenses.data ? needsWants(expenses.data, t) : [];
  const total = sumOf(rows);
  return (
    <Card data-testid="needs-wants">
      <CardHeader>
        <CardTitle className="text-lg">{t("analytics.analytics.needsAndWants")}</CardTitle>
        <CardDescription>
          {total > 0 ? t("analytics.analytics.ofYourSpendingGoes", { share: fmt.percent(rows[0].share), share2: fmt.percent(rows[1].share) }) : t("analytics.analytics.howYourSpendingSplits")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {expenses.isPending ? (
          <Loading label={t("analytics.analytics.loadingYourExpenses")} />
        ) : expenses.isError ? (
          <LoadError what={t("analytics.analytics.yourExpenses")} error={expenses.error} onRetry={() => void expenses.refetch()} />
        ) : total === 0 ? (
          <p className="text-sm text-muted-foreground"><Message id="analytics.nothingToSplit" values={{ link: (c) => <SetupLink to="/settings/expenses">{c}</SetupLink> }} /></p>
        ) : (
          <SliceBars rows={rows} caption={t("analytics.analytics.needsWantsChartCaption")} testId="needs-wants-chart" colors={["var(--primary)", "var(--success)"]} />
        )}
      </CardContent>
    </Card>
  );
}

function BadHabitsCard() {
  const t = useT();
  const expenses = useExpenses();
  const habits = expenses.data ? badHabits(expenses.data) : [];
  const monthly = habits.reduce((a, h) => a + h.monthly, 0);
  return (
    <Card data-testid="bad-habits">
      <CardHeader>
        <CardTitle className="text-lg">{t("analytics.analytics.badHabits")}</CardTitle>
        <CardDescription>
          {habits.length > 0 ? t("analytics.analytics.aMonthAYear", { monthly: money(monthly), value: money(monthly * 12) }) : t("analytics.analytics.expensesYouFlagAs")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {expenses.isPending ? (
          <Loading label={t("analytics.analytics.loadingYourExpenses")} />
        ) : expenses.isError ? (
          <LoadError what={t("analytics.analytics.yourExpenses")} error={expenses.error} onRetry={() => void expenses.refetch()} />
        ) : habits.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("analytics.analytics.noExpensesFlaggedAs")}</p>
        ) : (
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="sr-only">{t("analytics.analytics.expensesFlaggedAsBad")}</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b px-2 py-1 font-medium">{t("analytics.analytics.expense")}</th>
                <th scope="col" className="border-b px-2 py-1 text-right font-medium">{t("analytics.analytics.perMonth")}</th>
                <th scope="col" className="border-b px-2 py-1 text-right font-medium">{t("analytics.analytics.perYear")}</th>
              </tr>
            </thead>
            <tbody>
              {habits.map((h, i) => (
                <tr key={`${h.label}-${i}`} className="border-b last:border-0">
                  <th scope="row" className="px-2 py-1 font-normal">{h.label}</th>
                  <td className="px-2 py-1 text-right">{money(h.monthly)}</td>
                  <td className="px-2 py-1 text-right">{money(h.yearly)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function SavingsCard() {
  const t = useT();
  const items = useSavingsItems();
  const summary = useSavingsSummary();
  const pending = items.isPending || summary.isPending;
  const failed = items.isError ? items : summary.isError ? summary : null;
  const rows = pending || failed ? [] : savingsBreakdown(items.data, summary.data, t);
  return (
    <Card data-testid="savings-breakdown">
      <CardHeader>
        <CardTitle className="text-lg">{t("analytics.analytics.whereYourSavingsGo")}</CardTitle>
        <CardDescription>{rows.length > 0 ? t("analytics.analytics.aMonthSavedOr", { value: money(sumOf(rows)) }) : t("analytics.analytics.yourMonthlySavingsAnd")}</CardDescription>
      </CardHeader>
      <CardContent>
        {pending ? (
          <Loading label={t("analytics.analytics.loadingYourSavings")} />
        ) : failed ? (
          <LoadError what={t("analytics.analytics.yourSavings")} error={failed.error} onRetry={() => void failed.refetch()} />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground"><Message id="analytics.noSavings" values={{ link: (c) => <SetupLink to="/settings/savings">{c}</SetupLink> }} /></p>
        ) : (
          <SliceBars rows={rows} caption={t("analytics.analytics.savingsChartCaption")} testId="savings-chart" colors={["var(--success)"]} />
        )}
      </CardContent>
    </Card>
  );
}

function TrendCard() {
  const fmt = useFormat();
  const t = useT();
  const history = useNetWorthHistory();
  const change = history.data ? netWorthChange(history.data) : null;
  return (
    <Card data-testid="net-worth-trend">
      <CardHeader>
        <CardTitle className="text-lg">{t("analytics.analytics.netWorthTrend")}</CardTitle>
        <CardDescription>
          {change ? t("analytics.netWorth.change", { direction: change.delta >= 0 ? "up" : "down", delta: money(Math.abs(change.delta)), firstDate: fmt.date(change.firstDate) }) : t("analytics.analytics.aSnapshotOfYour")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Loading label={t("analytics.analytics.loadingYourNetWorth")} className="h-64" />
        ) : history.isError ? (
          <LoadError what={t("analytics.analytics.yourNetWorthHistory")} error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("analytics.analytics.noSnapshotsYetThe")}</p>
        ) : (
          <NetWorthHistoryChart points={history.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** /analytics: the user's own spending and saving analytics: spending by category, needs against wants, bad
 * habits, where savings go, and the net-worth trend. Every figure comes from /api/v1/expenses, /savings,
 * /snapshot and /net-worth/history. (Product analytics for admins live on /admin.) */
import { formatCurrency, formatDate, formatPercent } from "@firepath/shared/format";
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

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });

export default function AnalyticsPage() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6" data-testid="analytics">
      <div>
        <h1 className="text-2xl font-bold">Analytics</h1>
        <p className="text-muted-foreground">Where your money goes each month, what you save, and how your net worth moves.</p>
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
  const snapshot = useSnapshot();
  if (snapshot.isPending) return <Loading label="Loading your monthly figures" className="h-24" />;
  if (snapshot.isError) return <LoadError what="your monthly figures" error={snapshot.error} onRetry={() => void snapshot.refetch()} />;
  const s = snapshot.data;
  return (
    <section aria-label="This month" className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <FigureCard label="Monthly income" value={money(s.total_monthly_income)} testId="analytics-income" />
      <FigureCard label="Monthly spending" value={money(s.expenses.total)} testId="analytics-spending" />
      <FigureCard label="Monthly surplus" value={money(s.monthly_surplus)} testId="analytics-surplus" />
      <FigureCard label="Savings rate" value={s.savings_rate === null ? "—" : formatPercent(s.savings_rate)} testId="analytics-savings-rate" />
    </section>
  );
}

function SetupLink({ to, children }: { to: string; children: ReactNode }) {
  return <Link className="underline" to={to}>{children}</Link>;
}

function SpendingCard() {
  const expenses = useExpenses();
  const rows = expenses.data ? spendingByCategory(expenses.data) : [];
  return (
    <Card data-testid="spending-by-category">
      <CardHeader>
        <CardTitle className="text-lg">Spending by category</CardTitle>
        <CardDescription>{rows.length > 0 ? `${money(sumOf(rows))} a month across ${rows.length} categories.` : "Your monthly expenses, grouped."}</CardDescription>
      </CardHeader>
      <CardContent>
        {expenses.isPending ? (
          <Loading label="Loading your expenses" />
        ) : expenses.isError ? (
          <LoadError what="your expenses" error={expenses.error} onRetry={() => void expenses.refetch()} />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="spending-empty">
            No expenses yet. Add them in <SetupLink to="/settings/expenses">Expenses settings</SetupLink>.
          </p>
        ) : (
          <SliceBars rows={rows} caption="Monthly spending by category" testId="spending-chart" />
        )}
      </CardContent>
    </Card>
  );
}

function NeedsWantsCard() {
  const expenses = useExpenses();
  const rows = expenses.data ? needsWants(expenses.data) : [];
  const total = sumOf(rows);
  return (
    <Card data-testid="needs-wants">
      <CardHeader>
        <CardTitle className="text-lg">Needs and wants</CardTitle>
        <CardDescription>
          {total > 0 ? `${formatPercent(rows[0].share)} of your spending goes to needs, ${formatPercent(rows[1].share)} to wants.` : "How your spending splits between needs and wants."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {expenses.isPending ? (
          <Loading label="Loading your expenses" />
        ) : expenses.isError ? (
          <LoadError what="your expenses" error={expenses.error} onRetry={() => void expenses.refetch()} />
        ) : total === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to split yet: mark each expense as a need or a want in <SetupLink to="/settings/expenses">Expenses settings</SetupLink>.</p>
        ) : (
          <SliceBars rows={rows} caption="Monthly needs and wants" testId="needs-wants-chart" colors={["var(--primary)", "var(--success)"]} />
        )}
      </CardContent>
    </Card>
  );
}

function BadHabitsCard() {
  const expenses = useExpenses();
  const habits = expenses.data ? badHabits(expenses.data) : [];
  const monthly = habits.reduce((a, h) => a + h.monthly, 0);
  return (
    <Card data-testid="bad-habits">
      <CardHeader>
        <CardTitle className="text-lg">Bad habits</CardTitle>
        <CardDescription>
          {habits.length > 0 ? `${money(monthly)} a month, ${money(monthly * 12)} a year, on expenses you flagged.` : "Expenses you flag as bad habits, and what they cost over a year."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {expenses.isPending ? (
          <Loading label="Loading your expenses" />
        ) : expenses.isError ? (
          <LoadError what="your expenses" error={expenses.error} onRetry={() => void expenses.refetch()} />
        ) : habits.length === 0 ? (
          <p className="text-sm text-muted-foreground">No expenses flagged as bad habits.</p>
        ) : (
          <table className="w-full text-left text-sm tabular-nums">
            <caption className="sr-only">Expenses flagged as bad habits</caption>
            <thead>
              <tr>
                <th scope="col" className="border-b px-2 py-1 font-medium">Expense</th>
                <th scope="col" className="border-b px-2 py-1 text-right font-medium">Per month</th>
                <th scope="col" className="border-b px-2 py-1 text-right font-medium">Per year</th>
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
  const items = useSavingsItems();
  const summary = useSavingsSummary();
  const pending = items.isPending || summary.isPending;
  const failed = items.isError ? items : summary.isError ? summary : null;
  const rows = pending || failed ? [] : savingsBreakdown(items.data, summary.data);
  return (
    <Card data-testid="savings-breakdown">
      <CardHeader>
        <CardTitle className="text-lg">Where your savings go</CardTitle>
        <CardDescription>{rows.length > 0 ? `${money(sumOf(rows))} a month saved or invested.` : "Your monthly savings and investments."}</CardDescription>
      </CardHeader>
      <CardContent>
        {pending ? (
          <Loading label="Loading your savings" />
        ) : failed ? (
          <LoadError what="your savings" error={failed.error} onRetry={() => void failed.refetch()} />
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No savings yet. Add them in <SetupLink to="/settings/savings">Savings settings</SetupLink>.</p>
        ) : (
          <SliceBars rows={rows} caption="Monthly savings and investments" testId="savings-chart" colors={["var(--success)"]} />
        )}
      </CardContent>
    </Card>
  );
}

function TrendCard() {
  const history = useNetWorthHistory();
  const change = history.data ? netWorthChange(history.data) : null;
  return (
    <Card data-testid="net-worth-trend">
      <CardHeader>
        <CardTitle className="text-lg">Net-worth trend</CardTitle>
        <CardDescription>
          {change
            ? `${change.delta >= 0 ? "Up" : "Down"} ${money(Math.abs(change.delta))} since ${formatDate(change.firstDate)}.`
            : "A snapshot of your net worth is taken every night."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <Loading label="Loading your net-worth history" className="h-64" />
        ) : history.isError ? (
          <LoadError what="your net-worth history" error={history.error} onRetry={() => void history.refetch()} />
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No snapshots yet: the first is taken tonight.</p>
        ) : (
          <NetWorthHistoryChart points={history.data} />
        )}
      </CardContent>
    </Card>
  );
}

/** /financial-strategies and /strategies: FIRE methods, investment and tax strategies in three tabs, worked out
 * with the user's own numbers, read from the household plan (its FI date and FIRE number, spending, saving, pay,
 * province and what is invested), through the calculators, and with example numbers (said so) where the plan has
 * none. */
import { formatCurrency, formatPercent } from "@firepath/shared/format";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { useCalc } from "@/api/calc";
import { useHouseholdPlan, usePlanSummary } from "@/api/plan";
import { useProfile } from "@/api/profile";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { accountLabel } from "@/lib/account-labels";
import { formatMonth, investedOf, planNumbers } from "@/lib/user-numbers";

const TABS = [["fire-methods", "FIRE methods"], ["investment", "Investment"], ["tax", "Tax"]] as const;
const YEAR = 2026;

/** The numbers the strategies use: the household plan's where it has them, else an example household (flagged). */
function useNumbers() {
  const summary = usePlanSummary();
  const household = useHouseholdPlan();
  const profile = useProfile();
  const n = summary.data && household.data ? planNumbers(summary.data, household.data) : null;
  const spending = n && n.spending > 0 ? n.spending : null;
  const salary = n && n.salary > 0 ? n.salary : null;
  const saving = n && n.saving !== null && salary !== null ? Math.max(0, n.saving) : null;
  return {
    loading: summary.isPending || household.isPending || profile.isPending,
    // The plan's FI figures, only when they rest on the user's own spending.
    summary: spending !== null ? summary.data : undefined,
    own: { expenses: spending !== null, income: saving !== null, salary: salary !== null, province: !!n?.ownProvince },
    annualExpenses: spending ?? 48000,
    annualSavings: saving ?? 18000,
    invested: summary.data ? investedOf(summary.data, household.data).total : 0,
    salary: salary ?? 75000,
    province: n?.province ?? "ON",
    age: n?.age ?? null,
    retirementAge: n?.retirementAge ?? null,
    returnRate: n?.returnRate ?? 0.06,
    inflation: n?.inflation ?? 0.02,
    risk: profile.data?.risk_tolerance ?? null,
  };
}
type Numbers = ReturnType<typeof useNumbers>;

export default function StrategiesPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some(([k]) => k === params.get("tab")) ? params.get("tab")! : "fire-methods";
  const n = useNumbers();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Financial strategies</h1>
        <p className="text-sm text-muted-foreground">
          Proven approaches to financial independence in Canada, applied to your numbers.
          {!n.loading && !(n.own.expenses && n.own.income) && (
            <> Where you have not saved data yet, an example household is used: <Link className="underline" to="/settings">complete your profile</Link> to make it yours.</>
          )}
        </p>
      </div>
      <Tabs value={tab} onValueChange={(t) => setParams({ tab: t }, { replace: true })}>
        <TabsList aria-label="Strategies" data-tour="strategy-tabs">
          {TABS.map(([k, label]) => <TabsTrigger key={k} value={k} data-tour={`strategy-${k}`}>{label}</TabsTrigger>)}
        </TabsList>
        <TabsContent value="fire-methods">{n.loading ? <Loading /> : <FireMethods n={n} />}</TabsContent>
        <TabsContent value="investment">{n.loading ? <Loading /> : <Investment n={n} />}</TabsContent>
        <TabsContent value="tax">{n.loading ? <Loading /> : <TaxStrategies n={n} />}</TabsContent>
      </Tabs>
    </div>
  );
}

function Loading() {
  return (
    <div aria-label="Loading strategies" role="status" className="grid gap-4 sm:grid-cols-2">
      {[0, 1, 2, 3].map((i) => <Skeleton key={i} className="h-40" />)}
    </div>
  );
}

function Strategy({ title, badge, children, testId }: { title: string; badge?: string; children: ReactNode; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle className="text-lg">{title}</CardTitle>
          {badge && <Badge variant="secondary">{badge}</Badge>}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm leading-relaxed">{children}</CardContent>
    </Card>
  );
}

const yours = (own: boolean) => (own ? "Your numbers" : "Example numbers");

function FireMethods({ n }: { n: Numbers }) {
  const age = n.age ?? 35;
  const body = {
    annual_expenses: n.annualExpenses, current_portfolio: n.invested, multiplier: 25, current_age: age,
    retirement_age: Math.max(age, Math.round(n.retirementAge ?? 65)), barista_annual_income: Math.round(n.annualExpenses * 0.4),
    annual_return: n.returnRate, inflation: n.inflation,
  };
  // The variants are rules of thumb on the user's spending (or the example household's); the plan's own FI date
  // and FIRE number, taxes and benefits counted, come from the plan summary and are said to be the plan's.
  const variants = useCalc("/api/v1/calc/fire-variants", body, 0);
  const plan = n.summary;
  const w = variants.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-busy={variants.isFetching}>
      <Strategy title="Traditional FIRE" badge={yours(n.own.expenses)} testId="strategy-traditional">
        <p>Save until your investments can pay your spending for life, then live on them. The rule of thumb is 25 times your yearly spending, withdrawing about 4% a year.</p>
        <p>
          Spending {formatCurrency(n.annualExpenses, { wholeDollars: true })} a year, the rule of thumb says{" "}
          <strong>{formatCurrency(plan?.rule_of_thumb ?? w?.fire_number, { wholeDollars: true })}</strong>.
        </p>
        {plan && (
          <p data-testid="strategy-plan">
            Your plan, with taxes, CPP and OAS counted, needs <strong>{formatCurrency(plan.fire_number, { wholeDollars: true })}</strong> invested
            {plan.fi_date
              ? <> and makes you independent in <strong>{formatMonth(plan.fi_date)}</strong>. That is the figure that counts.</>
              : <>; it does not reach independence before its horizon.</>}
          </p>
        )}
      </Strategy>
      <Strategy title="Lean FIRE" badge={yours(n.own.expenses)}>
        <p>Retire sooner on a tight budget: essentials only, little margin for surprises.</p>
        <p>Rule-of-thumb target: <strong>{formatCurrency(w?.lean_fire_number, { wholeDollars: true })}</strong>. Works best with a paid-off home and low fixed costs.</p>
      </Strategy>
      <Strategy title="Fat FIRE" badge={yours(n.own.expenses)}>
        <p>Keep a generous lifestyle in retirement: travel, hobbies and a buffer for bad markets.</p>
        <p>Rule-of-thumb target: <strong>{formatCurrency(w?.fat_fire_number, { wholeDollars: true })}</strong>, which takes longer to reach but leaves room for a lower withdrawal rate.</p>
      </Strategy>
      <Strategy title="Coast FIRE" badge={yours(n.own.expenses)}>
        <p>Invest enough early that growth alone reaches the rule-of-thumb FIRE number by {body.retirement_age}; after that you only need to cover today's spending.</p>
        <p>
          Coast number today: <strong>{formatCurrency(w?.coast_fire_number, { wholeDollars: true })}</strong>
          {w?.coast_reached ? ": you have reached it." : `; you have ${formatCurrency(n.invested, { wholeDollars: true })} invested.`}
        </p>
      </Strategy>
      <Strategy title="Barista FIRE" badge={yours(n.own.expenses)}>
        <p>Leave full-time work early and let part-time income cover part of your spending, so the portfolio can be smaller.</p>
        <p>
          With part-time income of {formatCurrency(body.barista_annual_income, { wholeDollars: true })} a year, the target drops to{" "}
          <strong>{formatCurrency(w?.barista_fire_number, { wholeDollars: true })}</strong>.
        </p>
      </Strategy>
      <Strategy title="Raise your savings rate" badge={yours(n.own.income)}>
        <p>The savings rate decides time to FI more than returns do: 20% is the usual floor, 50% roughly halves the working years.</p>
        <p>
          You save {formatCurrency(n.annualSavings, { wholeDollars: true })} a year. Try the <Link className="underline" to="/analysis">what-if sliders</Link> or the{" "}
          <Link className="underline" to="/calculators?tab=fire">FIRE calculator</Link> to see how more saving moves your date.
        </p>
      </Strategy>
    </div>
  );
}

function Investment({ n }: { n: Numbers }) {
  const tax = useCalc("/api/v1/calc/tax", { year: YEAR, province: n.province, employment_income: n.salary }, 0);
  const marginal = tax.data?.marginal_rate ?? null;
  const order = useCalc("/api/v1/calc/contribution-order", marginal === null ? null : {
    annual_budget: n.annualSavings, tfsa_room: 7000, rrsp_room: Math.min(Math.round(n.salary * 0.18), 33810), fhsa_room: 8000,
    first_time_home_buyer: false, marginal_rate_now: marginal, marginal_rate_retirement: 0.2, expected_return: 0.05,
  }, 0);
  const portfolio = Math.max(n.invested, 10000);
  const cheap = useCalc("/api/v1/calc/investment", { initial: portfolio, contribution: Math.round(n.annualSavings / 12), years: 25, annual_return: 0.06, mer: 0.002, inflation: 0.02 }, 0);
  const dear = useCalc("/api/v1/calc/investment", { initial: portfolio, contribution: Math.round(n.annualSavings / 12), years: 25, annual_return: 0.06, mer: 0.02, inflation: 0.02 }, 0);
  const risk = (n.risk ?? "").toLowerCase();
  const stocks = risk.includes("conserv") || risk === "low" ? 40 : risk.includes("aggress") || risk === "high" ? 90 : 60;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Strategy title="Which account first" badge={yours(n.own.income && n.own.salary)} testId="strategy-order">
        <p>Fill accounts in the order that saves the most tax for your marginal rate{marginal !== null && <> ({formatPercent(marginal)})</>}. For your {formatCurrency(n.annualSavings, { wholeDollars: true })} a year:</p>
        {order.data && order.data.allocations.length === 0 ? (
          <p data-testid="strategy-order-empty">Nothing is left over to save each month yet: once it is, this shows which account comes first.</p>
        ) : order.data ? (
          <ol className="list-decimal pl-5">
            {order.data.allocations.map((a) => <li key={a.account}><strong>{accountLabel(a.account)}</strong>: {formatCurrency(a.amount, { wholeDollars: true })} — {a.reason}</li>)}
          </ol>
        ) : order.error || tax.error ? <p role="alert">The calculation failed; try again later.</p> : <Skeleton className="h-16" />}
      </Strategy>
      <Strategy title="Low-fee index funds" badge={yours(n.own.income)}>
        <p>Broad index ETFs or all-in-one funds cost 0.2% or less; many mutual funds charge 2%. Over 25 years the difference compounds.</p>
        {cheap.data && dear.data ? (
          <p>
            Starting from {formatCurrency(portfolio, { wholeDollars: true })} and adding {formatCurrency(Math.round(n.annualSavings / 12), { wholeDollars: true })} a month at 6%:{" "}
            <strong>{formatCurrency(cheap.data.future_value, { wholeDollars: true })}</strong> at a 0.2% MER against{" "}
            <strong>{formatCurrency(dear.data.future_value, { wholeDollars: true })}</strong> at 2%: fees would cost you {formatCurrency(cheap.data.future_value - dear.data.future_value, { wholeDollars: true })}.
          </p>
        ) : <Skeleton className="h-12" />}
      </Strategy>
      <Strategy title="An asset mix you can hold" badge={n.risk ? "Your risk tolerance" : "Example"}>
        <p>Choose a stock/bond split you will keep through a 30% fall, then rebalance once a year.</p>
        <p>{n.risk ? `With a ${n.risk} risk tolerance` : "For a balanced investor"}, about <strong>{stocks}% stocks and {100 - stocks}% bonds</strong> is a common starting point; an all-in-one ETF keeps it balanced for you.</p>
      </Strategy>
      <Strategy title="Emergency fund first">
        <p>Keep 3 to 6 months of spending in a high-interest savings account before investing, so a job loss never forces you to sell low.</p>
        <p>For you that is {formatCurrency(n.annualExpenses / 4, { wholeDollars: true })} to {formatCurrency(n.annualExpenses / 2, { wholeDollars: true })}.</p>
      </Strategy>
    </div>
  );
}

function TaxStrategies({ n }: { n: Numbers }) {
  const compare = useCalc("/api/v1/calc/rrsp-vs-tfsa", { pre_tax_amount: 10000, years: 25, annual_return: 0.05, province: n.province, year: YEAR, income_now: n.salary, income_retirement: Math.round(n.annualExpenses) }, 0);
  const refund = useCalc("/api/v1/calc/tax", { year: YEAR, province: n.province, employment_income: n.salary, rrsp_deduction: Math.min(10000, n.salary) }, 0);
  const oas = useCalc("/api/v1/calc/oas", { start_age: 65, year: YEAR, net_income: Math.round(n.annualExpenses * 1.2) }, 0);
  const c = compare.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Strategy title="RRSP or TFSA" badge={yours(n.own.salary)} testId="strategy-rrsp-tfsa">
        <p>The RRSP wins when your tax rate now is higher than in retirement; the TFSA wins when it is lower, and keeps withdrawals out of income-tested benefits.</p>
        {c ? (
          <p>
            For {formatCurrency(10000, { wholeDollars: true })} invested for 25 years on a salary of {formatCurrency(n.salary, { wholeDollars: true })} in {n.province}: the{" "}
            <strong>{c.better === "rrsp" ? "RRSP" : c.better === "tfsa" ? "TFSA" : "two are equal"}</strong>
            {c.better !== "equal" && <> comes out {formatCurrency(c.advantage, { wholeDollars: true })} ahead</>} (marginal rate {formatPercent(c.marginal_rate_now)} now, {formatPercent(c.marginal_rate_retirement)} in retirement).
          </p>
        ) : <Skeleton className="h-12" />}
      </Strategy>
      <Strategy title="Invest the RRSP refund" badge={yours(n.own.salary)}>
        <p>An RRSP contribution only beats a TFSA if the refund is invested too, ideally in your TFSA.</p>
        {refund.data ? <p>A {formatCurrency(Math.min(10000, n.salary), { wholeDollars: true })} contribution lowers your tax by <strong>{formatCurrency(refund.data.rrsp_tax_saved)}</strong>.</p> : <Skeleton className="h-8" />}
      </Strategy>
      <Strategy title="FHSA for a first home">
        <p>The First Home Savings Account combines both: contributions are deducted like an RRSP and a qualifying withdrawal is tax-free like a TFSA. $8,000 a year, $40,000 in all; unused FHSA money can move to an RRSP without using RRSP room.</p>
      </Strategy>
      <Strategy title="Plan withdrawals around OAS" badge={yours(n.own.expenses)}>
        <p>Drawing down the RRSP in the low-income years between early retirement and 65 evens out your taxes and can keep OAS from being clawed back.</p>
        {oas.data ? (
          <p>
            Above {formatCurrency(oas.data.recovery_threshold, { wholeDollars: true })} of net income, 15% of the excess is recovered from OAS.{" "}
            {Number(oas.data.recovery_tax) > 0
              ? `At a retirement income of ${formatCurrency(n.annualExpenses * 1.2, { wholeDollars: true })} that is ${formatCurrency(oas.data.recovery_tax, { wholeDollars: true })} a year.`
              : `At a retirement income of ${formatCurrency(n.annualExpenses * 1.2, { wholeDollars: true })} you keep all of it.`}
          </p>
        ) : <Skeleton className="h-8" />}
        <p><Link className="underline" to="/tax">See your tax estimate and contribution room</Link></p>
      </Strategy>
    </div>
  );
}

/** /financial-strategies and /strategies: FIRE methods, investment and tax strategies in three tabs, worked out
 * with the user's own numbers, read from the household plan (its FI date and FIRE number, spending, saving, pay,
 * province and what is invested), through the calculators, and with example numbers (said so) where the plan has
 * none. */
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
import { investedOf, planNumbers } from "@/lib/user-numbers";
import { msg } from "@firepath/shared/i18n/messages";
import { Message, useFormat, useT } from "@/lib/i18n";

const TABS = [["fire-methods", msg("strategies.tab.fire")], ["investment", msg("strategies.tab.investment")], ["tax", msg("strategies.tab.tax")]] as const;
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
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = TABS.some(([k]) => k === params.get("tab")) ? params.get("tab")! : "fire-methods";
  const n = useNumbers();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t("strategies.strategies.financialStrategies")}</h1>
        <p className="text-sm text-muted-foreground">
          {t("strategies.strategies.provenApproachesToFinancial")}
          {!n.loading && !(n.own.expenses && n.own.income) && (
            <> <Message id="strategies.example" values={{ link: (c) => <Link className="underline" to="/settings">{c}</Link> }} /></>
          )}
        </p>
      </div>
      <Tabs value={tab} onValueChange={(t) => setParams({ tab: t }, { replace: true })}>
        <TabsList aria-label={t("strategies.strategies.strategies")} data-tour="strategy-tabs">
          {TABS.map(([k, label]) => <TabsTrigger key={k} value={k} data-tour={`strategy-${k}`}>{t(label)}</TabsTrigger>)}
        </TabsList>
        <TabsContent value="fire-methods">{n.loading ? <Loading /> : <FireMethods n={n} />}</TabsContent>
        <TabsContent value="investment">{n.loading ? <Loading /> : <Investment n={n} />}</TabsContent>
        <TabsContent value="tax">{n.loading ? <Loading /> : <TaxStrategies n={n} />}</TabsContent>
      </Tabs>
    </div>
  );
}

function Loading() {
  const t = useT();
  return (
    <div aria-label={t("strategies.strategies.loadingStrategies")} role="status" className="grid gap-4 sm:grid-cols-2">
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

const yours = (own: boolean) => (own ? msg("strategies.yourNumbers") : msg("strategies.exampleNumbers"));

function FireMethods({ n }: { n: Numbers }) {
  const fmt = useFormat();
  const t = useT();
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
      <Strategy title={t("strategies.strategies.traditionalFire")} badge={t(yours(n.own.expenses))} testId="strategy-traditional">
        <p>{t("strategies.strategies.saveUntilYourInvestments")}</p>
        <p>
          <Message id="strategies.traditional.spending" values={{ annualExpenses: fmt.money(n.annualExpenses, { wholeDollars: true }), target: fmt.money(plan?.rule_of_thumb ?? w?.fire_number, { wholeDollars: true }), b: (c) => <strong>{c}</strong> }} />
        </p>
        {plan && (
          <p data-testid="strategy-plan">
            <Message
              id={plan.fi_date ? "strategies.traditional.plan" : "strategies.traditional.planShort"}
              values={{ fireNumber: fmt.money(plan.fire_number, { wholeDollars: true }), fiDate: fmt.month(plan.fi_date), b: (c) => <strong>{c}</strong> }}
            />
          </p>
        )}
      </Strategy>
      <Strategy title={t("strategies.strategies.leanFire")} badge={t(yours(n.own.expenses))}>
        <p>{t("strategies.strategies.retireSoonerOnA")}</p>
        <p>{t("strategies.strategies.ruleOfThumbTarget")} <strong>{fmt.money(w?.lean_fire_number, { wholeDollars: true })}</strong>{t("strategies.strategies.worksBestWithA")}</p>
      </Strategy>
      <Strategy title={t("strategies.strategies.fatFire")} badge={t(yours(n.own.expenses))}>
        <p>{t("strategies.strategies.keepAGenerousLifestyle")}</p>
        <p>{t("strategies.strategies.ruleOfThumbTarget")} <strong>{fmt.money(w?.fat_fire_number, { wholeDollars: true })}</strong>{t("strategies.strategies.whichTakesLongerTo")}</p>
      </Strategy>
      <Strategy title={t("strategies.strategies.coastFire")} badge={t(yours(n.own.expenses))}>
        <p>{t("strategies.strategies.investEnoughEarlyThat", { retirement_age: body.retirement_age })}</p>
        <p>
          {t("strategies.strategies.coastNumberToday")} <strong>{fmt.money(w?.coast_fire_number, { wholeDollars: true })}</strong>
          {w?.coast_reached ? t("strategies.strategies.youHaveReachedIt") : t("strategies.strategies.youHaveInvested", { invested: fmt.money(n.invested, { wholeDollars: true }) })}
        </p>
      </Strategy>
      <Strategy title={t("strategies.strategies.baristaFire")} badge={t(yours(n.own.expenses))}>
        <p>{t("strategies.strategies.leaveFullTimeWork")}</p>
        <p>
          <Message
            id="strategies.barista.target"
            values={{ income: fmt.money(body.barista_annual_income, { wholeDollars: true }), target: fmt.money(w?.barista_fire_number, { wholeDollars: true }), b: (c) => <strong>{c}</strong> }}
          />
        </p>
      </Strategy>
      <Strategy title={t("strategies.strategies.raiseYourSavingsRate")} badge={t(yours(n.own.income))}>
        <p>{t("strategies.strategies.theSavingsRateDecides")}</p>
        <p>
          <Message
            id="strategies.savingsRate.try"
            values={{
              annualSavings: fmt.money(n.annualSavings, { wholeDollars: true }),
              sliders: (c) => <Link className="underline" to="/analysis">{c}</Link>,
              calculator: (c) => <Link className="underline" to="/calculators?tab=fire">{c}</Link>,
            }}
          />
        </p>
      </Strategy>
    </div>
  );
}

function Investment({ n }: { n: Numbers }) {
  const fmt = useFormat();
  const t = useT();
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
      <Strategy title={t("strategies.strategies.whichAccountFirst")} badge={t(yours(n.own.income && n.own.salary))} testId="strategy-order">
        <p>{marginal !== null
          ? t("strategies.order.introRate", { rate: fmt.percent(marginal), annualSavings: fmt.money(n.annualSavings, { wholeDollars: true }) })
          : t("strategies.order.intro", { annualSavings: fmt.money(n.annualSavings, { wholeDollars: true }) })}</p>
        {order.data && order.data.allocations.length === 0 ? (
          <p data-testid="strategy-order-empty">{t("strategies.strategies.nothingIsLeftOver")}</p>
        ) : order.data ? (
          <ol className="list-decimal pl-5">
            {order.data.allocations.map((a) => <li key={a.account}><Message id="strategies.order.item" values={{ account: accountLabel(a.account, t), amount: fmt.money(a.amount, { wholeDollars: true }), reason: a.reason, b: (c) => <strong>{c}</strong> }} /></li>)}
          </ol>
        ) : order.error || tax.error ? <p role="alert">{t("strategies.strategies.theCalculationFailedTry")}</p> : <Skeleton className="h-16" />}
      </Strategy>
      <Strategy title={t("strategies.strategies.lowFeeIndexFunds")} badge={t(yours(n.own.income))}>
        <p>{t("strategies.strategies.broadIndexEtfsOr")}</p>
        {cheap.data && dear.data ? (
          <p>
            <Message
              id="strategies.fees.compare"
              values={{
                portfolio: fmt.money(portfolio, { wholeDollars: true }), monthly: fmt.money(Math.round(n.annualSavings / 12), { wholeDollars: true }),
                cheap: fmt.money(cheap.data.future_value, { wholeDollars: true }), dear: fmt.money(dear.data.future_value, { wholeDollars: true }),
                cost: fmt.money(cheap.data.future_value - dear.data.future_value, { wholeDollars: true }), b: (c) => <strong>{c}</strong>,
              }}
            />
          </p>
        ) : <Skeleton className="h-12" />}
      </Strategy>
      <Strategy title={t("strategies.strategies.anAssetMixYou")} badge={n.risk ? t("strategies.strategies.yourRiskTolerance") : t("strategies.strategies.example")}>
        <p>{t("strategies.strategies.chooseAStockBond")}</p>
        <p>
          <Message
            id={n.risk ? "strategies.mix.withRisk" : "strategies.mix.balanced"}
            values={{ risk: n.risk ?? "", stocks: fmt.percent(stocks / 100, { digits: 0 }), bonds: fmt.percent((100 - stocks) / 100, { digits: 0 }), b: (c) => <strong>{c}</strong> }}
          />
        </p>
      </Strategy>
      <Strategy title={t("strategies.strategies.emergencyFundFirst")}>
        <p>{t("strategies.strategies.keep3To6")}</p>
        <p>{t("strategies.strategies.forYouThatIs", { value: fmt.money(n.annualExpenses / 4, { wholeDollars: true }), value2: fmt.money(n.annualExpenses / 2, { wholeDollars: true }) })}</p>
      </Strategy>
    </div>
  );
}

function TaxStrategies({ n }: { n: Numbers }) {
  const fmt = useFormat();
  const t = useT();
  const compare = useCalc("/api/v1/calc/rrsp-vs-tfsa", { pre_tax_amount: 10000, years: 25, annual_return: 0.05, province: n.province, year: YEAR, income_now: n.salary, income_retirement: Math.round(n.annualExpenses) }, 0);
  const refund = useCalc("/api/v1/calc/tax", { year: YEAR, province: n.province, employment_income: n.salary, rrsp_deduction: Math.min(10000, n.salary) }, 0);
  const oas = useCalc("/api/v1/calc/oas", { start_age: 65, year: YEAR, net_income: Math.round(n.annualExpenses * 1.2) }, 0);
  const c = compare.data;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Strategy title={t("strategies.strategies.rrspOrTfsa")} badge={t(yours(n.own.salary))} testId="strategy-rrsp-tfsa">
        <p>{t("strategies.strategies.theRrspWinsWhen")}</p>
        {c ? (
          <p>
            {t("strategies.strategies.forInvestedFor25", { value: fmt.money(10000, { wholeDollars: true }), salary: fmt.money(n.salary, { wholeDollars: true }), province: n.province })}&#32;
            <Message
              id="strategies.rrspTfsa.result"
              values={{
                better: c.better, advantage: fmt.money(c.advantage, { wholeDollars: true }),
                now: fmt.percent(c.marginal_rate_now), later: fmt.percent(c.marginal_rate_retirement), b: (c) => <strong>{c}</strong>,
              }}
            />
          </p>
        ) : <Skeleton className="h-12" />}
      </Strategy>
      <Strategy title={t("strategies.strategies.investTheRrspRefund")} badge={t(yours(n.own.salary))}>
        <p>{t("strategies.strategies.anRrspContributionOnly")}</p>
        {refund.data ? <p><Message id="strategies.refund.lowers" values={{ amount: fmt.money(Math.min(10000, n.salary), { wholeDollars: true }), saved: fmt.money(refund.data.rrsp_tax_saved), b: (c) => <strong>{c}</strong> }} /></p> : <Skeleton className="h-8" />}
      </Strategy>
      <Strategy title={t("strategies.strategies.fhsaForAFirst")}>
        <p>{t("strategies.strategies.theFirstHomeSavings")}</p>
      </Strategy>
      <Strategy title={t("strategies.strategies.planWithdrawalsAroundOas")} badge={t(yours(n.own.expenses))}>
        <p>{t("strategies.strategies.drawingDownTheRrsp")}</p>
        {oas.data ? (
          <p>
            {t("strategies.strategies.aboveOfNetIncome", { recovery_threshold: fmt.money(oas.data.recovery_threshold, { wholeDollars: true }) })}&#32;
            {Number(oas.data.recovery_tax) > 0 ? t("strategies.strategies.atARetirementIncome", { value: fmt.money(n.annualExpenses * 1.2, { wholeDollars: true }), recovery_tax: fmt.money(oas.data.recovery_tax, { wholeDollars: true }) }) : t("strategies.strategies.atARetirementIncome2", { value: fmt.money(n.annualExpenses * 1.2, { wholeDollars: true }) })}
          </p>
        ) : <Skeleton className="h-8" />}
        <p><Link className="underline" to="/tax">{t("strategies.strategies.seeYourTaxEstimate")}</Link></p>
      </Strategy>
    </div>
  );
}

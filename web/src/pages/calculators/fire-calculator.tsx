/** FIRE: the FIRE number, savings rate and time to FI (/calc/fire) and the Lean, Fat, Coast and Barista numbers
 * (/calc/fire-variants), a simple model (a fixed withdrawal rate, no tax or benefits). Starts from the household
 * plan when there is one, and then shows the plan's own FI date and FIRE number beside the calculator's answer, so
 * the two are never mistaken for each other: the plan's is the one that counts. */
import type { NumField } from "@firepath/shared/calc-fields";
import { useEffect, useRef, useState, useMemo } from "react";
import { type CalcBody, useCalc } from "@/api/calc";
import { type PlanSummary, useHouseholdPlan, usePlanSummary } from "@/api/plan";
import { CALC_LAYOUT, FieldGrid, Results, Stat, useCalcForm } from "@/components/calc/calc-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { fireSeed } from "@firepath/shared/plan-numbers";
import { Message, useFormat, useT } from "@/lib/i18n";
import type { Translate } from "@firepath/shared/i18n/messages";

const fieldsFields = (t: Translate): NumField[] => [
  { name: "annual_expenses", label: t("calculators.field.annualExpenses"), kind: "money", required: true },
  { name: "withdrawal_rate", label: t("calculators.field.withdrawalRate"), kind: "percent", min: 1, max: 100, required: true, hint: t("calculators.field.withdrawalRateHint") },
  { name: "annual_income", label: t("calculators.field.annualIncome"), kind: "money", hint: t("calculators.field.annualIncomeHint") },
  { name: "annual_savings", label: t("calculators.field.annualSavings"), kind: "money" },
  { name: "current_portfolio", label: t("calculators.field.currentPortfolio"), kind: "money" },
  { name: "annual_return", label: t("calculators.field.annualReturn"), kind: "percent", above: -100, max: 100, required: true },
  { name: "inflation", label: t("calculators.field.inflation"), kind: "percent", min: -50, max: 100, required: true },
  { name: "current_age", label: t("calculators.field.currentAge"), kind: "integer", min: 0, max: 120, required: true },
  { name: "retirement_age", label: t("calculators.field.retirementAge"), kind: "integer", min: 0, max: 120, required: true, hint: t("calculators.field.retirementAgeHint") },
  { name: "barista_annual_income", label: t("calculators.field.baristaAnnualIncome"), kind: "money", hint: t("calculators.field.baristaAnnualIncomeHint") },
];

export function FireCalculator() {
  const fmt = useFormat();
  const t = useT();
  const FIELDS = useMemo(() => fieldsFields(t), [t]);
  const form = useCalcForm(FIELDS, {
    annual_expenses: "48000", withdrawal_rate: "4", annual_income: "80000", annual_savings: "24000", current_portfolio: "50000",
    annual_return: "7", inflation: "2", current_age: "35", retirement_age: "55", barista_annual_income: "20000",
  });
  // Start from the household plan once, before the user edits anything.
  const summary = usePlanSummary();
  const household = useHouseholdPlan();
  const seeded = useRef(false);
  const [fromPlan, setFromPlan] = useState<PlanSummary | null>(null);
  const { setRaw } = form;
  useEffect(() => {
    if (seeded.current || summary.isPending || household.isPending) return;
    seeded.current = true;
    if (!summary.data || !household.data) return; // no plan (an error): keep the example numbers
    const seed = fireSeed(summary.data, household.data);
    if (!seed.annual_expenses) return; // no spending: the plan has no FI date to compare with
    setFromPlan(summary.data);
    setRaw((r) => ({ ...r, ...seed }));
  }, [summary.isPending, summary.data, household.isPending, household.data, setRaw]);

  const v = form.values;
  const ageError = form.ok && v.retirement_age! < v.current_age! ? t("calculators.fireCalculator.retirementAgeMustBe") : undefined;
  const ok = form.ok && !ageError;
  const multiplier = ok ? Math.round((1 / v.withdrawal_rate!) * 10000) / 10000 : 25;
  const fireBody: CalcBody<"/api/v1/calc/fire"> | null = ok
    ? {
        annual_expenses: v.annual_expenses!, multiplier, annual_income: v.annual_income ?? null, annual_savings: v.annual_savings ?? 0,
        current_portfolio: v.current_portfolio ?? 0, annual_return: v.annual_return!, inflation: v.inflation!,
      }
    : null;
  const variantsBody: CalcBody<"/api/v1/calc/fire-variants"> | null = ok
    ? {
        annual_expenses: v.annual_expenses!, multiplier, current_portfolio: v.current_portfolio ?? 0, current_age: v.current_age!,
        retirement_age: v.retirement_age!, barista_annual_income: v.barista_annual_income ?? 0, annual_return: v.annual_return!, inflation: v.inflation!,
      }
    : null;
  const fire = useCalc("/api/v1/calc/fire", fireBody);
  const variants = useCalc("/api/v1/calc/fire-variants", variantsBody);
  const f = fire.data;
  const w = variants.data;
  const errors = ageError ? { ...form.errors, retirement_age: ageError } : form.errors;

  return (
    <div className={CALC_LAYOUT}>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("calculators.fireCalculator.yourNumbers")}</CardTitle>
          <CardDescription>{fromPlan ? t("calculators.fireCalculator.filledInFromYour") : t("calculators.fireCalculator.resultsUpdateAsYou")}</CardDescription>
        </CardHeader>
        <CardContent>
          <FieldGrid fields={FIELDS} form={{ ...form, errors }} prefix="fire" />
        </CardContent>
      </Card>
      <div className="flex flex-col gap-4">
      {fromPlan && <PlanFigures plan={fromPlan} />}
      <Results
        label={t("calculators.fireCalculator.fireResults")}
        invalid={!ok}
        error={fire.error ?? variants.error}
        loading={(fire.isPending && !f) || (variants.isPending && !w)}
        pending={fire.pending || variants.pending}
        summary={f && (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label={fromPlan ? t("calculators.fireCalculator.fireNumberThisCalculator") : t("calculators.fireCalculator.fireNumber")} value={fmt.money(f.fire_number, { wholeDollars: true })} testId="fire-number" emphasis
              detail={t("calculators.fireCalculator.yearlySpendingAWithdrawal", { multiplier: fmt.number(multiplier, { digits: 2 }), withdrawal_rate: fmt.percent(f.withdrawal_rate, { digits: 2 }) })} />
            <Stat label={fromPlan ? t("calculators.fireCalculator.timeToFiThis") : t("calculators.fireCalculator.timeToFi")} value={f.years_to_fi === null ? t("calculators.fireCalculator.notReachedIn100") : t("calculators.fireCalculator.years", { years_to_fi: fmt.number(f.years_to_fi, { digits: 1 }) })}
              detail={f.months_to_fi !== null ? t("calculators.fireCalculator.monthsInTodayS", { months_to_fi: f.months_to_fi }) : t("calculators.fireCalculator.saveMoreOrSpend")} testId="fire-years" />
            <Stat label={t("calculators.fireCalculator.savingsRate")} value={f.savings_rate === null ? "—" : fmt.percent(f.savings_rate)} detail={t("calculators.fireCalculator.savingsOverTakeHome")} />
            {w && <Stat label={t("calculators.fireCalculator.coastFireNumber")} value={w.coast_fire_number === null ? "—" : fmt.money(w.coast_fire_number, { wholeDollars: true })}
              detail={w.coast_reached ? t("calculators.fireCalculator.reachedGrowthAloneGets") : t("calculators.fireCalculator.investedByNowGrowth", { years_to_retirement: w.years_to_retirement })} />}
            {w && <Stat label={t("calculators.fireCalculator.leanFire")} value={fmt.money(w.lean_fire_number, { wholeDollars: true })} detail={t("calculators.fireCalculator.aLeanerBudget")} />}
            {w && <Stat label={t("calculators.fireCalculator.fatFire")} value={fmt.money(w.fat_fire_number, { wholeDollars: true })} detail={t("calculators.fireCalculator.aMoreGenerousBudget")} />}
            {w && <Stat label={t("calculators.fireCalculator.baristaFire")} value={fmt.money(w.barista_fire_number, { wholeDollars: true })} detail={t("calculators.fireCalculator.withThePartTime")} />}
          </dl>
        )}
      >
        {f?.assumptions.notes?.length ? (
          <ul className="list-disc pl-5 text-xs text-muted-foreground">
            {(f.assumptions.notes ?? []).map((n) => <li key={n}>{n}</li>)}
          </ul>
        ) : null}
      </Results>
      </div>
    </div>
  );
}

/** The plan's own answer, beside the calculator's: what it counts that this calculator does not. */
function PlanFigures({ plan }: { plan: PlanSummary }) {
  const fmt = useFormat();
  const t = useT();
  return (
    <section aria-labelledby="fire-plan-title" className="rounded-lg border border-primary/50 bg-primary/5 p-4 text-sm" data-testid="fire-plan">
      <h3 id="fire-plan-title" className="font-semibold">
        {plan.fi_date
          ? <Message id="calculators.fire.planDate" values={{ date: fmt.month(plan.fi_date), d: (c) => <span data-testid="fire-plan-date">{c}</span> }} />
          : <>{t("calculators.fireCalculator.yourPlanNotIndependent")}</>}
      </h3>
      {plan.fire_number != null && (
        <p className="mt-1">
          <Message id="calculators.fire.planNumber" values={{ amount: fmt.money(plan.fire_number, { wholeDollars: true }), b: (c) => <strong className="tabular-nums" data-testid="fire-plan-number">{c}</strong> }} />
        </p>
      )}
      <p className="mt-1 text-muted-foreground">
        {t("calculators.fireCalculator.thisCalculatorIsA")}
      </p>
    </section>
  );
}

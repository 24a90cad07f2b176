/** FIRE: the FIRE number, savings rate and time to FI (/calc/fire) and the Lean, Fat, Coast and Barista numbers
 * (/calc/fire-variants), as the web's calculator. It starts from the household plan (the web's fire-seed source),
 * and then shows the plan's own FI date and FIRE number beside its simple answer: the plan's is the one that counts. */
import type { NumField } from "@firepath/shared/calc-fields";
import { useEffect, useMemo, useRef, useState } from "react";
import { FormattedMessage } from "react-intl";
import { Text } from "react-native";
import { Body, Button, Card, Money } from "@/components/ui";
import { type PlanSummary, usePlanSummary } from "@/features/plan/plan-api";
import { type AppTranslate, useFormat, useT } from "@/lib/i18n";
import { useColours } from "@/lib/theme";
import { type CalcBody, useCalc, useHouseholdPlan } from "./calc-api";
import { FieldList, figureStyle, Notes, Results, Stat, useCalcForm } from "./calc-parts";
import { fireSeed } from "@firepath/shared/plan-numbers";

/** The FIRE calculator's fields, named in the language shown (the web's ids). */
export const fireFields = (t: AppTranslate): NumField[] => [
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

export const FIRE_EXAMPLE = {
  annual_expenses: "48000", withdrawal_rate: "4", annual_income: "80000", annual_savings: "24000", current_portfolio: "50000",
  annual_return: "7", inflation: "2", current_age: "35", retirement_age: "55", barista_annual_income: "20000",
};

export function FireCalculator() {
  const t = useT();
  const fmt = useFormat();
  const fields = useMemo(() => fireFields(t), [t]);
  const form = useCalcForm(fields, FIRE_EXAMPLE);
  // Start from the household plan once, before the user edits anything.
  const summary = usePlanSummary();
  const household = useHouseholdPlan();
  const seeded = useRef(false);
  const [fromPlan, setFromPlan] = useState<PlanSummary | null>(null);
  const { fill } = form;
  const seed = summary.data && household.data ? fireSeed(summary.data, household.data) : null;
  const usable = seed?.annual_expenses ? seed : null; // no spending: the plan has no FI date to compare with
  useEffect(() => {
    if (seeded.current || summary.isPending || household.isPending) return;
    seeded.current = true;
    if (!usable || !summary.data) return; // no plan (an error): keep the example numbers
    setFromPlan(summary.data);
    fill(usable);
  }, [summary.isPending, summary.data, household.isPending, usable, fill]);

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
    <>
      <Card title={t("calculators.fireCalculator.yourNumbers")}>
        <Body muted>{fromPlan ? t("calculators.fireCalculator.filledInFromYour") : t("calculators.fireCalculator.resultsUpdateAsYou")}</Body>
        {usable ? (
          <Button
            label={t("app.calc.fillFromPlan")}
            variant="secondary"
            accessibilityHint={t("app.calc.fillFromPlanHint")}
            onPress={() => {
              setFromPlan(summary.data ?? null);
              fill(usable);
            }}
          />
        ) : null}
        <FieldList fields={fields} form={form} errors={errors} />
      </Card>
      {fromPlan ? <PlanFigures plan={fromPlan} /> : null}
      <Results label={t("calculators.fireCalculator.fireResults")} invalid={!ok} query={{ ...fire, error: fire.error ?? variants.error, pending: fire.pending || variants.pending }}>
        {f ? (
          <>
            <Stat
              label={fromPlan ? t("calculators.fireCalculator.fireNumberThisCalculator") : t("calculators.fireCalculator.fireNumber")}
              value={<Money value={f.fire_number} style={figureStyle(true)} />}
              testID="fire-number"
              emphasis
              detail={t("calculators.fireCalculator.yearlySpendingAWithdrawal", {
                multiplier: fmt.number(multiplier, { digits: 2 }),
                withdrawal_rate: fmt.percent(f.withdrawal_rate, { digits: 2 }),
              })}
            />
            <Stat
              label={fromPlan ? t("calculators.fireCalculator.timeToFiThis") : t("calculators.fireCalculator.timeToFi")}
              value={
                f.years_to_fi === null
                  ? t("calculators.fireCalculator.notReachedIn100")
                  : t("calculators.fireCalculator.years", { years_to_fi: fmt.number(f.years_to_fi, { digits: 1 }) })
              }
              detail={
                f.months_to_fi !== null
                  ? t("calculators.fireCalculator.monthsInTodayS", { months_to_fi: fmt.number(f.months_to_fi) })
                  : t("calculators.fireCalculator.saveMoreOrSpend")
              }
              testID="fire-years"
            />
            <Stat
              label={t("calculators.fireCalculator.savingsRate")}
              value={f.savings_rate === null ? "—" : fmt.percent(f.savings_rate)}
              detail={t("calculators.fireCalculator.savingsOverTakeHome")}
            />
            {w ? (
              <>
                <Stat
                  label={t("calculators.fireCalculator.coastFireNumber")}
                  value={w.coast_fire_number === null ? "—" : <Money value={w.coast_fire_number} style={figureStyle()} />}
                  detail={
                    w.coast_reached
                      ? t("calculators.fireCalculator.reachedGrowthAloneGets")
                      : t("calculators.fireCalculator.investedByNowGrowth", { years_to_retirement: w.years_to_retirement })
                  }
                />
                <Stat
                  label={t("calculators.fireCalculator.leanFire")}
                  value={<Money value={w.lean_fire_number} style={figureStyle()} />}
                  detail={t("calculators.fireCalculator.aLeanerBudget")}
                />
                <Stat
                  label={t("calculators.fireCalculator.fatFire")}
                  value={<Money value={w.fat_fire_number} style={figureStyle()} />}
                  detail={t("calculators.fireCalculator.aMoreGenerousBudget")}
                />
                <Stat
                  label={t("calculators.fireCalculator.baristaFire")}
                  value={<Money value={w.barista_fire_number} style={figureStyle()} />}
                  detail={t("calculators.fireCalculator.withThePartTime")}
                />
              </>
            ) : null}
            <Notes notes={f.assumptions.notes} />
          </>
        ) : null}
      </Results>
    </>
  );
}

/** The plan's own answer, beside the calculator's: what it counts that this calculator does not. */
function PlanFigures({ plan }: { plan: PlanSummary }) {
  const c = useColours();
  const t = useT();
  const fmt = useFormat();
  const fireNumber = plan.fire_number;
  return (
    <Card testID="fire-plan">
      <Text accessibilityRole="header" style={{ color: c.text, fontWeight: "700", fontSize: 16 }} testID="fire-plan-heading">
        {plan.fi_date ? (
          <FormattedMessage id="calculators.fire.planDate" values={{ date: fmt.month(plan.fi_date), d: (chunks) => chunks }} />
        ) : (
          t("calculators.fireCalculator.yourPlanNotIndependent")
        )}
      </Text>
      {fireNumber != null ? (
        <Text style={{ color: c.text, fontSize: 16 }}>
          {/* The amount is the Money below (hidden in privacy mode), not the message's own {amount}. */}
          <FormattedMessage
            id="calculators.fire.planNumber"
            values={{ amount: "", b: () => <Money key="amount" value={fireNumber} style={{ fontWeight: "700" }} /> }}
          />
        </Text>
      ) : null}
      <Body muted>{t("calculators.fireCalculator.thisCalculatorIsA")}</Body>
    </Card>
  );
}

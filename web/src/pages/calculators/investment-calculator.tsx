/** Investment growth: future value with regular contributions, fees (MER) and inflation (/calc/investment),
 * with the yearly schedule as a chart and a table, and the contribution needed for an optional target. */
import type { NumField } from "@firepath/shared/calc-fields";
import { useState, useMemo } from "react";
import { type CalcBody, useCalc } from "@/api/calc";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { GrowthChart } from "./calc-charts";
import { CALC_LAYOUT, FieldGrid, Results, Stat, useCalcForm } from "@/components/calc/calc-form";
import { DataTable } from "./data-table";
import { useT, useFormat } from "@/lib/i18n";
import { msg, type Translate } from "@firepath/shared/i18n/messages";

const PERIODS = [[12, msg("calculators.period.12")], [26, msg("calculators.period.26")], [24, msg("calculators.period.24")], [52, msg("calculators.period.52")], [4, msg("calculators.period.4")], [2, msg("calculators.period.2")], [1, msg("calculators.period.1")]] as const;
type Periods = (typeof PERIODS)[number][0];

const fieldsFields = (t: Translate): NumField[] => [
  { name: "initial", label: t("calculators.field.initial"), kind: "money" },
  { name: "contribution", label: t("calculators.field.contribution"), kind: "money" },
  { name: "years", label: t("calculators.field.years"), kind: "number", min: 0.01, max: 100, required: true },
  { name: "annual_return", label: t("calculators.field.annualReturn"), kind: "percent", above: -100, max: 100, required: true },
  { name: "mer", label: t("calculators.field.mer"), kind: "percent", min: 0, max: 19.99, hint: t("calculators.field.merHint") },
  { name: "contribution_growth", label: t("calculators.field.contributionGrowth"), kind: "percent", above: -100, max: 100, hint: t("calculators.field.contributionGrowthHint") },
  { name: "inflation", label: t("calculators.field.inflation"), kind: "percent", min: -50, max: 100, required: true },
  { name: "target", label: t("calculators.field.target"), kind: "money", hint: t("calculators.field.targetHint") },
];

export function InvestmentCalculator() {
  const fmt = useFormat();
  const t = useT();
  const FIELDS = useMemo(() => fieldsFields(t), [t]);
  const [periods, setPeriods] = useState<Periods>(12);
  const form = useCalcForm(FIELDS, { initial: "10000", contribution: "500", years: "25", annual_return: "6", mer: "0.25", contribution_growth: "0", inflation: "2", target: "" });
  const v = form.values;
  const body: CalcBody<"/api/v1/calc/investment"> | null = form.ok
    ? {
        initial: v.initial ?? 0, contribution: v.contribution ?? 0, periods_per_year: periods, years: v.years!, annual_return: v.annual_return!,
        mer: v.mer ?? 0, contribution_growth: v.contribution_growth ?? 0, inflation: v.inflation!, target: v.target ?? null,
      }
    : null;
  const calc = useCalc("/api/v1/calc/investment", body);
  const r = calc.data;
  const last = r?.schedule.at(-1);

  return (
    <div className={CALC_LAYOUT}>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("calculators.investmentCalculator.yourInvestment")}</CardTitle>
          <CardDescription>{t("calculators.investmentCalculator.resultsUpdateAsYou")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="investment-periods">{t("calculators.investmentCalculator.contributionFrequency")}</Label>
            <NativeSelect id="investment-periods" value={periods} onChange={(e) => setPeriods(Number(e.target.value) as Periods)}>
              {PERIODS.map(([k, label]) => <option key={k} value={k}>{t(label)}</option>)}
            </NativeSelect>
          </div>
          <FieldGrid fields={FIELDS} form={form} prefix="investment" />
        </CardContent>
      </Card>
      <Results
        label={t("calculators.investmentCalculator.investmentResults")}
        invalid={!form.ok}
        error={calc.error}
        loading={calc.isPending && !r}
        pending={calc.pending}
        summary={r && (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label={t("calculators.investmentCalculator.futureValue")} value={fmt.money(r.future_value, { wholeDollars: true })} testId="investment-future-value" emphasis />
            <Stat label={t("calculators.investmentCalculator.inTodaySDollars")} value={fmt.money(r.future_value_real, { wholeDollars: true })} />
            <Stat label={t("calculators.investmentCalculator.youContribute")} value={fmt.money(r.total_contributions, { wholeDollars: true })} detail={t("calculators.investmentCalculator.includingTheStartingAmount")} />
            <Stat label={t("calculators.investmentCalculator.growth")} value={fmt.money(r.total_growth, { wholeDollars: true })} />
            <Stat label={t("calculators.investmentCalculator.feesCostYou")} value={fmt.money(r.fees_cost, { wholeDollars: true })} detail={t("calculators.investmentCalculator.growthLostToThe")} />
            {r.required_contribution !== null && (
              <Stat label={t("calculators.investmentCalculator.toReachYourTarget")} value={t("calculators.investmentCalculator.aPeriod", { amount: fmt.money(r.required_contribution) })}
                detail={r.periods_to_target !== null ? t("calculators.investmentCalculator.atYourContributionYears", { value: fmt.number(r.periods_to_target / periods, { digits: 1 }) }) : t("calculators.investmentCalculator.notReachedAtYour")} />
            )}
          </dl>
        )}
      >
        {r && last && (
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t("calculators.investmentCalculator.growthByYear")}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <GrowthChart schedule={r.schedule}
                summary={t("calculators.investmentCalculator.chartSummary", { balance: fmt.money(last.balance, { wholeDollars: true }), years: last.year, real: fmt.money(last.balance_real, { wholeDollars: true }), contributions: fmt.money(last.contributions, { wholeDollars: true }) })} />
              <DataTable
                caption={t("calculators.investmentCalculator.investmentGrowthByYear")}
                testId="investment-table"
                columns={[
                  { key: "year", label: t("calculators.investmentCalculator.year") },
                  { key: "contributions", label: t("calculators.investmentCalculator.contributed"), numeric: true },
                  { key: "fees", label: t("calculators.investmentCalculator.fees"), numeric: true },
                  { key: "balance", label: t("calculators.investmentCalculator.balance"), numeric: true },
                  { key: "real", label: t("calculators.investmentCalculator.todaySDollars"), numeric: true },
                ]}
                rows={r.schedule.map((y) => ({
                  year: y.year, contributions: fmt.money(y.contributions), fees: fmt.money(y.fees),
                  balance: fmt.money(y.balance), real: fmt.money(y.balance_real),
                }))}
              />
            </CardContent>
          </Card>
        )}
      </Results>
    </div>
  );
}

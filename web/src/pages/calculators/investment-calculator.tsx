/** Investment growth: future value with regular contributions, fees (MER) and inflation (/calc/investment),
 * with the yearly schedule as a chart and a table, and the contribution needed for an optional target. */
import type { NumField } from "@firepath/shared/calc-fields";
import { formatCurrency, formatNumber } from "@firepath/shared/format";
import { useState } from "react";
import { type CalcBody, useCalc } from "@/api/calc";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { GrowthChart } from "./calc-charts";
import { CALC_LAYOUT, FieldGrid, Results, Stat, useCalcForm } from "@/components/calc/calc-form";
import { DataTable } from "./data-table";

const PERIODS = [[12, "Monthly"], [26, "Bi-weekly"], [24, "Semi-monthly"], [52, "Weekly"], [4, "Quarterly"], [2, "Twice a year"], [1, "Yearly"]] as const;
type Periods = (typeof PERIODS)[number][0];

const FIELDS: NumField[] = [
  { name: "initial", label: "Starting amount", kind: "money" },
  { name: "contribution", label: "Contribution each period", kind: "money" },
  { name: "years", label: "Years", kind: "number", min: 0.01, max: 100, required: true },
  { name: "annual_return", label: "Expected return", kind: "percent", above: -100, max: 100, required: true },
  { name: "mer", label: "Fees (MER)", kind: "percent", min: 0, max: 19.99, hint: "Management expense ratio, yearly" },
  { name: "contribution_growth", label: "Contribution growth", kind: "percent", above: -100, max: 100, hint: "Yearly raise of your contributions" },
  { name: "inflation", label: "Inflation", kind: "percent", min: -50, max: 100, required: true },
  { name: "target", label: "Target (optional)", kind: "money", hint: "Shows the contribution that reaches it" },
];

export function InvestmentCalculator() {
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
          <CardTitle className="text-lg">Your investment</CardTitle>
          <CardDescription>Results update as you type.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="investment-periods">Contribution frequency</Label>
            <NativeSelect id="investment-periods" value={periods} onChange={(e) => setPeriods(Number(e.target.value) as Periods)}>
              {PERIODS.map(([k, label]) => <option key={k} value={k}>{label}</option>)}
            </NativeSelect>
          </div>
          <FieldGrid fields={FIELDS} form={form} prefix="investment" />
        </CardContent>
      </Card>
      <Results
        label="Investment results"
        invalid={!form.ok}
        error={calc.error}
        loading={calc.isPending && !r}
        pending={calc.pending}
        summary={r && (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label="Future value" value={formatCurrency(r.future_value, { wholeDollars: true })} testId="investment-future-value" emphasis />
            <Stat label="In today's dollars" value={formatCurrency(r.future_value_real, { wholeDollars: true })} />
            <Stat label="You contribute" value={formatCurrency(r.total_contributions, { wholeDollars: true })} detail="Including the starting amount" />
            <Stat label="Growth" value={formatCurrency(r.total_growth, { wholeDollars: true })} />
            <Stat label="Fees cost you" value={formatCurrency(r.fees_cost, { wholeDollars: true })} detail="Growth lost to the MER over the whole period" />
            {r.required_contribution !== null && (
              <Stat label="To reach your target" value={`${formatCurrency(r.required_contribution)} a period`}
                detail={r.periods_to_target !== null ? `At your contribution: ${formatNumber(r.periods_to_target / periods, { digits: 1 })} years` : "Not reached at your contribution"} />
            )}
          </dl>
        )}
      >
        {r && last && (
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Growth by year</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <GrowthChart schedule={r.schedule}
                summary={`Growth chart: the balance reaches ${formatCurrency(last.balance, { wholeDollars: true })} after ${last.year} years (${formatCurrency(last.balance_real, { wholeDollars: true })} in today's dollars) from ${formatCurrency(last.contributions, { wholeDollars: true })} of contributions. The table below lists every year.`} />
              <DataTable
                caption="Investment growth by year"
                testId="investment-table"
                columns={[
                  { key: "year", label: "Year" },
                  { key: "contributions", label: "Contributed", numeric: true },
                  { key: "fees", label: "Fees", numeric: true },
                  { key: "balance", label: "Balance", numeric: true },
                  { key: "real", label: "Today's dollars", numeric: true },
                ]}
                rows={r.schedule.map((y) => ({
                  year: y.year, contributions: formatCurrency(y.contributions), fees: formatCurrency(y.fees),
                  balance: formatCurrency(y.balance), real: formatCurrency(y.balance_real),
                }))}
              />
            </CardContent>
          </Card>
        )}
      </Results>
    </div>
  );
}

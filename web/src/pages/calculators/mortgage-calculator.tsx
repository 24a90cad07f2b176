/** Mortgage: Canadian payment (fixed rates compound semi-annually; variable rates, HELOCs and US-style loans
 * monthly), CMHC premium when a price is given, the stress test, and the amortization schedule as a chart and a
 * table. */
import type { NumField } from "@firepath/shared/calc-fields";
import { formatCurrency, formatNumber, formatPercent } from "@firepath/shared/format";
import { useState } from "react";
import { type CalcBody, useCalc } from "@/api/calc";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { AmortizationChart } from "./calc-charts";
import { CALC_LAYOUT, FieldGrid, Results, Stat, useCalcForm } from "@/components/calc/calc-form";
import { DataTable } from "./data-table";

const FREQUENCIES = [
  ["monthly", "Monthly"],
  ["semi_monthly", "Semi-monthly"],
  ["bi_weekly", "Bi-weekly"],
  ["accelerated_bi_weekly", "Accelerated bi-weekly"],
  ["weekly", "Weekly"],
  ["accelerated_weekly", "Accelerated weekly"],
] as const;
type Frequency = (typeof FREQUENCIES)[number][0];
const COMPOUNDING = [
  ["semi_annual", "Semi-annual (Canadian fixed rate)"],
  ["monthly", "Monthly (variable rate, HELOC, US-style loan)"],
] as const;
type Compounding = (typeof COMPOUNDING)[number][0];

const LOAN: NumField[] = [{ name: "principal", label: "Loan amount", kind: "money", required: true }];
const PURCHASE: NumField[] = [
  { name: "price", label: "Home price", kind: "money", required: true },
  { name: "down_payment", label: "Down payment", kind: "money", required: true, hint: "Under 20% adds the CMHC premium to the loan" },
];
const TERMS: NumField[] = [
  { name: "annual_rate", label: "Interest rate", kind: "percent", min: 0, max: 100, required: true, hint: "The yearly rate your lender quotes" },
  { name: "amortization_years", label: "Amortization (years)", kind: "integer", min: 1, max: 40, required: true },
  { name: "extra_payment", label: "Extra per payment", kind: "money" },
  { name: "annual_prepayment", label: "Yearly lump sum", kind: "money" },
];

export function MortgageCalculator() {
  const [mode, setMode] = useState<"loan" | "purchase">("loan");
  const [frequency, setFrequency] = useState<Frequency>("monthly");
  const [compounding, setCompounding] = useState<Compounding>("semi_annual");
  const fields = mode === "loan" ? [...LOAN, ...TERMS] : [...PURCHASE, ...TERMS];
  const form = useCalcForm(fields, { principal: "400000", price: "600000", down_payment: "120000", annual_rate: "4.5", amortization_years: "25", extra_payment: "", annual_prepayment: "" });
  const v = form.values;
  const body: CalcBody<"/api/v1/calc/mortgage"> | null = form.ok
    ? {
        ...(mode === "loan" ? { principal: v.principal! } : { price: v.price!, down_payment: v.down_payment! }),
        annual_rate: v.annual_rate!,
        amortization_years: v.amortization_years!,
        frequency,
        compounding,
        extra_payment: v.extra_payment ?? 0,
        annual_prepayment: v.annual_prepayment ?? 0,
      }
    : null;
  const calc = useCalc("/api/v1/calc/mortgage", body);
  const r = calc.data;
  const perLabel = FREQUENCIES.find(([k]) => k === frequency)?.[1] ?? "Monthly";

  return (
    <div className={CALC_LAYOUT}>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Your mortgage</CardTitle>
          <CardDescription>Results update as you type.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">I know</legend>
            <div className="flex flex-wrap gap-4">
              {([["loan", "The loan amount"], ["purchase", "The price and down payment"]] as const).map(([k, label]) => (
                <span key={k} className="flex items-center gap-2">
                  <input type="radio" id={`mortgage-mode-${k}`} name="mortgage-mode" className="size-4 accent-primary" checked={mode === k} onChange={() => setMode(k)} />
                  <Label htmlFor={`mortgage-mode-${k}`} className="font-normal">{label}</Label>
                </span>
              ))}
            </div>
          </fieldset>
          <FieldGrid fields={fields} form={form} prefix="mortgage" />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="mortgage-frequency">Payment frequency</Label>
            <NativeSelect id="mortgage-frequency" value={frequency} onChange={(e) => setFrequency(e.target.value as Frequency)}>
              {FREQUENCIES.map(([k, label]) => <option key={k} value={k}>{label}</option>)}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="mortgage-compounding">Interest compounds</Label>
            <NativeSelect id="mortgage-compounding" value={compounding} onChange={(e) => setCompounding(e.target.value as Compounding)}
              aria-describedby="mortgage-compounding-hint">
              {COMPOUNDING.map(([k, label]) => <option key={k} value={k}>{label}</option>)}
            </NativeSelect>
            <p id="mortgage-compounding-hint" className="text-xs text-muted-foreground">
              Canadian law has fixed-rate mortgages compound twice a year; most variable rates and lines of credit compound monthly.
            </p>
          </div>
        </CardContent>
      </Card>
      <Results
        label="Mortgage results"
        invalid={!form.ok}
        error={calc.error}
        loading={calc.isPending && !r}
        pending={calc.pending}
        summary={r && (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label={`${perLabel} payment`} value={formatCurrency(r.payment)} testId="mortgage-payment" emphasis />
            <Stat label="Amount borrowed" value={formatCurrency(r.principal)} detail={r.cmhc?.required ? `Includes the CMHC premium of ${formatCurrency(r.cmhc.premium)}` : undefined} />
            <Stat label="Total interest" value={formatCurrency(r.total_interest)} testId="mortgage-interest" />
            <Stat label="Paid off in" value={`${formatNumber(r.payoff_years, { digits: 1 })} years`} />
            <Stat label="Stress-test rate" value={formatPercent(r.qualifying_rate, { digits: 2 })} detail={`Qualifying monthly payment ${formatCurrency(r.qualifying_monthly_payment)}`} />
            {r.cmhc && (
              <Stat
                label="CMHC insurance"
                value={r.cmhc.required ? formatCurrency(r.cmhc.premium) : "Not required"}
                detail={r.cmhc.note ?? `Loan-to-value ${formatPercent(r.cmhc.loan_to_value)}; minimum down payment ${formatCurrency(r.cmhc.minimum_down_payment)}`}
              />
            )}
          </dl>
        )}
      >
        {r && r.schedule.length > 0 && (
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">Amortization</CardTitle>
              <CardDescription>Principal and interest paid each year, and the balance left.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <AmortizationChart
                schedule={r.schedule}
                summary={`Amortization chart: the balance falls from ${formatCurrency(r.principal, { wholeDollars: true })} to zero over ${r.schedule.length} years; interest paid in year 1 is ${formatCurrency(r.schedule[0]?.interest, { wholeDollars: true })}. The table below lists every year.`}
              />
              <DataTable
                caption="Amortization schedule by year"
                testId="amortization-table"
                columns={[
                  { key: "year", label: "Year" },
                  { key: "payments", label: "Payments", numeric: true },
                  { key: "principal", label: "Principal", numeric: true },
                  { key: "interest", label: "Interest", numeric: true },
                  { key: "prepayments", label: "Prepayments", numeric: true },
                  { key: "balance", label: "Balance", numeric: true },
                ]}
                rows={r.schedule.map((y) => ({
                  year: y.year,
                  payments: formatCurrency(y.payments),
                  principal: formatCurrency(y.principal),
                  interest: formatCurrency(y.interest),
                  prepayments: formatCurrency(y.prepayments),
                  balance: formatCurrency(y.ending_balance),
                }))}
              />
            </CardContent>
          </Card>
        )}
      </Results>
    </div>
  );
}

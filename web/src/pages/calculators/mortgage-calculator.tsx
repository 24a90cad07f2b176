/** Mortgage: Canadian payment (fixed rates compound semi-annually; variable rates, HELOCs and US-style loans
 * monthly), CMHC premium when a price is given, the stress test, and the amortization schedule as a chart and a
 * table. */
import type { NumField } from "@firepath/shared/calc-fields";
import { useState, useMemo } from "react";
import { type CalcBody, useCalc } from "@/api/calc";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { AmortizationChart } from "./calc-charts";
import { CALC_LAYOUT, FieldGrid, Results, Stat, useCalcForm } from "@/components/calc/calc-form";
import { DataTable } from "./data-table";
import { useT, useFormat } from "@/lib/i18n";
import { msg, type Translate } from "@firepath/shared/i18n/messages";

const FREQUENCIES = [
  ["monthly", msg("calculators.frequency.monthly")],
  ["semi_monthly", msg("calculators.frequency.semiMonthly")],
  ["bi_weekly", msg("calculators.frequency.biWeekly")],
  ["accelerated_bi_weekly", msg("calculators.frequency.acceleratedBiWeekly")],
  ["weekly", msg("calculators.frequency.weekly")],
  ["accelerated_weekly", msg("calculators.frequency.acceleratedWeekly")],
] as const;
type Frequency = (typeof FREQUENCIES)[number][0];
const COMPOUNDING = [
  ["semi_annual", msg("calculators.compounding.semiAnnual")],
  ["monthly", msg("calculators.compounding.monthly")],
] as const;
type Compounding = (typeof COMPOUNDING)[number][0];

const loanFields = (t: Translate): NumField[] => [{ name: "principal", label: t("calculators.field.principal"), kind: "money", required: true }];
const purchaseFields = (t: Translate): NumField[] => [
  { name: "price", label: t("calculators.field.price"), kind: "money", required: true },
  { name: "down_payment", label: t("calculators.field.downPayment"), kind: "money", required: true, hint: t("calculators.field.downPaymentHint") },
];
const termsFields = (t: Translate): NumField[] => [
  { name: "annual_rate", label: t("calculators.field.annualRate"), kind: "percent", min: 0, max: 100, required: true, hint: t("calculators.field.annualRateHint") },
  { name: "amortization_years", label: t("calculators.field.amortizationYears"), kind: "integer", min: 1, max: 40, required: true },
  { name: "extra_payment", label: t("calculators.field.extraPayment"), kind: "money" },
  { name: "annual_prepayment", label: t("calculators.field.annualPrepayment"), kind: "money" },
];

export function MortgageCalculator() {
  const fmt = useFormat();
  const t = useT();
  const LOAN = useMemo(() => loanFields(t), [t]);
  const PURCHASE = useMemo(() => purchaseFields(t), [t]);
  const TERMS = useMemo(() => termsFields(t), [t]);
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
  const perId = FREQUENCIES.find(([k]) => k === frequency)?.[1];
  const perLabel = perId ? t(perId) : t("calculators.mortgageCalculator.monthly");

  return (
    <div className={CALC_LAYOUT}>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("calculators.mortgageCalculator.yourMortgage")}</CardTitle>
          <CardDescription>{t("calculators.mortgageCalculator.resultsUpdateAsYou")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t("calculators.mortgageCalculator.iKnow")}</legend>
            <div className="flex flex-wrap gap-4">
              {([["loan", t("calculators.mortgageCalculator.theLoanAmount")], ["purchase", t("calculators.mortgageCalculator.thePriceAndDown")]] as const).map(([k, label]) => (
                <span key={k} className="flex items-center gap-2">
                  <input type="radio" id={`mortgage-mode-${k}`} name="mortgage-mode" className="size-4 accent-primary" checked={mode === k} onChange={() => setMode(k)} />
                  <Label htmlFor={`mortgage-mode-${k}`} className="font-normal">{label}</Label>
                </span>
              ))}
            </div>
          </fieldset>
          <FieldGrid fields={fields} form={form} prefix="mortgage" />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="mortgage-frequency">{t("calculators.mortgageCalculator.paymentFrequency")}</Label>
            <NativeSelect id="mortgage-frequency" value={frequency} onChange={(e) => setFrequency(e.target.value as Frequency)}>
              {FREQUENCIES.map(([k, label]) => <option key={k} value={k}>{t(label)}</option>)}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="mortgage-compounding">{t("calculators.mortgageCalculator.interestCompounds")}</Label>
            <NativeSelect id="mortgage-compounding" value={compounding} onChange={(e) => setCompounding(e.target.value as Compounding)}
              aria-describedby="mortgage-compounding-hint">
              {COMPOUNDING.map(([k, label]) => <option key={k} value={k}>{t(label)}</option>)}
            </NativeSelect>
            <p id="mortgage-compounding-hint" className="text-xs text-muted-foreground">
              {t("calculators.mortgageCalculator.canadianLawHasFixed")}
            </p>
          </div>
        </CardContent>
      </Card>
      <Results
        label={t("calculators.mortgageCalculator.mortgageResults")}
        invalid={!form.ok}
        error={calc.error}
        loading={calc.isPending && !r}
        pending={calc.pending}
        summary={r && (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label={t("calculators.mortgageCalculator.payment", { perLabel })} value={fmt.money(r.payment)} testId="mortgage-payment" emphasis />
            <Stat label={t("calculators.mortgageCalculator.amountBorrowed")} value={fmt.money(r.principal)} detail={r.cmhc?.required ? t("calculators.mortgageCalculator.includesTheCmhcPremium", { premium: fmt.money(r.cmhc.premium) }) : undefined} />
            <Stat label={t("calculators.mortgageCalculator.totalInterest")} value={fmt.money(r.total_interest)} testId="mortgage-interest" />
            <Stat label={t("calculators.mortgageCalculator.paidOffIn")} value={t("calculators.mortgageCalculator.payoffYears", { years: fmt.number(r.payoff_years, { digits: 1 }) })} />
            <Stat label={t("calculators.mortgageCalculator.stressTestRate")} value={fmt.percent(r.qualifying_rate, { digits: 2 })} detail={t("calculators.mortgageCalculator.qualifyingMonthlyPayment", { qualifying_monthly_payment: fmt.money(r.qualifying_monthly_payment) })} />
            {r.cmhc && (
              <Stat
                label={t("calculators.mortgageCalculator.cmhcInsurance")}
                value={r.cmhc.required ? fmt.money(r.cmhc.premium) : t("calculators.mortgageCalculator.notRequired")}
                detail={r.cmhc.note ?? t("calculators.mortgageCalculator.loanToValueMinimum", { loan_to_value: fmt.percent(r.cmhc.loan_to_value), minimum_down_payment: fmt.money(r.cmhc.minimum_down_payment) })}
              />
            )}
          </dl>
        )}
      >
        {r && r.schedule.length > 0 && (
          <Card>
            <CardHeader>
              <CardTitle className="text-lg">{t("calculators.mortgageCalculator.amortization")}</CardTitle>
              <CardDescription>{t("calculators.mortgageCalculator.principalAndInterestPaid")}</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <AmortizationChart
                schedule={r.schedule}
                summary={t("calculators.mortgageCalculator.chartSummary", { principal: fmt.money(r.principal, { wholeDollars: true }), years: r.schedule.length, interest: fmt.money(r.schedule[0]?.interest, { wholeDollars: true }) })}
              />
              <DataTable
                caption={t("calculators.mortgageCalculator.amortizationScheduleByYear")}
                testId="amortization-table"
                columns={[
                  { key: "year", label: t("calculators.mortgageCalculator.year") },
                  { key: "payments", label: t("calculators.mortgageCalculator.payments"), numeric: true },
                  { key: "principal", label: t("calculators.mortgageCalculator.principal"), numeric: true },
                  { key: "interest", label: t("calculators.mortgageCalculator.interest"), numeric: true },
                  { key: "prepayments", label: t("calculators.mortgageCalculator.prepayments"), numeric: true },
                  { key: "balance", label: t("calculators.mortgageCalculator.balance"), numeric: true },
                ]}
                rows={r.schedule.map((y) => ({
                  year: y.year,
                  payments: fmt.money(y.payments),
                  principal: fmt.money(y.principal),
                  interest: fmt.money(y.interest),
                  prepayments: fmt.money(y.prepayments),
                  balance: fmt.money(y.ending_balance),
                }))}
              />
            </CardContent>
          </Card>
        )}
      </Results>
    </div>
  );
}

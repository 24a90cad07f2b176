/** Tax: an income-tax estimate for a province and income (/calc/tax) with marginal and average rates, CPP and EI,
 * the OAS recovery tax and the RRSP deduction's effect, as the web's tax page works it out. Inputs start from the
 * household plan (GET /api/v1/plan/household): its province, the first person's gross pay and age. */
import type { NumField } from "@firepath/shared/calc-fields";
import type { ProvinceCode } from "@firepath/shared/canada";
import { provinceOptions } from "@firepath/shared/form-kit";
import { planNumbers } from "@firepath/shared/plan-numbers";
import { useEffect, useMemo, useRef, useState } from "react";
import { Body, Button, Card, Money } from "@/components/ui";
import { usePlanSummary } from "@/features/plan/plan-api";
import { type AppTranslate, useFormat, useI18n } from "@/lib/i18n";
import { type CalcBody, useCalc, useHouseholdPlan } from "./calc-api";
import { Choices, FieldList, figureStyle, Notes, Results, Stat, useCalcForm, useMoneyText } from "./calc-parts";

const TAX_YEARS = [2026, 2025, 2024] as const;
const THIS_YEAR = new Date().getFullYear();
const YEAR_OPTIONS = TAX_YEARS.map((y) => ({ value: y as number, label: String(y) }));

/** The tax fields, named in the language shown (the web's tax page's ids). */
export const incomeFields = (t: AppTranslate): NumField[] => [
  { name: "employment_income", label: t("tax.field.employmentIncome"), kind: "money", hint: t("tax.field.employmentIncomeHint") },
  { name: "other_income", label: t("tax.field.otherIncome"), kind: "money", hint: t("tax.field.otherIncomeHint") },
  { name: "rrsp_deduction", label: t("tax.field.rrspDeduction"), kind: "money" },
];
const moreIncomeFields = (t: AppTranslate): NumField[] => [
  { name: "age", label: t("tax.field.age"), kind: "integer", min: 0, max: 120, hint: t("tax.field.ageHint") },
  { name: "self_employment_income", label: t("tax.field.selfEmploymentIncome"), kind: "money", hint: t("tax.field.selfEmploymentIncomeHint") },
  { name: "pension_income", label: t("tax.field.pensionIncome"), kind: "money", hint: t("tax.field.pensionIncomeHint") },
  { name: "cpp_income", label: t("tax.field.cppIncome"), kind: "money" },
  { name: "oas_income", label: t("tax.field.oasIncome"), kind: "money", hint: t("tax.field.oasIncomeHint") },
  { name: "eligible_dividends", label: t("tax.field.eligibleDividends"), kind: "money", hint: t("tax.field.eligibleDividendsHint") },
  { name: "non_eligible_dividends", label: t("tax.field.nonEligibleDividends"), kind: "money", hint: t("tax.field.nonEligibleDividendsHint") },
  { name: "capital_gains", label: t("tax.field.capitalGains"), kind: "money", hint: t("tax.field.capitalGainsHint") },
];
type Used = "province" | "salary" | "age";
/** What the inputs were started from, in words. */
const usedWords = (t: AppTranslate): Record<Used, string> => ({
  province: t("app.calc.usedProvince"),
  salary: t("app.calc.usedSalary"),
  age: t("app.calc.usedAge"),
});
const INCOME_KEYS = ["employment_income", "other_income", "self_employment_income", "pension_income", "cpp_income", "oas_income",
  "eligible_dividends", "non_eligible_dividends", "capital_gains"] as const;

export function TaxCalculator() {
  const { t } = useI18n();
  const fmt = useFormat();
  const { INCOME, MORE_INCOME, ALL_FIELDS, PROVINCE_OPTIONS } = useMemo(() => {
    const income = incomeFields(t);
    const more = moreIncomeFields(t);
    return { INCOME: income, MORE_INCOME: more, ALL_FIELDS: [...income, ...more], PROVINCE_OPTIONS: provinceOptions(t) as { value: ProvinceCode; label: string }[] };
  }, [t]);
  const summary = usePlanSummary();
  const household = useHouseholdPlan();
  const money = useMoneyText();
  const [year, setYear] = useState<number>((TAX_YEARS as readonly number[]).includes(THIS_YEAR) ? THIS_YEAR : TAX_YEARS[0]);
  const [province, setProvince] = useState<ProvinceCode>("ON");
  const form = useCalcForm(ALL_FIELDS, {
    employment_income: "75000", other_income: "", rrsp_deduction: "5000", age: "", self_employment_income: "", pension_income: "",
    cpp_income: "", oas_income: "", eligible_dividends: "", non_eligible_dividends: "", capital_gains: "",
  });
  const [more, setMore] = useState(false);
  const [fromPlan, setFromPlan] = useState<Used[]>([]);
  const seeded = useRef(false);
  const { fill } = form;
  useEffect(() => {
    if (seeded.current || summary.isPending || household.isPending) return;
    seeded.current = true;
    if (!summary.data || !household.data) return; // no plan (an error): keep the example numbers
    const { province, ownProvince, salary, age } = planNumbers(summary.data, household.data);
    const used: Used[] = [];
    if (ownProvince) { setProvince(province); used.push("province"); }
    const patch: Record<string, string> = {};
    if (salary > 0) { patch.employment_income = String(Math.round(salary)); used.push("salary"); }
    if (age !== null && age !== undefined) { patch.age = String(age); used.push("age"); }
    fill(patch);
    setFromPlan(used);
  }, [summary.isPending, summary.data, household.isPending, household.data, fill]);

  const v = form.values;
  const errors = { ...form.errors };
  const incomeTotal = INCOME_KEYS.reduce((sum, k) => sum + (v[k] ?? 0), 0);
  if (form.ok && (v.rrsp_deduction ?? 0) > incomeTotal) errors.rrsp_deduction = t("tax.tax.rrspDeductionCannotBe");
  const ok = Object.keys(errors).length === 0;
  const moreOpen = more || MORE_INCOME.some((f) => (f.name in errors) || (form.raw[f.name] && f.name !== "age"));

  const body: CalcBody<"/api/v1/calc/tax"> | null = ok
    ? {
        year, province, rrsp_deduction: v.rrsp_deduction ?? 0,
        ...Object.fromEntries(INCOME_KEYS.map((k) => [k, v[k] ?? 0])),
        ...(v.age !== null && v.age !== undefined ? { age: v.age } : {}),
      }
    : null;
  const tax = useCalc("/api/v1/calc/tax", body);
  const est = tax.data;
  const qc = province === "QC";
  const payroll = est ? Number(est.cpp) + Number(est.cpp2) + Number(est.ei) + Number(est.qpip) : 0;

  return (
    <>
      <Body muted>
        {`${t("tax.tax.anEstimateFromThe")} ${
          fromPlan.length > 0
            ? t("tax.tax.startedFromYourHousehold", { value: fromPlan.map((k) => usedWords(t)[k]).join(", ") })
            : t("app.calc.startFromYours")
        }`}
      </Body>
      <Card title={t("tax.tax.yourIncome")}>
        <Body muted>{t("tax.tax.resultsUpdateAsYou")}</Body>
        <Choices label={t("tax.tax.provinceOrTerritory")} options={PROVINCE_OPTIONS} value={province} onChange={setProvince} />
        <Choices label={t("tax.tax.taxYear")} options={YEAR_OPTIONS} value={year} onChange={setYear} />
        <FieldList fields={INCOME} form={form} errors={errors} />
        <Button
          label={moreOpen ? t("app.calc.hideMore") : t("tax.tax.agePensionsInvestmentsAnd")}
          variant="secondary"
          onPress={() => setMore(!moreOpen)}
        />
        {moreOpen ? <FieldList fields={MORE_INCOME} form={form} errors={errors} /> : null}
      </Card>
      <Results label={t("tax.tax.taxEstimate")} invalid={!ok} query={tax}>
        {est ? (
          <>
            <Stat
              label={t("tax.tax.incomeTax")}
              value={<Money value={est.income_tax} whole={false} style={figureStyle(true)} />}
              testID="tax-income-tax"
              emphasis
              detail={t("tax.tax.federalProvincial", { federal_tax: money(est.federal_tax), provincial_tax: money(est.provincial_tax) })}
            />
            <Stat
              label={t("tax.tax.afterTaxAndPayroll")}
              value={<Money value={est.after_tax_income} whole={false} style={figureStyle()} />}
              detail={t("tax.tax.aMonth", { value: money(Number(est.after_tax_income) / 12) })}
            />
            <Stat
              label={t("tax.tax.marginalRate")}
              value={fmt.percent(est.marginal_rate, { digits: 2 })}
              testID="tax-marginal"
              detail={t("tax.tax.taxOnYourNext", {
                eligible_dividends: fmt.percent(est.marginal_rates.eligible_dividends, { digits: 2 }),
                non_eligible_dividends: fmt.percent(est.marginal_rates.non_eligible_dividends, { digits: 2 }),
                capital_gains: fmt.percent(est.marginal_rates.capital_gains, { digits: 2 }),
              })}
            />
            <Stat
              label={t("tax.tax.averageRate")}
              value={fmt.percent(est.average_rate, { digits: 2 })}
              testID="tax-average"
              detail={t("tax.tax.incomeTaxOverTotal")}
            />
            <Stat
              label={qc ? t("tax.tax.qppQpp2EiAnd") : t("tax.tax.cppCpp2AndEi")}
              value={<Money value={payroll} whole={false} style={figureStyle()} />}
              detail={payroll === 0
                ? t("tax.tax.noneOnlyEmploymentAnd")
                : t("tax.payroll", { qc: qc ? "yes" : "no", cpp: money(est.cpp), cpp2: money(est.cpp2), ei: money(est.ei), qpip: money(est.qpip) })}
            />
            {Number(est.oas_recovery_tax) > 0 ? (
              <Stat
                label={t("tax.tax.oasRecoveryTax")}
                value={<Money value={est.oas_recovery_tax} whole={false} style={figureStyle()} />}
                testID="tax-oas-recovery"
                detail={t("tax.tax.15OfNetIncome")}
              />
            ) : null}
            <Stat
              label={t("tax.tax.yourRrspDeductionSaves")}
              value={est.rrsp_tax_saved === null ? t("tax.tax.noDeductionEntered") : <Money value={est.rrsp_tax_saved} whole={false} style={figureStyle()} />}
              testID="tax-rrsp-saved"
              detail={est.rrsp_tax_saved === null ? t("tax.tax.enterAnRrspContribution") : t("tax.tax.taxNowAgainstThe")}
            />
            <Body muted>{t("app.calc.totalAndTaxable", { total: money(est.total_income), taxable: money(est.taxable_income) })}</Body>
            <Notes notes={est.assumptions.notes} />
          </>
        ) : null}
      </Results>
    </>
  );
}

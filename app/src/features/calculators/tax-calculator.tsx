/** Tax: an income-tax estimate for a province and income (/calc/tax) with marginal and average rates, CPP and EI,
 * the OAS recovery tax and the RRSP deduction's effect, as the web's tax page works it out. Inputs start from the
 * household plan (GET /api/v1/plan/household): its province, the first person's gross pay and age. */
import type { NumField } from "@firepath/shared/calc-fields";
import { PROVINCES, type ProvinceCode } from "@firepath/shared/canada";
import { formatPercent } from "@firepath/shared/format";
import { planNumbers } from "@firepath/shared/plan-numbers";
import { useEffect, useRef, useState } from "react";
import { Body, Button, Card, Money } from "@/components/ui";
import { usePlanSummary } from "@/features/plan/plan-api";
import { type CalcBody, useCalc, useHouseholdPlan } from "./calc-api";
import { Choices, FieldList, figureStyle, Notes, Results, Stat, useCalcForm, useMoneyText } from "./calc-parts";

const TAX_YEARS = [2026, 2025, 2024] as const;
const THIS_YEAR = new Date().getFullYear();
const PROVINCE_OPTIONS = PROVINCES.map(([value, label]) => ({ value, label }));
const YEAR_OPTIONS = TAX_YEARS.map((y) => ({ value: y as number, label: String(y) }));

export const INCOME: NumField[] = [
  { name: "employment_income", label: "Employment income", kind: "money", hint: "Yearly, before tax" },
  { name: "other_income", label: "Other income", kind: "money", hint: "Interest, rent, RRSP withdrawals and other taxable income" },
  { name: "rrsp_deduction", label: "RRSP contribution to deduct", kind: "money" },
];
const MORE_INCOME: NumField[] = [
  { name: "age", label: "Your age at the end of the year", kind: "integer", min: 0, max: 120, hint: "65 or over adds the age amount" },
  { name: "self_employment_income", label: "Self-employment income", kind: "money", hint: "Net business income: you pay both halves of CPP" },
  { name: "pension_income", label: "Pension income", kind: "money", hint: "Workplace pension at any age; RRIF and annuity payments from 65" },
  { name: "cpp_income", label: "CPP or QPP received", kind: "money" },
  { name: "oas_income", label: "OAS received", kind: "money", hint: "The recovery tax is worked out" },
  { name: "eligible_dividends", label: "Eligible dividends", kind: "money", hint: "Cash received, mostly from public companies" },
  { name: "non_eligible_dividends", label: "Other dividends", kind: "money", hint: "Cash received, mostly from small private companies" },
  { name: "capital_gains", label: "Capital gains", kind: "money", hint: "The whole gain; half of it is taxable" },
];
const ALL_FIELDS = [...INCOME, ...MORE_INCOME];
const INCOME_KEYS = ["employment_income", "other_income", "self_employment_income", "pension_income", "cpp_income", "oas_income",
  "eligible_dividends", "non_eligible_dividends", "capital_gains"] as const;

export function TaxCalculator() {
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
  const [fromPlan, setFromPlan] = useState<string[]>([]);
  const seeded = useRef(false);
  const { setRaw } = form;
  useEffect(() => {
    if (seeded.current || summary.isPending || household.isPending) return;
    seeded.current = true;
    if (!summary.data || !household.data) return; // no plan (an error): keep the example numbers
    const { province, ownProvince, salary, age } = planNumbers(summary.data, household.data);
    const used: string[] = [];
    if (ownProvince) { setProvince(province); used.push("province"); }
    const patch: Record<string, string> = {};
    if (salary > 0) { patch.employment_income = String(Math.round(salary)); used.push("salary"); }
    if (age !== null && age !== undefined) { patch.age = String(age); used.push("age"); }
    setRaw((r) => ({ ...r, ...patch }));
    setFromPlan(used);
  }, [summary.isPending, summary.data, household.isPending, household.data, setRaw]);

  const v = form.values;
  const errors = { ...form.errors };
  const incomeTotal = INCOME_KEYS.reduce((sum, k) => sum + (v[k] ?? 0), 0);
  if (form.ok && (v.rrsp_deduction ?? 0) > incomeTotal) errors.rrsp_deduction = "RRSP deduction cannot be more than your income";
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
  const t = tax.data;
  const qc = province === "QC";
  const payroll = t ? Number(t.cpp) + Number(t.cpp2) + Number(t.ei) + Number(t.qpip) : 0;

  return (
    <>
      <Body muted>
        {`An estimate from the CRA's tables for your province: not tax advice for your exact return. ${
          fromPlan.length > 0
            ? `Started from your household plan: ${fromPlan.join(", ")}.`
            : "Save your profile and income to start from your own numbers."
        }`}
      </Body>
      <Card title="Your income">
        <Body muted>Results update as you type.</Body>
        <Choices label="Province or territory" options={PROVINCE_OPTIONS} value={province} onChange={setProvince} />
        <Choices label="Tax year" options={YEAR_OPTIONS} value={year} onChange={setYear} />
        <FieldList fields={INCOME} form={form} errors={errors} />
        <Button
          label={moreOpen ? "Hide age, pensions, investments and self-employment" : "Age, pensions, investments and self-employment"}
          variant="secondary"
          onPress={() => setMore(!moreOpen)}
        />
        {moreOpen ? <FieldList fields={MORE_INCOME} form={form} errors={errors} /> : null}
      </Card>
      <Results label="Tax estimate" invalid={!ok} query={tax}>
        {t ? (
          <>
            <Stat
              label="Income tax"
              value={<Money value={t.income_tax} whole={false} style={figureStyle(true)} />}
              testID="tax-income-tax"
              emphasis
              detail={`Federal ${money(t.federal_tax)}, provincial ${money(t.provincial_tax)}`}
            />
            <Stat
              label="After tax and payroll deductions"
              value={<Money value={t.after_tax_income} whole={false} style={figureStyle()} />}
              detail={`${money(Number(t.after_tax_income) / 12)} a month`}
            />
            <Stat
              label="Marginal rate"
              value={formatPercent(t.marginal_rate, { digits: 2 })}
              testID="tax-marginal"
              detail={`Tax on your next dollar of income; on eligible dividends ${formatPercent(t.marginal_rates.eligible_dividends, { digits: 2 })}, other dividends ${formatPercent(t.marginal_rates.non_eligible_dividends, { digits: 2 })}, capital gains ${formatPercent(t.marginal_rates.capital_gains, { digits: 2 })}`}
            />
            <Stat label="Average rate" value={formatPercent(t.average_rate, { digits: 2 })} testID="tax-average" detail="Income tax over total income" />
            <Stat
              label={qc ? "QPP, QPP2, EI and QPIP" : "CPP, CPP2 and EI"}
              value={<Money value={payroll} whole={false} style={figureStyle()} />}
              detail={payroll === 0
                ? "None: only employment and self-employment income pay them"
                : `${qc ? "QPP" : "CPP"} ${money(t.cpp)}, ${qc ? "QPP2" : "CPP2"} ${money(t.cpp2)}, EI ${money(t.ei)}${qc ? `, QPIP ${money(t.qpip)}` : ""}`}
            />
            {Number(t.oas_recovery_tax) > 0 ? (
              <Stat
                label="OAS recovery tax"
                value={<Money value={t.oas_recovery_tax} whole={false} style={figureStyle()} />}
                testID="tax-oas-recovery"
                detail="15% of net income above the year's threshold, paid back from your OAS"
              />
            ) : null}
            <Stat
              label="Your RRSP deduction saves"
              value={t.rrsp_tax_saved === null ? "No deduction entered" : <Money value={t.rrsp_tax_saved} whole={false} style={figureStyle()} />}
              testID="tax-rrsp-saved"
              detail={t.rrsp_tax_saved === null ? "Enter an RRSP contribution to see its refund" : "Tax now, against the same income without it"}
            />
            <Body muted>{`Total income ${money(t.total_income)}; taxable income ${money(t.taxable_income)}.`}</Body>
            <Notes notes={t.assumptions.notes} />
          </>
        ) : null}
      </Results>
    </>
  );
}

/** /tax-advice and /tax: an income-tax estimate for the user's province and income (/calc/tax) with marginal and
 * average rates, the RRSP deduction's effect and how the tax is worked out (each credit, federal and provincial); TFSA, RRSP and FHSA room (/calc/*-room); RRSP versus TFSA
 * (/calc/rrsp-vs-tfsa); and an OAS recovery-tax warning for the retirement income (/calc/oas). Inputs start from
 * the household plan (GET /api/v1/plan/household): its province, the first person's gross pay and age. */
import type { NumField } from "@firepath/shared/calc-fields";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { type CalcBody, useCalc } from "@/api/calc";
import { useHouseholdPlan, usePlanSummary } from "@/api/plan";
import { FieldGrid, Results, Stat, useCalcForm } from "@/components/calc/calc-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { planNumbers, PROVINCES, type ProvinceCode } from "@/lib/user-numbers";
import { Message, useFormat, useT } from "@/lib/i18n";
import { provinceName } from "@firepath/shared/canada";
import { msg, type MessageId, type Translate } from "@firepath/shared/i18n/messages";

const TAX_YEARS = [2026, 2025, 2024] as const;
/** Signs, not words: the same in every language. */
const NO_VALUE = "—";
const signed = (n: number, money: (v: number) => string) => `${n > 0 ? "+" : "−"}${money(Math.abs(n))}`;
const THIS_YEAR = new Date().getFullYear();
/** What the plan filled in, as the line under the title names it. */
const FROM_PLAN = { province: msg("tax.tax.fromPlanProvince"), salary: msg("tax.tax.fromPlanSalary"), age: msg("tax.tax.fromPlanAge") } as const;

const incomeFields = (t: Translate): NumField[] => [
  { name: "employment_income", label: t("tax.field.employmentIncome"), kind: "money", hint: t("tax.field.employmentIncomeHint") },
  { name: "other_income", label: t("tax.field.otherIncome"), kind: "money", hint: t("tax.field.otherIncomeHint") },
  { name: "rrsp_deduction", label: t("tax.field.rrspDeduction"), kind: "money" },
];
const moreIncomeFields = (t: Translate): NumField[] => [
  { name: "age", label: t("tax.field.age"), kind: "integer", min: 0, max: 120, hint: t("tax.field.ageHint") },
  { name: "self_employment_income", label: t("tax.field.selfEmploymentIncome"), kind: "money", hint: t("tax.field.selfEmploymentIncomeHint") },
  { name: "pension_income", label: t("tax.field.pensionIncome"), kind: "money", hint: t("tax.field.pensionIncomeHint") },
  { name: "cpp_income", label: t("tax.field.cppIncome"), kind: "money" },
  { name: "oas_income", label: t("tax.field.oasIncome"), kind: "money", hint: t("tax.field.oasIncomeHint") },
  { name: "eligible_dividends", label: t("tax.field.eligibleDividends"), kind: "money", hint: t("tax.field.eligibleDividendsHint") },
  { name: "non_eligible_dividends", label: t("tax.field.nonEligibleDividends"), kind: "money", hint: t("tax.field.nonEligibleDividendsHint") },
  { name: "capital_gains", label: t("tax.field.capitalGains"), kind: "money", hint: t("tax.field.capitalGainsHint") },
];
const INCOME_KEYS = ["employment_income", "other_income", "self_employment_income", "pension_income", "cpp_income", "oas_income",
  "eligible_dividends", "non_eligible_dividends", "capital_gains"] as const;
const roomFields = (t: Translate): NumField[] => [
  { name: "birth_year", label: t("tax.field.birthYear"), kind: "integer", min: 1900, max: THIS_YEAR, required: true },
  { name: "tfsa_contributed", label: t("tax.field.tfsaContributed"), kind: "money", hint: t("tax.field.tfsaContributedHint") },
  { name: "previous_year_earned_income", label: t("tax.field.previousYearEarnedIncome"), kind: "money", required: true },
  { name: "rrsp_unused", label: t("tax.field.rrspUnused"), kind: "money", hint: t("tax.field.rrspUnusedHint") },
  { name: "pension_adjustment", label: t("tax.field.pensionAdjustment"), kind: "money", hint: t("tax.field.pensionAdjustmentHint") },
  { name: "fhsa_year_opened", label: t("tax.field.fhsaYearOpened"), kind: "integer", min: 2023, max: 2200, hint: t("tax.field.fhsaYearOpenedHint") },
  { name: "fhsa_contributed", label: t("tax.field.fhsaContributed"), kind: "money" },
];
const retirementFields = (t: Translate): NumField[] => [
  { name: "amount", label: t("tax.field.amount"), kind: "money", required: true, hint: t("tax.field.amountHint") },
  { name: "years", label: t("tax.field.years"), kind: "integer", min: 0, max: 100, required: true },
  { name: "annual_return", label: t("tax.field.annualReturn"), kind: "percent", above: -100, max: 100, required: true },
  { name: "income_retirement", label: t("tax.field.incomeRetirement"), kind: "money", required: true, hint: t("tax.field.incomeRetirementHint") },
];

export default function TaxPage() {
  const fmt = useFormat();
  const t = useT();
  const INCOME = useMemo(() => incomeFields(t), [t]);
  const MORE_INCOME = useMemo(() => moreIncomeFields(t), [t]);
  const ROOM = useMemo(() => roomFields(t), [t]);
  const RETIREMENT = useMemo(() => retirementFields(t), [t]);
  const summary = usePlanSummary();
  const household = useHouseholdPlan();
  const [year, setYear] = useState<number>(TAX_YEARS.includes(THIS_YEAR as 2026) ? THIS_YEAR : TAX_YEARS[0]);
  const [province, setProvince] = useState<ProvinceCode>("ON");
  const form = useCalcForm([...INCOME, ...MORE_INCOME, ...ROOM, ...RETIREMENT], {
    employment_income: "75000", other_income: "", rrsp_deduction: "5000", age: "", self_employment_income: "", pension_income: "",
    cpp_income: "", oas_income: "", eligible_dividends: "", non_eligible_dividends: "", capital_gains: "", birth_year: "1990", tfsa_contributed: "", previous_year_earned_income: "75000",
    rrsp_unused: "", pension_adjustment: "", fhsa_year_opened: "", fhsa_contributed: "", amount: "10000", years: "25", annual_return: "5", income_retirement: "60000",
  });
  const [fromPlan, setFromPlan] = useState<MessageId[]>([]);
  const seeded = useRef(false);
  const { setRaw } = form;
  useEffect(() => {
    if (seeded.current || summary.isPending || household.isPending) return;
    seeded.current = true;
    if (!summary.data || !household.data) return; // no plan (an error): keep the example numbers
    const n = planNumbers(summary.data, household.data);
    const used: MessageId[] = [];
    if (n.ownProvince) { setProvince(n.province); used.push(FROM_PLAN.province); }
    const patch: Record<string, string> = {};
    if (n.salary > 0) {
      patch.employment_income = String(Math.round(n.salary));
      patch.previous_year_earned_income = String(Math.round(n.salary));
      used.push(FROM_PLAN.salary);
    }
    if (n.age !== null) { patch.birth_year = String(THIS_YEAR - n.age); patch.age = String(n.age); used.push(FROM_PLAN.age); }
    setRaw((r) => ({ ...r, ...patch }));
    setFromPlan(used);
  }, [summary.isPending, summary.data, household.isPending, household.data, setRaw]);

  const v = form.values;
  const errors = { ...form.errors };
  const incomeTotal = INCOME_KEYS.reduce((sum, k) => sum + (v[k] ?? 0), 0);
  if (form.ok && (v.rrsp_deduction ?? 0) > incomeTotal) errors.rrsp_deduction = t("tax.tax.rrspDeductionCannotBe");
  if (v.fhsa_year_opened && v.fhsa_year_opened > year) errors.fhsa_year_opened = t("tax.tax.fhsaYearOpenedMust", { year });
  const ok = Object.keys(errors).length === 0;
  const has = (...names: string[]) => names.every((n) => !(n in errors));

  const taxBody: CalcBody<"/api/v1/calc/tax"> | null = ok
    ? {
        year, province, rrsp_deduction: v.rrsp_deduction ?? 0,
        ...Object.fromEntries(INCOME_KEYS.map((k) => [k, v[k] ?? 0])),
        ...(v.age !== null && v.age !== undefined ? { age: v.age } : {}),
      }
    : null;
  const tfsaBody: CalcBody<"/api/v1/calc/tfsa-room"> | null = has("birth_year", "tfsa_contributed") && v.birth_year
    ? { birth_year: v.birth_year, year, contributions: v.tfsa_contributed ? [{ year: year - 1, amount: v.tfsa_contributed }] : [] }
    : null;
  const rrspBody: CalcBody<"/api/v1/calc/rrsp-room"> | null = has("previous_year_earned_income", "rrsp_unused", "pension_adjustment", "birth_year") && v.previous_year_earned_income !== null && v.previous_year_earned_income !== undefined
    ? { year, previous_year_earned_income: v.previous_year_earned_income, unused_room: v.rrsp_unused ?? 0, pension_adjustment: v.pension_adjustment ?? 0, ...(v.birth_year ? { age: Math.max(0, Math.min(120, year - v.birth_year)) } : {}) }
    : null;
  const fhsaBody: CalcBody<"/api/v1/calc/fhsa-room"> | null = has("fhsa_year_opened", "fhsa_contributed", "birth_year") && v.fhsa_year_opened && v.birth_year
    ? { year_opened: v.fhsa_year_opened, year, birth_year: v.birth_year, contributions: v.fhsa_contributed ? [{ year: Math.max(v.fhsa_year_opened, year - 1), amount: v.fhsa_contributed }] : [] }
    : null;
  const tax = useCalc("/api/v1/calc/tax", taxBody);
  // Today's marginal rate is the tax estimate's (all of this year's income), so both cards give one answer.
  const rateNow = tax.data && !tax.pending ? tax.data.marginal_rate : null;
  const compareBody: CalcBody<"/api/v1/calc/rrsp-vs-tfsa"> | null = ok && rateNow !== null
    ? { pre_tax_amount: v.amount!, years: v.years!, annual_return: v.annual_return!, province, year, income_retirement: v.income_retirement!,
        marginal_rate_now: Math.min(Math.max(rateNow, 0), 0.99) }
    : null;
  const oasBody: CalcBody<"/api/v1/calc/oas"> | null = has("income_retirement") && v.income_retirement !== null && v.income_retirement !== undefined
    ? { start_age: 65, year, net_income: v.income_retirement }
    : null;

  const tfsa = useCalc("/api/v1/calc/tfsa-room", tfsaBody);
  const rrsp = useCalc("/api/v1/calc/rrsp-room", rrspBody);
  const fhsa = useCalc("/api/v1/calc/fhsa-room", fhsaBody);
  const compare = useCalc("/api/v1/calc/rrsp-vs-tfsa", compareBody);
  const oas = useCalc("/api/v1/calc/oas", oasBody);
  const est = tax.data;
  const c = compare.data;
  const o = oas.data;
  const f2 = { ...form, errors };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t("tax.tax.taxAdvice")}</h1>
        <p className="text-sm text-muted-foreground">
          {t("tax.tax.anEstimateFromThe")}&#32;
          {fromPlan.length > 0
            ? t("tax.tax.startedFromYourHousehold", { value: new Intl.ListFormat(fmt.locale, { type: "conjunction" }).format(fromPlan.map((id) => t(id))) })
            : <Message id="tax.startFromYours" values={{ profile: (c) => <Link className="underline" to="/settings/profile">{c}</Link>, income: (c) => <Link className="underline" to="/settings/income">{c}</Link> }} />}
        </p>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t("tax.tax.yourIncome")}</CardTitle>
            <CardDescription>{t("tax.tax.resultsUpdateAsYou")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="tax-province">{t("tax.tax.provinceOrTerritory")}</Label>
                <NativeSelect id="tax-province" value={province} onChange={(e) => setProvince(e.target.value as ProvinceCode)}>
                  {PROVINCES.map(([code]) => <option key={code} value={code}>{provinceName(code, t)}</option>)}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="tax-year">{t("tax.tax.taxYear")}</Label>
                <NativeSelect id="tax-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
                  {TAX_YEARS.map((y) => <option key={y} value={y}>{y}</option>)}
                </NativeSelect>
              </div>
            </div>
            <FieldGrid fields={INCOME} form={f2} prefix="tax" />
            <details className="rounded-lg border p-3" open={MORE_INCOME.some((f) => form.raw[f.name] && f.name !== "age")}>
              <summary className="cursor-pointer select-none text-sm font-medium">{t("tax.tax.agePensionsInvestmentsAnd")}</summary>
              <div className="mt-3"><FieldGrid fields={MORE_INCOME} form={f2} prefix="tax" /></div>
            </details>
          </CardContent>
        </Card>
        <Results label={t("tax.tax.taxEstimate")} invalid={!ok} error={tax.error} loading={tax.isPending && !est} pending={tax.pending}
          summary={est && (
            <div data-tour="tax-summary" className="flex flex-col gap-3">
              <dl className="grid gap-3 sm:grid-cols-2">
                <Stat label={t("tax.tax.incomeTax")} value={fmt.money(est.income_tax)} testId="tax-income-tax" emphasis detail={t("tax.tax.federalProvincial", { federal_tax: fmt.money(est.federal_tax), provincial_tax: fmt.money(est.provincial_tax) })} />
                <Stat label={t("tax.tax.afterTaxAndPayroll")} value={fmt.money(est.after_tax_income)} detail={t("tax.tax.aMonth", { value: fmt.money(est.after_tax_income / 12) })} />
                <Stat label={t("tax.tax.marginalRate")} value={fmt.percent(est.marginal_rate, { digits: 2 })} testId="tax-marginal"
                  detail={t("tax.tax.taxOnYourNext", { eligible_dividends: fmt.percent(est.marginal_rates.eligible_dividends, { digits: 2 }), non_eligible_dividends: fmt.percent(est.marginal_rates.non_eligible_dividends, { digits: 2 }), capital_gains: fmt.percent(est.marginal_rates.capital_gains, { digits: 2 }) })} />
                <Stat label={t("tax.tax.averageRate")} value={fmt.percent(est.average_rate, { digits: 2 })} testId="tax-average" detail={t("tax.tax.incomeTaxOverTotal")} />
                <Stat label={province === "QC" ? t("tax.tax.qppQpp2EiAnd") : t("tax.tax.cppCpp2AndEi")} value={fmt.money(est.cpp + est.cpp2 + est.ei + est.qpip)}
                  detail={Number(est.cpp + est.cpp2 + est.ei + est.qpip) === 0
                    ? t("tax.tax.noneOnlyEmploymentAnd")
                    : t("tax.payroll", { qc: province === "QC" ? "yes" : "no", cpp: fmt.money(est.cpp), cpp2: fmt.money(est.cpp2), ei: fmt.money(est.ei), qpip: fmt.money(est.qpip) })} />
                {Number(est.oas_recovery_tax) > 0 && (
                  <Stat label={t("tax.tax.oasRecoveryTax")} value={fmt.money(est.oas_recovery_tax)} testId="tax-oas-recovery" detail={t("tax.tax.15OfNetIncome")} />
                )}
                <Stat label={t("tax.tax.yourRrspDeductionSaves")} value={est.rrsp_tax_saved === null ? t("tax.tax.noDeductionEntered") : fmt.money(est.rrsp_tax_saved)} testId="tax-rrsp-saved"
                  detail={est.rrsp_tax_saved === null ? t("tax.tax.enterAnRrspContribution") : t("tax.tax.taxNowAgainstThe")} />
              </dl>
              <TaxWorking tax={est} />
            </div>
          )}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("tax.tax.contributionRoom")}</CardTitle>
          <CardDescription>{t("tax.tax.tfsaRoomOnJanuary", { year })}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <FieldGrid fields={ROOM} form={f2} prefix="room" />
          <section aria-label={t("tax.tax.contributionRoom")} aria-live="polite" aria-busy={tfsa.pending || rrsp.pending || fhsa.pending}>
            <dl className="grid gap-3 sm:grid-cols-3">
              <Stat label={t("tax.tax.tfsaRoom")} testId="room-tfsa" value={roomValue(tfsa, (r) => fmt.money(r.room), t)}
                detail={tfsa.data && (Number(tfsa.data.over_contribution) > 0
                  ? t("tax.tax.overContributedBy1", { over_contribution: fmt.money(tfsa.data.over_contribution), monthly_penalty: fmt.money(tfsa.data.monthly_penalty) })
                  : t("tax.tax.cumulativeLimitSince", { first_eligible_year: tfsa.data.first_eligible_year, cumulative_limit: fmt.money(tfsa.data.cumulative_limit) }))} />
              <Stat label={t("tax.tax.rrspDeductionLimit")} testId="room-rrsp" value={roomValue(rrsp, (r) => fmt.money(r.available), t)}
                detail={rrsp.data && (rrsp.data.can_contribute
                  ? t("tax.tax.newRoom18Of", { new_room: fmt.money(rrsp.data.new_room), dollar_limit: fmt.money(rrsp.data.dollar_limit) })
                  : t("tax.tax.youCanNoLonger"))} />
              <Stat label={t("tax.tax.fhsaRoom")} testId="room-fhsa" value={fhsaBody === null && has("fhsa_year_opened") ? t("tax.tax.notOpened") : roomValue(fhsa, (r) => fmt.money(r.room), t)}
                detail={fhsaBody === null
                  ? t("tax.tax.openingAnFhsaStarts")
                  : fhsa.data && (fhsa.data.eligible ? t("tax.tax.lifetimeLeftMustClose", { lifetime_remaining: fmt.money(fhsa.data.lifetime_remaining), participation_period_ends: fhsa.data.participation_period_ends }) : t("tax.tax.notEligibleOpenedBefore"))} />
            </dl>
          </section>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{t("tax.tax.rrspOrTfsa")}</CardTitle>
          <CardDescription>{t("tax.tax.theSamePreTax")}</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <FieldGrid fields={RETIREMENT} form={f2} prefix="compare" />
          <div className="flex flex-col gap-4">
            <Results label={t("tax.tax.rrspVersusTfsa")} invalid={!ok} error={compare.error} loading={compare.isPending && !c} pending={compare.pending}
              summary={c && (
                <>
                  <p className="rounded-lg border border-primary/50 bg-primary/5 p-4 text-sm" data-testid="rrsp-vs-tfsa">
                    {c.better === "equal"
                      ? t("tax.tax.bothEndUpThe")
                      : <Message
                          id="tax.compare.better"
                          values={{ better: c.better, advantage: fmt.money(c.advantage), now: fmt.percent(c.marginal_rate_now), later: fmt.percent(c.marginal_rate_retirement), b: (x) => <strong>{x}</strong> }}
                        />}
                  </p>
                  <dl className="grid gap-3 sm:grid-cols-3">
                    <Stat label={t("tax.tax.rrspAfterTax")} value={fmt.money(c.rrsp_after_tax)} />
                    <Stat label={t("tax.tax.tfsaAfterTax")} value={fmt.money(c.tfsa_after_tax)} />
                    <Stat label={t("tax.tax.breakEvenRetirementRate")} value={fmt.percent(c.break_even_retirement_rate)} detail={t("tax.tax.aboveItTheTfsa")} />
                  </dl>
                </>
              )}
            />
            {o && (
              <div role="status" data-testid="oas-warning"
                className={Number(o.recovery_tax) > 0 ? "flex gap-3 rounded-lg border border-destructive/60 bg-destructive/5 p-4 text-sm" : "flex gap-3 rounded-lg border p-4 text-sm"}>
                {Number(o.recovery_tax) > 0 ? <AlertTriangle className="size-5 shrink-0 text-destructive" aria-hidden="true" /> : <CheckCircle2 className="size-5 shrink-0 text-primary" aria-hidden="true" />}
                <p>
                  {Number(o.recovery_tax) > 0
                    ? <><strong>{t("tax.tax.oasRecoveryTax2")}</strong> {t("tax.tax.aRetirementIncomeOf", { income_retirement: fmt.money(v.income_retirement, { wholeDollars: true }), recovery_threshold: fmt.money(o.recovery_threshold, { wholeDollars: true }), recovery_tax: fmt.money(o.recovery_tax, { wholeDollars: true }), annual_gross: fmt.money(o.annual_gross, { wholeDollars: true }) })}</>
                    : <>{t("tax.tax.noOasRecoveryTax", { income_retirement: fmt.money(v.income_retirement, { wholeDollars: true }), recovery_threshold: fmt.money(o.recovery_threshold, { wholeDollars: true }), annual_gross: fmt.money(o.annual_gross, { wholeDollars: true }) })}</>}
                </p>
              </div>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function roomValue<T>(q: { data?: T; error: unknown; isPending: boolean; isFetching: boolean }, show: (r: T) => ReactNode, t: Translate): ReactNode {
  if (q.data) return show(q.data);
  if (q.error) return t("tax.tax.checkTheFields");
  if (q.isFetching) return "…";
  return "—";
}

type TaxResult = NonNullable<ReturnType<typeof useCalc<"/api/v1/calc/tax">>["data"]>;

/** How the tax is worked out: income, then for each jurisdiction the tax before credits, every credit applied
 * (with the amount it was applied to), the basic tax, the extra lines, and the tax. */
function TaxWorking({ tax }: { tax: TaxResult }) {
  const fmt = useFormat();
  const t = useT();
  const both = [tax.federal, tax.provincial];
  const codes = [...new Set(both.flatMap((j) => j.credits.map((c) => c.code)))];
  const lines = [...new Set(both.flatMap((j) => j.adjustments.filter((a) => Number(a.amount) !== 0).map((a) => a.code)))];
  const credit = (j: TaxResult["federal"], code: string) => {
    const c = j.credits.find((x) => x.code === code);
    return c ? `−${fmt.money(c.credit)}` : "—";
  };
  const label = (code: string) => {
    const c = both.flatMap((j) => j.credits).find((x) => x.code === code)!;
    const amounts = both.map((j) => j.credits.find((x) => x.code === code)?.amount).filter((a) => a !== undefined);
    const same = amounts.every((a) => Number(a) === Number(amounts[0]));
    return same ? t("tax.tax.on", { label: c.label, value: fmt.money(amounts[0]) }) : c.label;
  };
  return (
    <details className="rounded-lg border p-3 text-sm" data-testid="tax-working">
      <summary className="cursor-pointer select-none font-medium">{t("tax.tax.howThisIsWorked")}</summary>
      <p className="mt-2 text-xs text-muted-foreground">
        {t("tax.tax.totalIncomeTaxableIncome", { total_income: fmt.money(tax.total_income), value: tax.deductions.map((d) => t("tax.tax.less", { value: d.label.replace(/^(\p{Lu})(?=\p{Ll})/u, (c) => c.toLocaleLowerCase(fmt.locale)), amount: fmt.money(d.amount) })).join(""), taxable_income: fmt.money(tax.taxable_income) })}
      </p>
      <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label={t("tax.tax.taxWorkedOutFederal")}>
        <table className="w-full text-xs">
          <caption className="sr-only">{t("tax.tax.federalAndProvincialTax")}</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-1 pr-2 text-left font-medium">{t("tax.tax.step")}</th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">{t("tax.tax.federal")}</th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">{t("tax.tax.provincial")}</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            <tr><th scope="row" className="py-1 pr-2 text-left font-normal">{t("tax.tax.taxOnTaxableIncome")}</th>{both.map((j, i) => <td key={i} className="whitespace-nowrap py-1 pl-2 text-right">{fmt.money(j.tax_before_credits)}</td>)}</tr>
            {codes.map((code) => (
              <tr key={code}><th scope="row" className="py-1 pr-2 text-left font-normal text-muted-foreground">{label(code)}</th>{both.map((j, i) => <td key={i} className="whitespace-nowrap py-1 pl-2 text-right">{credit(j, code)}</td>)}</tr>
            ))}
            <tr className="border-t"><th scope="row" className="py-1 pr-2 text-left font-normal">{t("tax.tax.basicTax")}</th>{both.map((j, i) => <td key={i} className="whitespace-nowrap py-1 pl-2 text-right">{fmt.money(j.basic_tax)}</td>)}</tr>
            {lines.map((code) => {
              const a = both.flatMap((j) => j.adjustments).find((x) => x.code === code)!;
              return (
                <tr key={code}><th scope="row" className="py-1 pr-2 text-left font-normal text-muted-foreground">{a.label}</th>{both.map((j, i) => {
                  const x = j.adjustments.find((y) => y.code === code);
                  return <td key={i} className="whitespace-nowrap py-1 pl-2 text-right">{x ? signed(Number(x.amount), fmt.money) : NO_VALUE}</td>;
                })}</tr>
              );
            })}
            <tr className="border-t font-medium"><th scope="row" className="py-1 pr-2 text-left">{t("tax.tax.tax")}</th>{both.map((j, i) => <td key={i} className="whitespace-nowrap py-1 pl-2 text-right">{fmt.money(j.net_tax)}</td>)}</tr>
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-muted-foreground">{t("tax.tax.creditsAreTheAmount")}</p>
    </details>
  );
}

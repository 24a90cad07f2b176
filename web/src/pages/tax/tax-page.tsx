/** /tax-advice and /tax: an income-tax estimate for the user's province and income (/calc/tax) with marginal and
 * average rates, the RRSP deduction's effect and how the tax is worked out (each credit, federal and provincial); TFSA, RRSP and FHSA room (/calc/*-room); RRSP versus TFSA
 * (/calc/rrsp-vs-tfsa); and an OAS recovery-tax warning for the retirement income (/calc/oas). Inputs start from
 * the household plan (GET /api/v1/plan/household): its province, the first person's gross pay and age. */
import type { NumField } from "@firepath/shared/calc-fields";
import { formatCurrency, formatPercent } from "@firepath/shared/format";
import { AlertTriangle, CheckCircle2 } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { type CalcBody, useCalc } from "@/api/calc";
import { useHouseholdPlan, usePlanSummary } from "@/api/plan";
import { FieldGrid, Results, Stat, useCalcForm } from "@/components/calc/calc-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { planNumbers, PROVINCES, type ProvinceCode } from "@/lib/user-numbers";

const TAX_YEARS = [2026, 2025, 2024] as const;
const THIS_YEAR = new Date().getFullYear();

const INCOME: NumField[] = [
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
const INCOME_KEYS = ["employment_income", "other_income", "self_employment_income", "pension_income", "cpp_income", "oas_income",
  "eligible_dividends", "non_eligible_dividends", "capital_gains"] as const;
const ROOM: NumField[] = [
  { name: "birth_year", label: "Birth year", kind: "integer", min: 1900, max: THIS_YEAR, required: true },
  { name: "tfsa_contributed", label: "TFSA: contributed so far (net)", kind: "money", hint: "All your TFSA deposits minus withdrawals before this year" },
  { name: "previous_year_earned_income", label: "Last year's earned income", kind: "money", required: true },
  { name: "rrsp_unused", label: "Unused RRSP room carried forward", kind: "money", hint: "From your notice of assessment" },
  { name: "pension_adjustment", label: "Pension adjustment", kind: "money", hint: "Box 52 of last year's T4" },
  { name: "fhsa_year_opened", label: "FHSA: year opened", kind: "integer", min: 2023, max: 2200, hint: "Leave blank if you have no FHSA" },
  { name: "fhsa_contributed", label: "FHSA: contributed so far", kind: "money" },
];
const RETIREMENT: NumField[] = [
  { name: "amount", label: "Amount to invest", kind: "money", required: true, hint: "Pre-tax dollars" },
  { name: "years", label: "Years until you withdraw", kind: "integer", min: 0, max: 100, required: true },
  { name: "annual_return", label: "Expected return", kind: "percent", above: -100, max: 100, required: true },
  { name: "income_retirement", label: "Yearly income in retirement", kind: "money", required: true, hint: "Today's dollars, including CPP, OAS and withdrawals" },
];

export default function TaxPage() {
  const summary = usePlanSummary();
  const household = useHouseholdPlan();
  const [year, setYear] = useState<number>(TAX_YEARS.includes(THIS_YEAR as 2026) ? THIS_YEAR : TAX_YEARS[0]);
  const [province, setProvince] = useState<ProvinceCode>("ON");
  const form = useCalcForm([...INCOME, ...MORE_INCOME, ...ROOM, ...RETIREMENT], {
    employment_income: "75000", other_income: "", rrsp_deduction: "5000", age: "", self_employment_income: "", pension_income: "",
    cpp_income: "", oas_income: "", eligible_dividends: "", non_eligible_dividends: "", capital_gains: "", birth_year: "1990", tfsa_contributed: "", previous_year_earned_income: "75000",
    rrsp_unused: "", pension_adjustment: "", fhsa_year_opened: "", fhsa_contributed: "", amount: "10000", years: "25", annual_return: "5", income_retirement: "60000",
  });
  const [fromPlan, setFromPlan] = useState<string[]>([]);
  const seeded = useRef(false);
  const { setRaw } = form;
  useEffect(() => {
    if (seeded.current || summary.isPending || household.isPending) return;
    seeded.current = true;
    if (!summary.data || !household.data) return; // no plan (an error): keep the example numbers
    const n = planNumbers(summary.data, household.data);
    const used: string[] = [];
    if (n.ownProvince) { setProvince(n.province); used.push("province"); }
    const patch: Record<string, string> = {};
    if (n.salary > 0) {
      patch.employment_income = String(Math.round(n.salary));
      patch.previous_year_earned_income = String(Math.round(n.salary));
      used.push("salary");
    }
    if (n.age !== null) { patch.birth_year = String(THIS_YEAR - n.age); patch.age = String(n.age); used.push("age"); }
    setRaw((r) => ({ ...r, ...patch }));
    setFromPlan(used);
  }, [summary.isPending, summary.data, household.isPending, household.data, setRaw]);

  const v = form.values;
  const errors = { ...form.errors };
  const incomeTotal = INCOME_KEYS.reduce((sum, k) => sum + (v[k] ?? 0), 0);
  if (form.ok && (v.rrsp_deduction ?? 0) > incomeTotal) errors.rrsp_deduction = "RRSP deduction cannot be more than your income";
  if (v.fhsa_year_opened && v.fhsa_year_opened > year) errors.fhsa_year_opened = `FHSA year opened must be ${year} or earlier`;
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
  const t = tax.data;
  const c = compare.data;
  const o = oas.data;
  const f2 = { ...form, errors };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Tax advice</h1>
        <p className="text-sm text-muted-foreground">
          An estimate from the CRA's tables for your province: not tax advice for your exact return.{" "}
          {fromPlan.length > 0
            ? `Started from your household plan: ${fromPlan.join(", ")}.`
            : <>Save your <Link className="underline" to="/settings/profile">profile</Link> and <Link className="underline" to="/settings/income">income</Link> to start from your own numbers.</>}
        </p>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Your income</CardTitle>
            <CardDescription>Results update as you type.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="tax-province">Province or territory</Label>
                <NativeSelect id="tax-province" value={province} onChange={(e) => setProvince(e.target.value as ProvinceCode)}>
                  {PROVINCES.map(([code, name]) => <option key={code} value={code}>{name}</option>)}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="tax-year">Tax year</Label>
                <NativeSelect id="tax-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
                  {TAX_YEARS.map((y) => <option key={y} value={y}>{y}</option>)}
                </NativeSelect>
              </div>
            </div>
            <FieldGrid fields={INCOME} form={f2} prefix="tax" />
            <details className="rounded-lg border p-3" open={MORE_INCOME.some((f) => form.raw[f.name] && f.name !== "age")}>
              <summary className="cursor-pointer select-none text-sm font-medium">Age, pensions, investments and self-employment</summary>
              <div className="mt-3"><FieldGrid fields={MORE_INCOME} form={f2} prefix="tax" /></div>
            </details>
          </CardContent>
        </Card>
        <Results label="Tax estimate" invalid={!ok} error={tax.error} loading={tax.isPending && !t} pending={tax.pending}
          summary={t && (
            <div data-tour="tax-summary" className="flex flex-col gap-3">
              <dl className="grid gap-3 sm:grid-cols-2">
                <Stat label="Income tax" value={formatCurrency(t.income_tax)} testId="tax-income-tax" emphasis detail={`Federal ${formatCurrency(t.federal_tax)}, provincial ${formatCurrency(t.provincial_tax)}`} />
                <Stat label="After tax and payroll deductions" value={formatCurrency(t.after_tax_income)} detail={`${formatCurrency(t.after_tax_income / 12)} a month`} />
                <Stat label="Marginal rate" value={formatPercent(t.marginal_rate, { digits: 2 })} testId="tax-marginal"
                  detail={`Tax on your next dollar of income; on eligible dividends ${formatPercent(t.marginal_rates.eligible_dividends, { digits: 2 })}, other dividends ${formatPercent(t.marginal_rates.non_eligible_dividends, { digits: 2 })}, capital gains ${formatPercent(t.marginal_rates.capital_gains, { digits: 2 })}`} />
                <Stat label="Average rate" value={formatPercent(t.average_rate, { digits: 2 })} testId="tax-average" detail="Income tax over total income" />
                <Stat label={province === "QC" ? "QPP, QPP2, EI and QPIP" : "CPP, CPP2 and EI"} value={formatCurrency(t.cpp + t.cpp2 + t.ei + t.qpip)}
                  detail={Number(t.cpp + t.cpp2 + t.ei + t.qpip) === 0
                    ? "None: only employment and self-employment income pay them"
                    : `${province === "QC" ? "QPP" : "CPP"} ${formatCurrency(t.cpp)}, ${province === "QC" ? "QPP2" : "CPP2"} ${formatCurrency(t.cpp2)}, EI ${formatCurrency(t.ei)}${province === "QC" ? `, QPIP ${formatCurrency(t.qpip)}` : ""}`} />
                {Number(t.oas_recovery_tax) > 0 && (
                  <Stat label="OAS recovery tax" value={formatCurrency(t.oas_recovery_tax)} testId="tax-oas-recovery" detail="15% of net income above the year's threshold, paid back from your OAS" />
                )}
                <Stat label="Your RRSP deduction saves" value={t.rrsp_tax_saved === null ? "No deduction entered" : formatCurrency(t.rrsp_tax_saved)} testId="tax-rrsp-saved"
                  detail={t.rrsp_tax_saved === null ? "Enter an RRSP contribution to see its refund" : `Tax now, against the same income without it`} />
              </dl>
              <TaxWorking tax={t} />
            </div>
          )}
        />
      </div>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Contribution room</CardTitle>
          <CardDescription>TFSA room on January 1, your RRSP deduction limit and FHSA room for {year}.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <FieldGrid fields={ROOM} form={f2} prefix="room" />
          <section aria-label="Contribution room" aria-live="polite" aria-busy={tfsa.pending || rrsp.pending || fhsa.pending}>
            <dl className="grid gap-3 sm:grid-cols-3">
              <Stat label="TFSA room" testId="room-tfsa" value={roomValue(tfsa, (r) => formatCurrency(r.room))}
                detail={tfsa.data && (Number(tfsa.data.over_contribution) > 0
                  ? `Over-contributed by ${formatCurrency(tfsa.data.over_contribution)}: 1% a month (${formatCurrency(tfsa.data.monthly_penalty)}) until withdrawn`
                  : `Cumulative limit since ${tfsa.data.first_eligible_year}: ${formatCurrency(tfsa.data.cumulative_limit)}`)} />
              <Stat label="RRSP deduction limit" testId="room-rrsp" value={roomValue(rrsp, (r) => formatCurrency(r.available))}
                detail={rrsp.data && (rrsp.data.can_contribute
                  ? `New room ${formatCurrency(rrsp.data.new_room)}: 18% of earned income up to ${formatCurrency(rrsp.data.dollar_limit)}`
                  : "You can no longer contribute after the year you turn 71")} />
              <Stat label="FHSA room" testId="room-fhsa" value={fhsaBody === null && has("fhsa_year_opened") ? "Not opened" : roomValue(fhsa, (r) => formatCurrency(r.room))}
                detail={fhsaBody === null
                  ? "Opening an FHSA starts $8,000 of room a year (up to $40,000) for a first home"
                  : fhsa.data && (fhsa.data.eligible ? `Lifetime left ${formatCurrency(fhsa.data.lifetime_remaining)}; must close by the end of ${fhsa.data.participation_period_ends}` : "Not eligible (opened before 18 or after 71)")} />
            </dl>
          </section>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="text-lg">RRSP or TFSA?</CardTitle>
          <CardDescription>The same pre-tax dollars in each: the RRSP deducts now and is taxed on withdrawal; the TFSA invests what is left after tax.</CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <FieldGrid fields={RETIREMENT} form={f2} prefix="compare" />
          <div className="flex flex-col gap-4">
            <Results label="RRSP versus TFSA" invalid={!ok} error={compare.error} loading={compare.isPending && !c} pending={compare.pending}
              summary={c && (
                <>
                  <p className="rounded-lg border border-primary/50 bg-primary/5 p-4 text-sm" data-testid="rrsp-vs-tfsa">
                    {c.better === "equal"
                      ? "Both end up the same: your tax rate now equals your rate in retirement."
                      : <>The <strong>{c.better === "rrsp" ? "RRSP" : "TFSA"}</strong> leaves you {formatCurrency(c.advantage)} more after tax, because your marginal rate now ({formatPercent(c.marginal_rate_now)}) is {c.better === "rrsp" ? "higher" : "lower"} than in retirement ({formatPercent(c.marginal_rate_retirement)}).</>}
                  </p>
                  <dl className="grid gap-3 sm:grid-cols-3">
                    <Stat label="RRSP after tax" value={formatCurrency(c.rrsp_after_tax)} />
                    <Stat label="TFSA after tax" value={formatCurrency(c.tfsa_after_tax)} />
                    <Stat label="Break-even retirement rate" value={formatPercent(c.break_even_retirement_rate)} detail="Above it, the TFSA wins" />
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
                    ? <><strong>OAS recovery tax:</strong> a retirement income of {formatCurrency(v.income_retirement, { wholeDollars: true })} is above the {formatCurrency(o.recovery_threshold, { wholeDollars: true })} threshold, so about {formatCurrency(o.recovery_tax, { wholeDollars: true })} of your {formatCurrency(o.annual_gross, { wholeDollars: true })} yearly OAS would be clawed back (15% of the income above it). Drawing down the RRSP before 65 or favouring the TFSA lowers it.</>
                    : <>No OAS recovery tax: a retirement income of {formatCurrency(v.income_retirement, { wholeDollars: true })} is below the {formatCurrency(o.recovery_threshold, { wholeDollars: true })} threshold, so you keep the full {formatCurrency(o.annual_gross, { wholeDollars: true })} a year of OAS at 65.</>}
                </p>
              </div>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function roomValue<T>(q: { data?: T; error: unknown; isPending: boolean; isFetching: boolean }, show: (r: T) => ReactNode): ReactNode {
  if (q.data) return show(q.data);
  if (q.error) return "Check the fields";
  if (q.isFetching) return "…";
  return "—";
}

type TaxResult = NonNullable<ReturnType<typeof useCalc<"/api/v1/calc/tax">>["data"]>;

/** How the tax is worked out: income, then for each jurisdiction the tax before credits, every credit applied
 * (with the amount it was applied to), the basic tax, the extra lines, and the tax. */
function TaxWorking({ tax }: { tax: TaxResult }) {
  const both = [tax.federal, tax.provincial];
  const codes = [...new Set(both.flatMap((j) => j.credits.map((c) => c.code)))];
  const lines = [...new Set(both.flatMap((j) => j.adjustments.filter((a) => Number(a.amount) !== 0).map((a) => a.code)))];
  const credit = (j: TaxResult["federal"], code: string) => {
    const c = j.credits.find((x) => x.code === code);
    return c ? `−${formatCurrency(c.credit)}` : "—";
  };
  const label = (code: string) => {
    const c = both.flatMap((j) => j.credits).find((x) => x.code === code)!;
    const amounts = both.map((j) => j.credits.find((x) => x.code === code)?.amount).filter((a) => a !== undefined);
    const same = amounts.every((a) => Number(a) === Number(amounts[0]));
    return same ? `${c.label} (on ${formatCurrency(amounts[0])})` : c.label;
  };
  return (
    <details className="rounded-lg border p-3 text-sm" data-testid="tax-working">
      <summary className="cursor-pointer select-none font-medium">How this is worked out</summary>
      <p className="mt-2 text-xs text-muted-foreground">
        Total income {formatCurrency(tax.total_income)}
        {tax.deductions.map((d) => `, less ${d.label.replace(/^(\w)(?=[a-z])/, (c) => c.toLowerCase())} ${formatCurrency(d.amount)}`).join("")}: taxable income {formatCurrency(tax.taxable_income)}.
      </p>
      <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Tax worked out, federal and provincial">
        <table className="w-full text-xs">
          <caption className="sr-only">Federal and provincial tax, step by step</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="py-1 pr-2 text-left font-medium">Step</th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">Federal</th>
              <th scope="col" className="py-1 pl-2 text-right font-medium">Provincial</th>
            </tr>
          </thead>
          <tbody className="tabular-nums">
            <tr><th scope="row" className="py-1 pr-2 text-left font-normal">Tax on taxable income</th>{both.map((j, i) => <td key={i} className="whitespace-nowrap py-1 pl-2 text-right">{formatCurrency(j.tax_before_credits)}</td>)}</tr>
            {codes.map((code) => (
              <tr key={code}><th scope="row" className="py-1 pr-2 text-left font-normal text-muted-foreground">{label(code)}</th>{both.map((j, i) => <td key={i} className="whitespace-nowrap py-1 pl-2 text-right">{credit(j, code)}</td>)}</tr>
            ))}
            <tr className="border-t"><th scope="row" className="py-1 pr-2 text-left font-normal">Basic tax</th>{both.map((j, i) => <td key={i} className="whitespace-nowrap py-1 pl-2 text-right">{formatCurrency(j.basic_tax)}</td>)}</tr>
            {lines.map((code) => {
              const a = both.flatMap((j) => j.adjustments).find((x) => x.code === code)!;
              return (
                <tr key={code}><th scope="row" className="py-1 pr-2 text-left font-normal text-muted-foreground">{a.label}</th>{both.map((j, i) => {
                  const x = j.adjustments.find((y) => y.code === code);
                  return <td key={i} className="whitespace-nowrap py-1 pl-2 text-right">{x ? `${Number(x.amount) > 0 ? "+" : "−"}${formatCurrency(Math.abs(Number(x.amount)))}` : "—"}</td>;
                })}</tr>
              );
            })}
            <tr className="border-t font-medium"><th scope="row" className="py-1 pr-2 text-left">Tax</th>{both.map((j, i) => <td key={i} className="whitespace-nowrap py-1 pl-2 text-right">{formatCurrency(j.net_tax)}</td>)}</tr>
          </tbody>
        </table>
      </div>
      <p className="mt-2 text-xs text-muted-foreground">Credits are the amount times the lowest rate (dividend credits: a share of the grossed-up dividends); tax never goes below zero.</p>
    </details>
  );
}

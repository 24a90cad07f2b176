/** FIRE: the FIRE number, savings rate and time to FI (/calc/fire) and the Lean, Fat, Coast and Barista numbers
 * (/calc/fire-variants), a simple model (a fixed withdrawal rate, no tax or benefits). Starts from the household
 * plan when there is one, and then shows the plan's own FI date and FIRE number beside the calculator's answer, so
 * the two are never mistaken for each other: the plan's is the one that counts. */
import type { NumField } from "@firepath/shared/calc-fields";
import { formatCurrency, formatNumber, formatPercent } from "@firepath/shared/format";
import { useEffect, useRef, useState } from "react";
import { type CalcBody, useCalc } from "@/api/calc";
import { type PlanSummary, useHouseholdPlan, usePlanSummary } from "@/api/plan";
import { CALC_LAYOUT, FieldGrid, Results, Stat, useCalcForm } from "@/components/calc/calc-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatMonth } from "@/lib/user-numbers";
import { fireSeed } from "@firepath/shared/plan-numbers";

const FIELDS: NumField[] = [
  { name: "annual_expenses", label: "Yearly spending", kind: "money", required: true },
  { name: "withdrawal_rate", label: "Withdrawal rate", kind: "percent", min: 1, max: 100, required: true, hint: "4% means a FIRE number of 25 times your spending" },
  { name: "annual_income", label: "Yearly take-home income", kind: "money", hint: "For your savings rate" },
  { name: "annual_savings", label: "Yearly savings", kind: "money" },
  { name: "current_portfolio", label: "Invested today", kind: "money" },
  { name: "annual_return", label: "Expected return", kind: "percent", above: -100, max: 100, required: true },
  { name: "inflation", label: "Inflation", kind: "percent", min: -50, max: 100, required: true },
  { name: "current_age", label: "Your age", kind: "integer", min: 0, max: 120, required: true },
  { name: "retirement_age", label: "Retirement age", kind: "integer", min: 0, max: 120, required: true, hint: "For Coast FIRE" },
  { name: "barista_annual_income", label: "Part-time income in FI", kind: "money", hint: "For Barista FIRE" },
];

export function FireCalculator() {
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
  const ageError = form.ok && v.retirement_age! < v.current_age! ? "Retirement age must be at least your age" : undefined;
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
          <CardTitle className="text-lg">Your numbers</CardTitle>
          <CardDescription>{fromPlan ? "Filled in from your plan; change anything to try other numbers." : "Results update as you type."}</CardDescription>
        </CardHeader>
        <CardContent>
          <FieldGrid fields={FIELDS} form={{ ...form, errors }} prefix="fire" />
        </CardContent>
      </Card>
      <div className="flex flex-col gap-4">
      {fromPlan && <PlanFigures plan={fromPlan} />}
      <Results
        label="FIRE results"
        invalid={!ok}
        error={fire.error ?? variants.error}
        loading={(fire.isPending && !f) || (variants.isPending && !w)}
        pending={fire.pending || variants.pending}
        summary={f && (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label={fromPlan ? "FIRE number (this calculator)" : "FIRE number"} value={formatCurrency(f.fire_number, { wholeDollars: true })} testId="fire-number" emphasis
              detail={`${formatNumber(multiplier, { digits: 2 })} × yearly spending (a ${formatPercent(f.withdrawal_rate, { digits: 2 })} withdrawal rate)`} />
            <Stat label={fromPlan ? "Time to FI (this calculator)" : "Time to FI"} value={f.years_to_fi === null ? "Not reached in 100 years" : `${formatNumber(f.years_to_fi, { digits: 1 })} years`}
              detail={f.months_to_fi !== null ? `${f.months_to_fi} months, in today's dollars` : "Save more or spend less to get there"} testId="fire-years" />
            <Stat label="Savings rate" value={f.savings_rate === null ? "—" : formatPercent(f.savings_rate)} detail="Savings over take-home income; 20% or more is the usual target" />
            {w && <Stat label="Coast FIRE number" value={w.coast_fire_number === null ? "—" : formatCurrency(w.coast_fire_number, { wholeDollars: true })}
              detail={w.coast_reached ? "Reached: growth alone gets you there by your retirement age" : `Invested by now, growth alone would reach FI in ${w.years_to_retirement} years`} />}
            {w && <Stat label="Lean FIRE" value={formatCurrency(w.lean_fire_number, { wholeDollars: true })} detail="A leaner budget" />}
            {w && <Stat label="Fat FIRE" value={formatCurrency(w.fat_fire_number, { wholeDollars: true })} detail="A more generous budget" />}
            {w && <Stat label="Barista FIRE" value={formatCurrency(w.barista_fire_number, { wholeDollars: true })} detail="With the part-time income covering some spending" />}
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
  return (
    <section aria-labelledby="fire-plan-title" className="rounded-lg border border-primary/50 bg-primary/5 p-4 text-sm" data-testid="fire-plan">
      <h3 id="fire-plan-title" className="font-semibold">
        {plan.fi_date
          ? <>Your plan: independent in <span data-testid="fire-plan-date">{formatMonth(plan.fi_date)}</span> (taxes, CPP and OAS counted)</>
          : <>Your plan: not independent before its horizon (taxes, CPP and OAS counted)</>}
      </h3>
      {plan.fire_number != null && (
        <p className="mt-1">
          It needs <strong className="tabular-nums" data-testid="fire-plan-number">{formatCurrency(plan.fire_number, { wholeDollars: true })}</strong> invested
          at independence, in today's dollars.
        </p>
      )}
      <p className="mt-1 text-muted-foreground">
        This calculator is a simple model: a fixed withdrawal rate, no tax, no CPP or OAS. Your plan's figure is the one
        that counts; use the calculator to see how each number moves the result.
      </p>
    </section>
  );
}

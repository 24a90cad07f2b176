/** FIRE: the FIRE number, savings rate and time to FI (/calc/fire) and the Lean, Fat, Coast and Barista numbers
 * (/calc/fire-variants). Starts from the user's snapshot when they have one. */
import { formatCurrency, formatNumber, formatPercent } from "@firepath/shared/format";
import { useEffect, useRef, useState } from "react";
import { type CalcBody, useCalc } from "@/api/calc";
import { useProfile } from "@/api/profile";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { usePlan, useSnapshot } from "@/pages/tax/user-numbers";
import type { NumField } from "./calc-fields";
import { CALC_LAYOUT, FieldGrid, Results, Stat, useCalcForm } from "./calc-form";
import { fireSeed } from "./fire-seed";

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
  // Start from the user's own numbers once, before they edit anything.
  const snapshot = useSnapshot();
  const profile = useProfile();
  const plan = usePlan();
  const seeded = useRef(false);
  const [fromProfile, setFromProfile] = useState(false);
  const { setRaw } = form;
  useEffect(() => {
    if (seeded.current || snapshot.isPending || profile.isPending || plan.isPending) return;
    seeded.current = true;
    const s = snapshot.data;
    if (!s) return; // no snapshot (an error): keep the example numbers
    setFromProfile(true);
    setRaw((r) => ({ ...r, ...fireSeed(s, plan.data, profile.data?.age) }));
  }, [snapshot.isPending, snapshot.data, profile.isPending, profile.data, plan.isPending, plan.data, setRaw]);

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
          <CardDescription>{fromProfile ? "Filled in from your profile where you have data; change anything." : "Results update as you type."}</CardDescription>
        </CardHeader>
        <CardContent>
          <FieldGrid fields={FIELDS} form={{ ...form, errors }} prefix="fire" />
        </CardContent>
      </Card>
      <Results
        label="FIRE results"
        invalid={!ok}
        error={fire.error ?? variants.error}
        loading={(fire.isPending && !f) || (variants.isPending && !w)}
        pending={fire.pending || variants.pending}
        summary={f && (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label="FIRE number" value={formatCurrency(f.fire_number, { wholeDollars: true })} testId="fire-number" emphasis
              detail={`${formatNumber(multiplier, { digits: 2 })} × yearly spending (a ${formatPercent(f.withdrawal_rate, { digits: 2 })} withdrawal rate)`} />
            <Stat label="Time to FI" value={f.years_to_fi === null ? "Not reached in 100 years" : `${formatNumber(f.years_to_fi, { digits: 1 })} years`}
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
  );
}

/** FIRE: the FIRE number, savings rate and time to FI (/calc/fire) and the Lean, Fat, Coast and Barista numbers
 * (/calc/fire-variants), as the web's calculator. It starts from the household plan (the web's fire-seed source),
 * and then shows the plan's own FI date and FIRE number beside its simple answer: the plan's is the one that counts. */
import type { NumField } from "@firepath/shared/calc-fields";
import { formatMonth, formatNumber, formatPercent } from "@firepath/shared/format";
import { useEffect, useRef, useState } from "react";
import { Text } from "react-native";
import { Body, Button, Card, Money } from "@/components/ui";
import { type PlanSummary, usePlanSummary } from "@/features/plan/plan-api";
import { useColours } from "@/lib/theme";
import { type CalcBody, useCalc, useHouseholdPlan } from "./calc-api";
import { FieldList, figureStyle, Notes, Results, Stat, useCalcForm } from "./calc-parts";
import { fireSeed } from "@firepath/shared/plan-numbers";

export const FIRE_FIELDS: NumField[] = [
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

export const FIRE_EXAMPLE = {
  annual_expenses: "48000", withdrawal_rate: "4", annual_income: "80000", annual_savings: "24000", current_portfolio: "50000",
  annual_return: "7", inflation: "2", current_age: "35", retirement_age: "55", barista_annual_income: "20000",
};

export function FireCalculator() {
  const form = useCalcForm(FIRE_FIELDS, FIRE_EXAMPLE);
  // Start from the household plan once, before the user edits anything.
  const summary = usePlanSummary();
  const household = useHouseholdPlan();
  const seeded = useRef(false);
  const [fromPlan, setFromPlan] = useState<PlanSummary | null>(null);
  const { setRaw } = form;
  const seed = summary.data && household.data ? fireSeed(summary.data, household.data) : null;
  const usable = seed?.annual_expenses ? seed : null; // no spending: the plan has no FI date to compare with
  useEffect(() => {
    if (seeded.current || summary.isPending || household.isPending) return;
    seeded.current = true;
    if (!usable || !summary.data) return; // no plan (an error): keep the example numbers
    setFromPlan(summary.data);
    setRaw((r) => ({ ...r, ...usable }));
  }, [summary.isPending, summary.data, household.isPending, usable, setRaw]);

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
    <>
      <Card title="Your numbers">
        <Body muted>{fromPlan ? "Filled in from your plan; change anything to try other numbers." : "Results update as you type."}</Body>
        {usable ? (
          <Button
            label="Fill in from my plan"
            variant="secondary"
            accessibilityHint="Puts your plan's spending, savings, investments, rates and ages in the fields"
            onPress={() => {
              setFromPlan(summary.data ?? null);
              setRaw((r) => ({ ...r, ...usable }));
            }}
          />
        ) : null}
        <FieldList fields={FIRE_FIELDS} form={form} errors={errors} />
      </Card>
      {fromPlan ? <PlanFigures plan={fromPlan} /> : null}
      <Results label="FIRE results" invalid={!ok} query={{ ...fire, error: fire.error ?? variants.error, pending: fire.pending || variants.pending }}>
        {f ? (
          <>
            <Stat
              label={fromPlan ? "FIRE number (this calculator)" : "FIRE number"}
              value={<Money value={f.fire_number} style={figureStyle(true)} />}
              testID="fire-number"
              emphasis
              detail={`${formatNumber(multiplier, { digits: 2 })} × yearly spending (a ${formatPercent(f.withdrawal_rate, { digits: 2 })} withdrawal rate)`}
            />
            <Stat
              label={fromPlan ? "Time to FI (this calculator)" : "Time to FI"}
              value={f.years_to_fi === null ? "Not reached in 100 years" : `${formatNumber(f.years_to_fi, { digits: 1 })} years`}
              detail={f.months_to_fi !== null ? `${f.months_to_fi} months, in today's dollars` : "Save more or spend less to get there"}
              testID="fire-years"
            />
            <Stat label="Savings rate" value={f.savings_rate === null ? "—" : formatPercent(f.savings_rate)} detail="Savings over take-home income; 20% or more is the usual target" />
            {w ? (
              <>
                <Stat
                  label="Coast FIRE number"
                  value={w.coast_fire_number === null ? "—" : <Money value={w.coast_fire_number} style={figureStyle()} />}
                  detail={w.coast_reached ? "Reached: growth alone gets you there by your retirement age" : `Invested by now, growth alone would reach FI in ${w.years_to_retirement} years`}
                />
                <Stat label="Lean FIRE" value={<Money value={w.lean_fire_number} style={figureStyle()} />} detail="A leaner budget" />
                <Stat label="Fat FIRE" value={<Money value={w.fat_fire_number} style={figureStyle()} />} detail="A more generous budget" />
                <Stat label="Barista FIRE" value={<Money value={w.barista_fire_number} style={figureStyle()} />} detail="With the part-time income covering some spending" />
              </>
            ) : null}
            <Notes notes={f.assumptions.notes} />
          </>
        ) : null}
      </Results>
    </>
  );
}

/** The plan's own answer, beside the calculator's: what it counts that this calculator does not. */
function PlanFigures({ plan }: { plan: PlanSummary }) {
  const c = useColours();
  return (
    <Card testID="fire-plan">
      <Text accessibilityRole="header" style={{ color: c.text, fontWeight: "700", fontSize: 16 }} testID="fire-plan-heading">
        {plan.fi_date
          ? `Your plan: independent in ${formatMonth(plan.fi_date)} (taxes, CPP and OAS counted)`
          : "Your plan: not independent before its horizon (taxes, CPP and OAS counted)"}
      </Text>
      {plan.fire_number != null ? (
        <Text style={{ color: c.text, fontSize: 16 }}>
          {"It needs "}
          <Money value={plan.fire_number} style={{ fontWeight: "700" }} />
          {" invested at independence, in today's dollars."}
        </Text>
      ) : null}
      <Body muted>
        This calculator is a simple model: a fixed withdrawal rate, no tax, no CPP or OAS. Your plan's figure is the one that
        counts; use the calculator to see how each number moves the result.
      </Body>
    </Card>
  );
}

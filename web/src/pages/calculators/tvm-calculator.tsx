/** Time value of money: the five keys of a financial calculator (/calc/tvm: solve for one of N, rate, PV, PMT, FV,
 * with payment timing, payments and compounding per year, and one period's interest/principal split), and NPV,
 * IRR, XNPV and XIRR of a list of cash flows (/calc/cash-flows). Spreadsheet signs: money paid out is negative. */
import type { NumField } from "@firepath/shared/calc-fields";
import { formatCurrency, formatNumber, formatPercent } from "@firepath/shared/format";
import { useState } from "react";
import { type CalcBody, useCalc } from "@/api/calc";
import { CALC_LAYOUT, FieldGrid, Results, Stat, useCalcForm } from "@/components/calc/calc-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { parseCashFlows } from "./cash-flows";

const MONEY = 999_999_999_999.99;
const KEYS = [
  ["pmt", "Payment (PMT)"],
  ["pv", "Present value (PV)"],
  ["fv", "Future value (FV)"],
  ["n", "Number of periods (N)"],
  ["annual_rate", "Interest rate (I/Y)"],
] as const;
type Key = (typeof KEYS)[number][0];

const FIELDS: Record<Key, NumField> = {
  n: { name: "n", label: "Number of periods (N)", kind: "number", above: 0, max: 100_000, required: true, hint: "Payments in all: 25 years paid monthly is 300" },
  annual_rate: { name: "annual_rate", label: "Yearly interest rate (I/Y)", kind: "percent", above: -100, max: 1000, required: true },
  pv: { name: "pv", label: "Present value (PV)", kind: "number", min: -MONEY, max: MONEY, hint: "A loan you receive is positive" },
  pmt: { name: "pmt", label: "Payment (PMT)", kind: "number", min: -MONEY, max: MONEY, hint: "Money you pay out is negative" },
  fv: { name: "fv", label: "Future value (FV)", kind: "number", min: -MONEY, max: MONEY, hint: "Blank is 0" },
};
const FREQ: NumField[] = [
  { name: "periods_per_year", label: "Payments per year (P/Y)", kind: "integer", min: 1, max: 365, required: true },
  { name: "compounding_per_year", label: "Compounding per year (C/Y)", kind: "integer", min: 1, max: 365, hint: "Blank: same as P/Y; 2 for a Canadian fixed-rate mortgage" },
  { name: "period", label: "Split this period's payment", kind: "integer", min: 1, hint: "Interest and principal of payment number…" },
];
const FLOW_RATE: NumField[] = [{ name: "rate", label: "Discount rate", kind: "percent", above: -100, max: 1000, hint: "Per period for NPV, per year for XNPV; blank for IRR only" }];

export function TvmCalculator() {
  const [solveFor, setSolveFor] = useState<Key>("pmt");
  const [timing, setTiming] = useState<"end" | "begin">("end");
  const given = (["n", "annual_rate", "pv", "pmt", "fv"] as const).filter((k) => k !== solveFor).map((k) => FIELDS[k]);
  const fields = [...given, ...FREQ];
  const form = useCalcForm(fields, { n: "300", annual_rate: "5", pv: "500000", pmt: "", fv: "", periods_per_year: "12", compounding_per_year: "2", period: "1" });
  const v = form.values;
  const body: CalcBody<"/api/v1/calc/tvm"> | null = form.ok
    ? {
        solve_for: solveFor,
        ...(solveFor !== "n" ? { n: v.n! } : {}),
        ...(solveFor !== "annual_rate" ? { annual_rate: v.annual_rate! } : {}),
        ...(solveFor !== "pv" ? { pv: v.pv ?? 0 } : {}),
        ...(solveFor !== "pmt" ? { pmt: v.pmt ?? 0 } : {}),
        ...(solveFor !== "fv" ? { fv: v.fv ?? 0 } : {}),
        timing,
        periods_per_year: v.periods_per_year!,
        ...(v.compounding_per_year ? { compounding_per_year: v.compounding_per_year } : {}),
        ...(v.period ? { period: v.period } : {}),
      }
    : null;
  const calc = useCalc("/api/v1/calc/tvm", body);
  const r = calc.data;
  const solved = r && {
    n: `${formatNumber(r.n, { digits: 4 })} periods`,
    annual_rate: formatPercent(r.annual_rate, { digits: 4 }),
    pv: formatCurrency(r.pv),
    pmt: formatCurrency(r.pmt),
    fv: formatCurrency(r.fv),
  }[r.solved_for];

  return (
    <div className="flex flex-col gap-6">
      <div className={CALC_LAYOUT}>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Time value of money</CardTitle>
            <CardDescription>Give four of N, I/Y, PV, PMT and FV; the fifth is worked out, as a financial calculator or spreadsheet does. Money you pay out is negative.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="tvm-solve-for">Solve for</Label>
                <NativeSelect id="tvm-solve-for" value={solveFor} onChange={(e) => setSolveFor(e.target.value as Key)}>
                  {KEYS.map(([k, label]) => <option key={k} value={k}>{label}</option>)}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="tvm-timing">Payments at the</Label>
                <NativeSelect id="tvm-timing" value={timing} onChange={(e) => setTiming(e.target.value as "end" | "begin")}>
                  <option value="end">End of each period</option>
                  <option value="begin">Start of each period</option>
                </NativeSelect>
              </div>
            </div>
            <FieldGrid fields={fields} form={form} prefix="tvm" />
          </CardContent>
        </Card>
        <Results label="Time value of money results" invalid={!form.ok} error={calc.error} loading={calc.isPending && !r} pending={calc.pending}
          summary={r && (
            <dl className="grid gap-3 sm:grid-cols-2">
              <Stat label={KEYS.find(([k]) => k === r.solved_for)?.[1] ?? "Result"} value={solved} testId="tvm-result" emphasis />
              <Stat label="Rate per period" value={formatPercent(r.periodic_rate, { digits: 4 })} detail={`Effective yearly rate ${formatPercent(r.effective_annual_rate, { digits: 4 })}`} />
              <Stat label="All payments" value={formatCurrency(r.total_payments)} detail="PMT x N" />
              <Stat label="Interest overall" value={formatCurrency(r.total_interest)} detail="Earned when positive, paid when negative" />
              {r.split && (
                <Stat label={`Payment ${r.split.period}: interest and principal`} testId="tvm-split"
                  value={<>Interest {formatCurrency(r.split.interest)}<br />Principal {formatCurrency(r.split.principal)}</>}
                  detail={`IPMT and PPMT; ${formatCurrency(r.split.balance)} left after it`} />
              )}
            </dl>
          )}
        />
      </div>
      <CashFlows />
    </div>
  );
}

function CashFlows() {
  const [text, setText] = useState("-10000\n3000\n4200\n6800");
  const form = useCalcForm(FLOW_RATE, { rate: "10" });
  const parsed = parseCashFlows(text);
  const ok = form.ok && parsed.error === undefined && (parsed.flows.length > 0 || parsed.dated.length > 0);
  const body: CalcBody<"/api/v1/calc/cash-flows"> | null = ok
    ? { ...(form.values.rate !== null && form.values.rate !== undefined ? { rate: form.values.rate } : {}), cash_flows: parsed.flows, dated_cash_flows: parsed.dated }
    : null;
  const calc = useCalc("/api/v1/calc/cash-flows", body);
  const r = calc.data;
  return (
    <div className={CALC_LAYOUT}>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">Cash flows: NPV and IRR</CardTitle>
          <CardDescription>One flow per line, the first now. Start every line with a date (2026-01-31, -10000) for XNPV and XIRR.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="flows-text">Cash flows</Label>
            <Textarea id="flows-text" rows={6} value={text} onChange={(e) => setText(e.target.value)} className="font-mono"
              aria-invalid={parsed.error ? true : undefined} aria-describedby={parsed.error ? "flows-text-error" : "flows-text-hint"} />
            <p id="flows-text-hint" className="text-xs text-muted-foreground">Money paid out is negative. Use a point for decimals.</p>
            {parsed.error && <p id="flows-text-error" className="text-xs font-medium text-destructive">{parsed.error}</p>}
          </div>
          <FieldGrid fields={FLOW_RATE} form={form} prefix="flows" />
        </CardContent>
      </Card>
      <Results label="Cash flow results" invalid={!ok} error={calc.error} loading={calc.isPending && !r} pending={calc.pending}
        summary={r && (
          <dl className="grid gap-3 sm:grid-cols-2">
            {r.irr !== null && <Stat label="IRR" value={formatPercent(r.irr, { digits: 2 })} testId="flows-irr" emphasis detail="Per period" />}
            {r.npv !== null && <Stat label="NPV" value={formatCurrency(r.npv)} testId="flows-npv" detail={`First flow now; a spreadsheet's NPV(), which starts a period later: ${formatCurrency(r.npv_spreadsheet)}`} />}
            {r.xirr !== null && <Stat label="XIRR" value={formatPercent(r.xirr, { digits: 2 })} testId="flows-xirr" emphasis detail="Per year, by the days between dates" />}
            {r.xnpv !== null && <Stat label="XNPV" value={formatCurrency(r.xnpv)} testId="flows-xnpv" />}
          </dl>
        )}
      />
    </div>
  );
}

/** Time value of money: the five keys of a financial calculator (/calc/tvm: solve for one of N, rate, PV, PMT, FV,
 * with payment timing, payments and compounding per year, and one period's interest/principal split), and NPV,
 * IRR, XNPV and XIRR of a list of cash flows (/calc/cash-flows). Spreadsheet signs: money paid out is negative. */
import type { NumField } from "@firepath/shared/calc-fields";
import { useState, useMemo } from "react";
import { type CalcBody, useCalc } from "@/api/calc";
import { CALC_LAYOUT, FieldGrid, Results, Stat, useCalcForm } from "@/components/calc/calc-form";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { parseCashFlows } from "./cash-flows";
import { useFormat, useI18n, useT } from "@/lib/i18n";
import { msg, type Translate } from "@firepath/shared/i18n/messages";

const MONEY = 999_999_999_999.99;
const KEYS = [
  ["pmt", msg("calculators.key.pmt")],
  ["pv", msg("calculators.key.pv")],
  ["fv", msg("calculators.key.fv")],
  ["n", msg("calculators.key.n")],
  ["annual_rate", msg("calculators.key.annualRate")],
] as const;
type Key = (typeof KEYS)[number][0];

const tvmFields = (t: Translate): Record<Key, NumField> => ({
  n: { name: "n", label: t("calculators.tvm.n"), kind: "number", above: 0, max: 100_000, required: true, hint: t("calculators.tvm.nHint") },
  annual_rate: { name: "annual_rate", label: t("calculators.tvm.annualRate"), kind: "percent", above: -100, max: 1000, required: true },
  pv: { name: "pv", label: t("calculators.tvm.pv"), kind: "number", min: -MONEY, max: MONEY, hint: t("calculators.tvm.pvHint") },
  pmt: { name: "pmt", label: t("calculators.tvm.pmt"), kind: "number", min: -MONEY, max: MONEY, hint: t("calculators.tvm.pmtHint") },
  fv: { name: "fv", label: t("calculators.tvm.fv"), kind: "number", min: -MONEY, max: MONEY, hint: t("calculators.tvm.fvHint") },
});
const freqFields = (t: Translate): NumField[] => [
  { name: "periods_per_year", label: t("calculators.field.periodsPerYear"), kind: "integer", min: 1, max: 365, required: true },
  { name: "compounding_per_year", label: t("calculators.field.compoundingPerYear"), kind: "integer", min: 1, max: 365, hint: t("calculators.field.compoundingPerYearHint") },
  { name: "period", label: t("calculators.field.period"), kind: "integer", min: 1, hint: t("calculators.field.periodHint") },
];
const flowRateFields = (t: Translate): NumField[] => [{ name: "rate", label: t("calculators.field.discountRate"), kind: "percent", above: -100, max: 1000, hint: t("calculators.field.rateHint") }];

export function TvmCalculator() {
  const fmt = useFormat();
  const t = useT();
  const FREQ = useMemo(() => freqFields(t), [t]);
  const FIELDS = useMemo(() => tvmFields(t), [t]);
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
    n: t("calculators.tvmCalculator.periods", { n: fmt.number(r.n, { digits: 4 }) }),
    annual_rate: fmt.percent(r.annual_rate, { digits: 4 }),
    pv: fmt.money(r.pv),
    pmt: fmt.money(r.pmt),
    fv: fmt.money(r.fv),
  }[r.solved_for];
  const solvedLabel = r ? KEYS.find(([k]) => k === r.solved_for)?.[1] : undefined;

  return (
    <div className="flex flex-col gap-6">
      <div className={CALC_LAYOUT}>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">{t("calculators.tvmCalculator.timeValueOfMoney")}</CardTitle>
            <CardDescription>{t("calculators.tvmCalculator.giveFourOfN")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="tvm-solve-for">{t("calculators.tvmCalculator.solveFor")}</Label>
                <NativeSelect id="tvm-solve-for" value={solveFor} onChange={(e) => setSolveFor(e.target.value as Key)}>
                  {KEYS.map(([k, label]) => <option key={k} value={k}>{t(label)}</option>)}
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor="tvm-timing">{t("calculators.tvmCalculator.paymentsAtThe")}</Label>
                <NativeSelect id="tvm-timing" value={timing} onChange={(e) => setTiming(e.target.value as "end" | "begin")}>
                  <option value="end">{t("calculators.tvmCalculator.endOfEachPeriod")}</option>
                  <option value="begin">{t("calculators.tvmCalculator.startOfEachPeriod")}</option>
                </NativeSelect>
              </div>
            </div>
            <FieldGrid fields={fields} form={form} prefix="tvm" />
          </CardContent>
        </Card>
        <Results label={t("calculators.tvmCalculator.timeValueOfMoney2")} invalid={!form.ok} error={calc.error} loading={calc.isPending && !r} pending={calc.pending}
          summary={r && (
            <dl className="grid gap-3 sm:grid-cols-2">
              <Stat label={solvedLabel ? t(solvedLabel) : t("calculators.tvmCalculator.result")} value={solved} testId="tvm-result" emphasis />
              <Stat label={t("calculators.tvmCalculator.ratePerPeriod")} value={fmt.percent(r.periodic_rate, { digits: 4 })} detail={t("calculators.tvmCalculator.effectiveYearlyRate", { effective_annual_rate: fmt.percent(r.effective_annual_rate, { digits: 4 }) })} />
              <Stat label={t("calculators.tvmCalculator.allPayments")} value={fmt.money(r.total_payments)} detail={t("calculators.tvmCalculator.pmtXN")} />
              <Stat label={t("calculators.tvmCalculator.interestOverall")} value={fmt.money(r.total_interest)} detail={t("calculators.tvmCalculator.earnedWhenPositivePaid")} />
              {r.split && (
                <Stat label={t("calculators.tvmCalculator.paymentInterestAndPrincipal", { period: r.split.period })} testId="tvm-split"
                  value={<>{t("calculators.tvmCalculator.interest", { interest: fmt.money(r.split.interest) })}<br />{t("calculators.tvmCalculator.principal", { principal: fmt.money(r.split.principal) })}</>}
                  detail={t("calculators.tvmCalculator.ipmtAndPpmtLeft", { balance: fmt.money(r.split.balance) })} />
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
  const fmt = useFormat();
  const i18n = useI18n();
  const { t } = i18n;
  const FLOW_RATE = useMemo(() => flowRateFields(t), [t]);
  const [text, setText] = useState("-10000\n3000\n4200\n6800");
  const form = useCalcForm(FLOW_RATE, { rate: "10" });
  const parsed = parseCashFlows(text, i18n);
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
          <CardTitle className="text-lg">{t("calculators.tvmCalculator.cashFlowsNpvAnd")}</CardTitle>
          <CardDescription>{t("calculators.tvmCalculator.oneFlowPerLine")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="flows-text">{t("calculators.tvmCalculator.cashFlows")}</Label>
            <Textarea id="flows-text" rows={6} value={text} onChange={(e) => setText(e.target.value)} className="font-mono"
              aria-invalid={parsed.error ? true : undefined} aria-describedby={parsed.error ? "flows-text-error" : "flows-text-hint"} />
            <p id="flows-text-hint" className="text-xs text-muted-foreground">{t("calculators.tvmCalculator.moneyPaidOutIs")}</p>
            {parsed.error && <p id="flows-text-error" className="text-xs font-medium text-destructive">{parsed.error}</p>}
          </div>
          <FieldGrid fields={FLOW_RATE} form={form} prefix="flows" />
        </CardContent>
      </Card>
      <Results label={t("calculators.tvmCalculator.cashFlowResults")} invalid={!ok} error={calc.error} loading={calc.isPending && !r} pending={calc.pending}
        summary={r && (
          <dl className="grid gap-3 sm:grid-cols-2">
            {r.irr !== null && <Stat label={t("calculators.tvmCalculator.irr")} value={fmt.percent(r.irr, { digits: 2 })} testId="flows-irr" emphasis detail={t("calculators.tvmCalculator.perPeriod")} />}
            {r.npv !== null && <Stat label={t("calculators.tvmCalculator.npv")} value={fmt.money(r.npv)} testId="flows-npv" detail={t("calculators.tvmCalculator.firstFlowNowA", { npv_spreadsheet: fmt.money(r.npv_spreadsheet) })} />}
            {r.xirr !== null && <Stat label={t("calculators.tvmCalculator.xirr")} value={fmt.percent(r.xirr, { digits: 2 })} testId="flows-xirr" emphasis detail={t("calculators.tvmCalculator.perYearByThe")} />}
            {r.xnpv !== null && <Stat label={t("calculators.tvmCalculator.xnpv")} value={fmt.money(r.xnpv)} testId="flows-xnpv" />}
          </dl>
        )}
      />
    </div>
  );
}

/** Mortgage: the Canadian payment (/calc/mortgage: fixed rates compound semi-annually; variable rates, HELOCs and
 * US-style loans monthly), the CMHC premium when a price is given, the stress test, and the amortization schedule as
 * a small chart with the figures table behind it, as the web's calculator. */
import type { NumField } from "@firepath/shared/calc-fields";
import { msg } from "@firepath/shared/i18n/messages";
import { useMemo, useState } from "react";
import { StyleSheet, Text, useWindowDimensions, View } from "react-native";
import Svg, { Line, Polyline, Rect } from "react-native-svg";
import { Body, Button, Card, Money } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { type AppMessageId, type AppTranslate, useFormat, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { type CalcBody, type CalcResult, useCalc } from "./calc-api";
import { Choices, FieldList, figureStyle, Notes, Results, Stat, useCalcForm, useMoneyText } from "./calc-parts";

/** The choices, each with its message id (the web's, marked with msg() for the catalogue check), named when shown. */
export const FREQUENCIES = [
  { value: "monthly", id: msg("calculators.frequency.monthly") },
  { value: "semi_monthly", id: msg("calculators.frequency.semiMonthly") },
  { value: "bi_weekly", id: msg("calculators.frequency.biWeekly") },
  { value: "accelerated_bi_weekly", id: msg("calculators.frequency.acceleratedBiWeekly") },
  { value: "weekly", id: msg("calculators.frequency.weekly") },
  { value: "accelerated_weekly", id: msg("calculators.frequency.acceleratedWeekly") },
] as const satisfies readonly { value: string; id: AppMessageId }[];
type Frequency = (typeof FREQUENCIES)[number]["value"];
const COMPOUNDING = [
  { value: "semi_annual", id: msg("calculators.compounding.semiAnnual") },
  { value: "monthly", id: msg("calculators.compounding.monthly") },
] as const satisfies readonly { value: string; id: AppMessageId }[];
type Compounding = (typeof COMPOUNDING)[number]["value"];
const MODES = [
  { value: "loan", id: msg("calculators.mortgageCalculator.theLoanAmount") },
  { value: "purchase", id: msg("calculators.mortgageCalculator.thePriceAndDown") },
] as const satisfies readonly { value: string; id: AppMessageId }[];
const named = <T extends string>(choices: readonly { value: T; id: AppMessageId }[], t: AppTranslate) =>
  choices.map((c) => ({ value: c.value, label: t(c.id) }));

const loanFields = (t: AppTranslate): NumField[] => [{ name: "principal", label: t("calculators.field.principal"), kind: "money", required: true }];
const purchaseFields = (t: AppTranslate): NumField[] => [
  { name: "price", label: t("calculators.field.price"), kind: "money", required: true },
  { name: "down_payment", label: t("calculators.field.downPayment"), kind: "money", required: true, hint: t("calculators.field.downPaymentHint") },
];
const termsFields = (t: AppTranslate): NumField[] => [
  { name: "annual_rate", label: t("calculators.field.annualRate"), kind: "percent", min: 0, max: 100, required: true, hint: t("calculators.field.annualRateHint") },
  { name: "amortization_years", label: t("calculators.field.amortizationYears"), kind: "integer", min: 1, max: 40, required: true },
  { name: "extra_payment", label: t("calculators.field.extraPayment"), kind: "money" },
  { name: "annual_prepayment", label: t("calculators.field.annualPrepayment"), kind: "money" },
];

type Mortgage = CalcResult<"/api/v1/calc/mortgage">;

export function MortgageCalculator() {
  const t = useT();
  const fmt = useFormat();
  const choices = useMemo(
    () => ({ frequencies: named(FREQUENCIES, t), compounding: named(COMPOUNDING, t), modes: named(MODES, t) }),
    [t],
  );
  const loan = useMemo(() => [...loanFields(t), ...termsFields(t)], [t]);
  const purchase = useMemo(() => [...purchaseFields(t), ...termsFields(t)], [t]);
  const [mode, setMode] = useState<"loan" | "purchase">("loan");
  const [frequency, setFrequency] = useState<Frequency>("monthly");
  const [compounding, setCompounding] = useState<Compounding>("semi_annual");
  const fields = mode === "loan" ? loan : purchase;
  const form = useCalcForm(fields, {
    principal: "400000", price: "600000", down_payment: "120000", annual_rate: "4.5", amortization_years: "25", extra_payment: "", annual_prepayment: "",
  });
  const money = useMoneyText();
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
  const perLabel = choices.frequencies.find((f) => f.value === frequency)?.label ?? t("calculators.mortgageCalculator.monthly");

  return (
    <>
      <Card title={t("calculators.mortgageCalculator.yourMortgage")}>
        <Body muted>{t("calculators.mortgageCalculator.resultsUpdateAsYou")}</Body>
        <Choices label={t("calculators.mortgageCalculator.iKnow")} options={choices.modes} value={mode} onChange={setMode} />
        <FieldList fields={fields} form={form} />
        <Choices label={t("calculators.mortgageCalculator.paymentFrequency")} options={choices.frequencies} value={frequency} onChange={setFrequency} />
        <Choices
          label={t("calculators.mortgageCalculator.interestCompounds")}
          options={choices.compounding}
          value={compounding}
          onChange={setCompounding}
          hint={t("calculators.mortgageCalculator.canadianLawHasFixed")}
        />
      </Card>
      <Results label={t("calculators.mortgageCalculator.mortgageResults")} invalid={!form.ok} query={calc}>
        {r ? (
          <>
            <Stat label={t("calculators.mortgageCalculator.payment", { perLabel })} value={<Money value={r.payment} whole={false} style={figureStyle(true)} />} testID="mortgage-payment" emphasis />
            <Stat
              label={t("calculators.mortgageCalculator.amountBorrowed")}
              value={<Money value={r.principal} whole={false} style={figureStyle()} />}
              detail={r.cmhc?.required ? t("calculators.mortgageCalculator.includesTheCmhcPremium", { premium: money(r.cmhc.premium) }) : undefined}
            />
            <Stat
              label={t("calculators.mortgageCalculator.totalInterest")}
              value={<Money value={r.total_interest} whole={false} style={figureStyle()} />}
              testID="mortgage-interest"
            />
            <Stat label={t("calculators.mortgageCalculator.paidOffIn")} value={t("app.calc.years", { years: fmt.number(r.payoff_years, { digits: 1 }) })} />
            <Stat
              label={t("calculators.mortgageCalculator.stressTestRate")}
              value={fmt.percent(r.qualifying_rate, { digits: 2 })}
              detail={t("calculators.mortgageCalculator.qualifyingMonthlyPayment", { qualifying_monthly_payment: money(r.qualifying_monthly_payment) })}
            />
            {r.cmhc ? (
              <Stat
                label={t("calculators.mortgageCalculator.cmhcInsurance")}
                value={r.cmhc.required ? <Money value={r.cmhc.premium} whole={false} style={figureStyle()} /> : t("calculators.mortgageCalculator.notRequired")}
                detail={
                  r.cmhc.note ??
                  t("calculators.mortgageCalculator.loanToValueMinimum", {
                    loan_to_value: fmt.percent(r.cmhc.loan_to_value),
                    minimum_down_payment: money(r.cmhc.minimum_down_payment),
                  })
                }
              />
            ) : null}
            {r.schedule.length > 0 ? <Amortization result={r} /> : null}
            <Notes notes={r.assumptions.notes} />
          </>
        ) : null}
      </Results>
    </>
  );
}

const HEIGHT = 160;
const PAD = 8;

/** The balance falling each year (a line) over the interest paid each year (bars), and the table behind it. */
function Amortization({ result: r }: { result: Mortgage }) {
  const c = useColours();
  const t = useT();
  const { privacy } = useDevicePrefs();
  const money = useMoneyText();
  const { width: windowWidth } = useWindowDimensions();
  const width = Math.max(200, Math.min(windowWidth - 4 * space.lg, 640));
  const [table, setTable] = useState(false);
  const s = r.schedule;
  const top = Math.max(1, Number(r.principal), ...s.map((y) => Number(y.ending_balance)));
  const step = (width - 2 * PAD) / Math.max(1, s.length);
  const y = (value: number) => PAD + (1 - value / top) * (HEIGHT - 2 * PAD);
  const points = [`${PAD},${y(Number(r.principal)).toFixed(1)}`, ...s.map((row, i) => `${(PAD + (i + 1) * step).toFixed(1)},${y(Number(row.ending_balance)).toFixed(1)}`)].join(" ");
  const summary = privacy
    ? t("app.calc.amortizationHidden", { years: s.length })
    : t("app.calc.amortizationSummary", { principal: money(r.principal, true), years: s.length, interest: money(s[0]?.interest, true) });
  return (
    <Card title={t("calculators.mortgageCalculator.amortization")}>
      <Body muted>{t("calculators.mortgageCalculator.principalAndInterestPaid")}</Body>
      <View accessible accessibilityRole="image" accessibilityLabel={summary} testID="amortization-chart">
        <Svg width={width} height={HEIGHT}>
          {s.map((row, i) => {
            const h = (Number(row.interest) / top) * (HEIGHT - 2 * PAD);
            return <Rect key={row.year} x={PAD + i * step + 1} y={HEIGHT - PAD - h} width={Math.max(1, step - 2)} height={h} fill={c.chartFi} opacity={0.6} />;
          })}
          <Line x1={PAD} x2={width - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} stroke={c.border} strokeWidth={1} />
          <Polyline points={points} fill="none" stroke={c.chartLine} strokeWidth={3} />
        </Svg>
      </View>
      <View style={styles.legend}>
        <Text style={[styles.small, { color: c.chartLine }]}>━ {t("calculators.mortgageCalculator.balance")}</Text>
        <Text style={[styles.small, { color: c.chartFi }]}>▮ {t("app.calc.interestEachYear")}</Text>
      </View>
      <Button label={table ? t("app.chart.hideFigures") : t("app.chart.showFigures")} variant="secondary" onPress={() => setTable((shown) => !shown)} />
      {table ? (
        <View accessibilityLabel={t("calculators.mortgageCalculator.amortizationScheduleByYear")} testID="amortization-table">
          <View style={[styles.row, { borderColor: c.border }]}>
            {[
              t("calculators.mortgageCalculator.year"),
              t("calculators.mortgageCalculator.principal"),
              t("calculators.mortgageCalculator.interest"),
              t("calculators.mortgageCalculator.balance"),
            ].map((h) => (
              <Text key={h} style={[styles.cell, styles.head, { color: c.text }]}>{h}</Text>
            ))}
          </View>
          {s.map((row) => (
            <View key={row.year} style={[styles.row, { borderColor: c.border }]}>
              <Text style={[styles.cell, { color: c.text }]}>{row.year}</Text>
              <Text style={[styles.cell, styles.num, { color: c.text }]}>{money(Number(row.principal) + Number(row.prepayments))}</Text>
              <Text style={[styles.cell, styles.num, { color: c.text }]}>{money(row.interest)}</Text>
              <Text style={[styles.cell, styles.num, { color: c.text }]}>{money(row.ending_balance)}</Text>
            </View>
          ))}
        </View>
      ) : null}
    </Card>
  );
}

const styles = StyleSheet.create({
  legend: { flexDirection: "row", flexWrap: "wrap", gap: space.md },
  small: { fontSize: typeScale.small },
  row: { flexDirection: "row", borderBottomWidth: StyleSheet.hairlineWidth, paddingVertical: space.xs, gap: space.xs },
  cell: { flex: 1, fontSize: typeScale.small },
  head: { fontWeight: "700" },
  num: { textAlign: "right" },
});

/** Mortgage: the Canadian payment (/calc/mortgage: fixed rates compound semi-annually; variable rates, HELOCs and
 * US-style loans monthly), the CMHC premium when a price is given, the stress test, and the amortization schedule as
 * a small chart with the figures table behind it, as the web's calculator. */
import type { NumField } from "@firepath/shared/calc-fields";
import { formatNumber, formatPercent } from "@firepath/shared/format";
import { useState } from "react";
import { StyleSheet, Text, useWindowDimensions, View } from "react-native";
import Svg, { Line, Polyline, Rect } from "react-native-svg";
import { Body, Button, Card, Money } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { type CalcBody, type CalcResult, useCalc } from "./calc-api";
import { Choices, FieldList, figureStyle, Notes, Results, Stat, useCalcForm, useMoneyText } from "./calc-parts";

export const FREQUENCIES = [
  { value: "monthly", label: "Monthly" },
  { value: "semi_monthly", label: "Semi-monthly" },
  { value: "bi_weekly", label: "Bi-weekly" },
  { value: "accelerated_bi_weekly", label: "Accelerated bi-weekly" },
  { value: "weekly", label: "Weekly" },
  { value: "accelerated_weekly", label: "Accelerated weekly" },
] as const;
type Frequency = (typeof FREQUENCIES)[number]["value"];
const COMPOUNDING = [
  { value: "semi_annual", label: "Semi-annual (Canadian fixed rate)" },
  { value: "monthly", label: "Monthly (variable rate, HELOC, US-style loan)" },
] as const;
type Compounding = (typeof COMPOUNDING)[number]["value"];
const MODES = [
  { value: "loan", label: "The loan amount" },
  { value: "purchase", label: "The price and down payment" },
] as const;

const LOAN: NumField[] = [{ name: "principal", label: "Loan amount", kind: "money", required: true }];
const PURCHASE: NumField[] = [
  { name: "price", label: "Home price", kind: "money", required: true },
  { name: "down_payment", label: "Down payment", kind: "money", required: true, hint: "Under 20% adds the CMHC premium to the loan" },
];
const TERMS: NumField[] = [
  { name: "annual_rate", label: "Interest rate", kind: "percent", min: 0, max: 100, required: true, hint: "The yearly rate your lender quotes" },
  { name: "amortization_years", label: "Amortization (years)", kind: "integer", min: 1, max: 40, required: true },
  { name: "extra_payment", label: "Extra per payment", kind: "money" },
  { name: "annual_prepayment", label: "Yearly lump sum", kind: "money" },
];
const LOAN_FIELDS = [...LOAN, ...TERMS];
const PURCHASE_FIELDS = [...PURCHASE, ...TERMS];

type Mortgage = CalcResult<"/api/v1/calc/mortgage">;

export function MortgageCalculator() {
  const [mode, setMode] = useState<"loan" | "purchase">("loan");
  const [frequency, setFrequency] = useState<Frequency>("monthly");
  const [compounding, setCompounding] = useState<Compounding>("semi_annual");
  const fields = mode === "loan" ? LOAN_FIELDS : PURCHASE_FIELDS;
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
  const perLabel = FREQUENCIES.find((f) => f.value === frequency)?.label ?? "Monthly";

  return (
    <>
      <Card title="Your mortgage">
        <Body muted>Results update as you type.</Body>
        <Choices label="I know" options={MODES} value={mode} onChange={setMode} />
        <FieldList fields={fields} form={form} />
        <Choices label="Payment frequency" options={FREQUENCIES} value={frequency} onChange={setFrequency} />
        <Choices
          label="Interest compounds"
          options={COMPOUNDING}
          value={compounding}
          onChange={setCompounding}
          hint="Canadian law has fixed-rate mortgages compound twice a year; most variable rates and lines of credit compound monthly."
        />
      </Card>
      <Results label="Mortgage results" invalid={!form.ok} query={calc}>
        {r ? (
          <>
            <Stat label={`${perLabel} payment`} value={<Money value={r.payment} whole={false} style={figureStyle(true)} />} testID="mortgage-payment" emphasis />
            <Stat
              label="Amount borrowed"
              value={<Money value={r.principal} whole={false} style={figureStyle()} />}
              detail={r.cmhc?.required ? `Includes the CMHC premium of ${money(r.cmhc.premium)}` : undefined}
            />
            <Stat label="Total interest" value={<Money value={r.total_interest} whole={false} style={figureStyle()} />} testID="mortgage-interest" />
            <Stat label="Paid off in" value={`${formatNumber(r.payoff_years, { digits: 1 })} years`} />
            <Stat
              label="Stress-test rate"
              value={formatPercent(r.qualifying_rate, { digits: 2 })}
              detail={`Qualifying monthly payment ${money(r.qualifying_monthly_payment)}`}
            />
            {r.cmhc ? (
              <Stat
                label="CMHC insurance"
                value={r.cmhc.required ? <Money value={r.cmhc.premium} whole={false} style={figureStyle()} /> : "Not required"}
                detail={r.cmhc.note ?? `Loan-to-value ${formatPercent(r.cmhc.loan_to_value)}; minimum down payment ${money(r.cmhc.minimum_down_payment)}`}
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
    ? `Amortization chart over ${s.length} years; amounts hidden. The figures below list every year.`
    : `Amortization chart: the balance falls from ${money(r.principal, true)} to zero over ${s.length} years; interest paid in year 1 is ${money(s[0]?.interest, true)}. The figures below list every year.`;
  return (
    <Card title="Amortization">
      <Body muted>Principal and interest paid each year, and the balance left.</Body>
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
        <Text style={[styles.small, { color: c.chartLine }]}>━ Balance</Text>
        <Text style={[styles.small, { color: c.chartFi }]}>▮ Interest each year</Text>
      </View>
      <Button label={table ? "Hide figures" : "Show figures"} variant="secondary" onPress={() => setTable((t) => !t)} />
      {table ? (
        <View accessibilityLabel="Amortization schedule by year" testID="amortization-table">
          <View style={[styles.row, { borderColor: c.border }]}>
            {["Year", "Principal", "Interest", "Balance"].map((h) => (
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

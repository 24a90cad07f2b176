/** Net worth over time with the FI line, drawn with react-native-svg; a figures table sits behind it for screen
 * readers and for anyone who would rather read than look (the "Show figures" switch). */
import { useState } from "react";
import { StyleSheet, Text, View, useWindowDimensions } from "react-native";
import Svg, { Line, Polyline, Text as SvgText } from "react-native-svg";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { useFormat, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { Button, HIDDEN } from "./ui";

export interface ChartProps {
  years: number[];
  values: number[];
  /** The calendar year of the FI date, drawn as a vertical line. */
  fiYear?: number | null;
  title?: string;
}

const HEIGHT = 180;
const PAD = 8;

export function chartPoints(years: number[], values: number[], width: number, height = HEIGHT): string {
  if (years.length === 0) return "";
  const minY = Math.min(0, ...values);
  const maxY = Math.max(1, ...values);
  const x0 = years[0] ?? 0;
  const span = Math.max(1, (years[years.length - 1] ?? x0) - x0);
  return years
    .map((year, i) => {
      const x = PAD + ((year - x0) / span) * (width - 2 * PAD);
      const y = PAD + (1 - ((values[i] ?? 0) - minY) / (maxY - minY)) * (height - 2 * PAD);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
}

export function NetWorthChart({ years, values, fiYear, title: given }: ChartProps) {
  const c = useColours();
  const t = useT();
  const fmt = useFormat();
  const title = given ?? t("app.chart.title");
  const whole = (v: number | undefined) => fmt.money(v, { wholeDollars: true });
  const { privacy } = useDevicePrefs();
  const { width: windowWidth } = useWindowDimensions();
  const width = Math.min(windowWidth - 2 * space.lg - 2 * space.lg, 640);
  const [table, setTable] = useState(false);
  if (years.length < 2) return null;
  const x0 = years[0] ?? 0;
  const span = Math.max(1, (years[years.length - 1] ?? x0) - x0);
  const fiX = fiYear != null && fiYear >= x0 ? PAD + ((fiYear - x0) / span) * (width - 2 * PAD) : null;
  const last = values[values.length - 1];
  const to = years[years.length - 1] ?? x0;
  // Years are written as years, never grouped ("2035", not "2 035").
  const span_ = { title, from: String(x0), to: String(to) };
  const summary = privacy
    ? t("app.chart.summaryHidden", span_)
    : fiYear
      ? t("app.chart.summaryFi", { ...span_, first: whole(values[0]), last: whole(last), fiYear: String(fiYear) })
      : t("app.chart.summary", { ...span_, first: whole(values[0]), last: whole(last) });
  return (
    <View style={{ gap: space.sm }}>
      <View accessible accessibilityRole="image" accessibilityLabel={summary} testID="net-worth-chart">
        <Svg width={width} height={HEIGHT}>
          <Polyline points={chartPoints(years, values, width)} fill="none" stroke={c.chartLine} strokeWidth={3} />
          <Line x1={PAD} x2={width - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} stroke={c.border} strokeWidth={1} />
          {fiX !== null ? (
            <>
              <Line x1={fiX} x2={fiX} y1={PAD} y2={HEIGHT - PAD} stroke={c.chartFi} strokeDasharray="6 4" strokeWidth={2} />
              <SvgText x={Math.min(fiX + 4, width - 30)} y={PAD + 12} fill={c.chartFi} fontSize={12}>
                {t("app.chart.fi")}
              </SvgText>
            </>
          ) : null}
        </Svg>
        <View style={styles.axis}>
          <Text style={[styles.axisText, { color: c.muted }]}>{x0}</Text>
          <Text style={[styles.axisText, { color: c.muted }]}>
            {privacy ? "" : t("app.chart.peak", { amount: whole(Math.max(...values)) })}
          </Text>
          <Text style={[styles.axisText, { color: c.muted }]}>{years[years.length - 1]}</Text>
        </View>
      </View>
      <Button label={table ? t("app.chart.hideFigures") : t("app.chart.showFigures")} variant="secondary" onPress={() => setTable((t) => !t)} />
      {table ? (
        <View accessibilityLabel={t("app.chart.byYear")} testID="net-worth-table">
          {years.map((year, i) => (
            <View key={`${year}-${i}`} style={[styles.row, { borderColor: c.border }]}>
              <Text style={[styles.cell, { color: c.text }]}>{year}</Text>
              <Text style={[styles.cell, { color: c.text, textAlign: "right" }]}>
                {privacy ? HIDDEN : whole(values[i])}
              </Text>
            </View>
          ))}
        </View>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: "row", borderBottomWidth: StyleSheet.hairlineWidth, paddingVertical: space.xs },
  cell: { flex: 1, fontSize: typeScale.small },
  axis: { flexDirection: "row", justifyContent: "space-between" },
  axisText: { fontSize: typeScale.small },
});

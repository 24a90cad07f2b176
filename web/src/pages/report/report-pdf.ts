/** The FIRE report as a PDF, drawn with jsPDF (this module and jsPDF load only when the user asks for the file):
 * the same figures as the page (all from the household plan), the chart as vector lines with the FI year marked,
 * the plan by year, milestones, next actions, and what the plan assumed. */
import { jsPDF } from "jspdf";
import { formatDate } from "@firepath/shared/format";
import type { I18n } from "@firepath/shared/i18n/messages";
import { englishI18n } from "@/lib/i18n";
import { type ChartPoint, money, type ReportModel, type Row, type YearRow } from "@/pages/report/report-model";

const PAGE = { width: 210, height: 297, margin: 16 };
const LINE = 5.2;

/** jsPDF's standard fonts are WinAnsi: replace what they cannot show. */
const plain = (s: string) => s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, "-").replace(/\u00d7/g, "x").replace(/\u00a0|\u202f/g, " ");

class Writer {
  doc = new jsPDF({ unit: "mm", format: "a4" });
  y = PAGE.margin;

  constructor(private readonly i18n: I18n) {}

  ensure(height: number) {
    if (this.y + height > PAGE.height - PAGE.margin) {
      this.doc.addPage();
      this.y = PAGE.margin;
    }
  }

  heading(text: string, size = 14) {
    this.ensure(12);
    this.y += 4;
    this.doc.setFont("helvetica", "bold").setFontSize(size).setTextColor(20, 20, 20);
    this.doc.text(plain(text), PAGE.margin, this.y);
    this.y += LINE + 1;
  }

  paragraph(text: string, size = 10) {
    this.doc.setFont("helvetica", "normal").setFontSize(size).setTextColor(60, 60, 60);
    const lines = this.doc.splitTextToSize(plain(text), PAGE.width - 2 * PAGE.margin) as string[];
    for (const line of lines) {
      this.ensure(LINE);
      this.doc.text(line, PAGE.margin, this.y);
      this.y += LINE;
    }
  }

  rows(rows: Row[]) {
    const labelWidth = 88;
    const valueWidth = PAGE.width - 2 * PAGE.margin - labelWidth;
    for (const row of rows) {
      this.doc.setFontSize(10);
      const label = this.doc.splitTextToSize(plain(row.label), labelWidth - 4) as string[];
      const value = this.doc.splitTextToSize(plain(row.value), valueWidth) as string[];
      const height = Math.max(label.length, value.length) * LINE;
      this.ensure(height);
      this.doc.setFont("helvetica", "normal").setTextColor(80, 80, 80).text(label, PAGE.margin, this.y);
      this.doc.setFont("helvetica", "bold").setTextColor(20, 20, 20).text(value, PAGE.margin + labelWidth, this.y);
      this.y += height;
      this.doc.setDrawColor(225, 225, 225).line(PAGE.margin, this.y - LINE + 1.6, PAGE.width - PAGE.margin, this.y - LINE + 1.6);
    }
  }

  bullets(items: string[]) {
    for (const item of items) {
      this.doc.setFont("helvetica", "normal").setFontSize(10).setTextColor(60, 60, 60);
      const lines = this.doc.splitTextToSize(plain(item), PAGE.width - 2 * PAGE.margin - 5) as string[];
      this.ensure(lines.length * LINE);
      this.doc.text("-", PAGE.margin, this.y);
      this.doc.text(lines, PAGE.margin + 5, this.y);
      this.y += lines.length * LINE;
    }
  }

  /** Net worth and investable savings at each year's end (today's dollars), with the FI year marked. */
  chart(points: ChartPoint[], fiYear: number | null) {
    const { t, locale } = this.i18n;
    const cash = (v: number) => money(v, locale);
    const height = 70;
    this.ensure(height + 14);
    const left = PAGE.margin + 20;
    const right = PAGE.width - PAGE.margin;
    const top = this.y;
    const bottom = this.y + height;
    const max = Math.max(1, ...points.flatMap((p) => [p.netWorth, p.investable]));
    const min = Math.min(0, ...points.flatMap((p) => [p.netWorth, p.investable]));
    const x = (i: number) => left + ((right - left) * i) / Math.max(1, points.length - 1);
    const yOf = (v: number) => bottom - ((bottom - top) * (v - min)) / (max - min);
    const doc = this.doc;
    doc.setDrawColor(200, 200, 200).setLineWidth(0.2);
    doc.setFont("helvetica", "normal").setFontSize(7).setTextColor(100, 100, 100);
    for (let k = 0; k <= 4; k++) {
      const v = min + ((max - min) * k) / 4;
      doc.line(left, yOf(v), right, yOf(v));
      doc.text(plain(cash(v)), left - 1.5, yOf(v) + 1, { align: "right" });
    }
    const step = Math.max(1, Math.ceil(points.length / 8));
    points.forEach((p, i) => i % step === 0 && doc.text(String(p.year), x(i), bottom + 4, { align: "center" }));
    doc.setDrawColor(22, 163, 74).setLineWidth(0.4);
    const fi = fiYear == null ? -1 : points.findIndex((p) => p.year === fiYear);
    if (fi >= 0) {
      doc.line(x(fi), top, x(fi), bottom);
      doc.text(plain(t("report.pdf.fiYear", { year: String(fiYear) })), x(fi) + 1, top + 3);
    }
    const series: [keyof ChartPoint, [number, number, number], string][] = [
      ["netWorth", [234, 88, 12], plain(t("report.model.netWorth"))],
      ["investable", [37, 99, 235], plain(t("report.model.investable"))],
    ];
    doc.setLineWidth(0.6);
    series.forEach(([key, rgb, label], s) => {
      doc.setDrawColor(...rgb);
      for (let i = 1; i < points.length; i++) doc.line(x(i - 1), yOf(points[i - 1][key]), x(i), yOf(points[i][key]));
      const lx = left + s * 55;
      doc.line(lx, bottom + 9, lx + 6, bottom + 9);
      doc.setTextColor(60, 60, 60).text(label, lx + 8, bottom + 10);
    });
    doc.setLineWidth(0.2);
    this.y = bottom + 16;
  }

  table(years: YearRow[], fiYear: number | null) {
    const { t, locale } = this.i18n;
    const cash = (v: number) => money(v, locale);
    const cols = [PAGE.margin, PAGE.margin + 20, PAGE.margin + 40, PAGE.margin + 68, PAGE.margin + 94, PAGE.margin + 120, PAGE.margin + 150];
    const header = [t("report.pdf.year"), t("report.pdf.ages"), t("report.pdf.income"), t("report.pdf.tax"), t("report.pdf.spending"), t("report.pdf.investable"), t("report.model.netWorth")];
    const line = (cells: string[], bold: boolean) => {
      this.ensure(LINE);
      this.doc.setFont("helvetica", bold ? "bold" : "normal").setFontSize(9).setTextColor(30, 30, 30);
      cells.forEach((c, i) => this.doc.text(plain(c), cols[i], this.y));
      this.y += LINE - 0.6;
    };
    line(header, true);
    for (const y of years) {
      line([y.year === fiYear ? t("report.pdf.yearFi", { year: String(y.year) }) : String(y.year), y.ages, cash(y.income), cash(y.tax), cash(y.spending), cash(y.investable), cash(y.netWorth)], false);
    }
  }
}

export function buildReportPdf(model: ReportModel, who: string, today = new Date(), i18n: I18n = englishI18n): jsPDF {
  const { t, locale } = i18n;
  const w = new Writer(i18n);
  w.doc.setLanguage(locale); // the document's /Lang, so readers and screen readers say it in the right language
  w.doc.setProperties({ title: plain(t("report.pdf.title")), subject: plain(t("report.pdf.subject", { fireNumber: model.fireNumber })), creator: "FIRE Path" });
  w.doc.setFont("helvetica", "bold").setFontSize(20).setTextColor(20, 20, 20).text(plain(t("report.pdf.title")), PAGE.margin, w.y + 4);
  w.y += 11;
  w.paragraph(t("report.pdf.preparedFor", { who, date: formatDate(today, { locale }) }));
  w.heading(model.fiDate ? t("report.pdf.independentIn", { fiDate: model.fiDate }) : t("report.pdf.notIndependent"), 16);
  w.paragraph(t("report.pdf.fireNumber", { fireNumber: model.fireNumber, ruleOfThumb: model.ruleOfThumb }));
  w.paragraph(model.headline);
  if (model.target) w.paragraph(model.target);
  w.heading(t("report.pdf.keyFigures"));
  w.rows(model.keyFigures);
  w.paragraph(t("report.pdf.successRate", { rate: model.successRate, question: model.successQuestion }), 9);
  w.heading(t("report.pdf.today"));
  w.rows(model.today);
  w.heading(t("report.pdf.projection"));
  w.chart(model.chart, model.fiYear);
  w.table(model.years, model.fiYear);
  if (model.milestones.length > 0) {
    w.heading(t("report.pdf.milestones"));
    w.rows(model.milestones);
  }
  if (model.nextActions.length > 0) {
    w.heading(t("report.pdf.nextActions"));
    w.bullets(model.nextActions.map((a) => t("report.pdf.action", { title: a.title, detail: a.detail })));
  }
  w.heading(t("report.pdf.assumptions"));
  w.rows(model.assumptions);
  if (model.notes.length > 0) {
    w.heading(t("report.pdf.howItWorks"), 12);
    w.bullets(model.notes);
  }
  if (model.missing.length > 0) {
    w.heading(t("report.pdf.assumedForLack"), 12);
    w.bullets(model.missing);
  }
  w.y += 4;
  w.paragraph(t("report.pdf.disclaimer"), 8);
  return w.doc;
}

export function downloadReportPdf(model: ReportModel, who: string, i18n: I18n = englishI18n): void {
  buildReportPdf(model, who, new Date(), i18n).save(`fire-report-${new Date().toISOString().slice(0, 10)}.pdf`);
}

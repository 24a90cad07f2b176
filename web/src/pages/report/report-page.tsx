/** /fire-report: a printable report of the household plan, every figure read from GET /api/v1/plan/summary and
 * /plan/household (the figures every other screen shows): the FI date and FIRE number, net worth, the success rate
 * and its question, the target, the chart with the FI line, the plan by year, milestones, next actions, lifetime
 * tax and estate, and what the plan assumed or is missing. Print uses a print stylesheet (no app chrome, light
 * colours, no page-breaks inside sections); "Download PDF" builds the same report with jsPDF, loaded on demand. */
import { Download, Printer } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { useHouseholdPlan, usePlanSummary } from "@/api/plan";
import { useProfile } from "@/api/profile";
import { useAuth } from "@/app/auth-provider";
import { SpendingNeeded } from "@/components/empty-states/spending-needed";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { trackButtonClick } from "@/lib/analytics";
import { displayName } from "@/lib/display-name";
import { cn } from "@/lib/utils";
import { chartSummary, money, reportModel, type Row } from "@/pages/report/report-model";
import { Message, useFormat, useI18n, useT } from "@/lib/i18n";

const ReportChart = lazy(() => import("@/pages/report/report-chart"));

/** Print: only the report, in light colours, sections kept whole. */
const PRINT_CSS = `
@media print {
  @page { margin: 14mm; }
  html, html.dark { color-scheme: light; }
  body { background: #fff !important; }
  body header, body nav, [data-sonner-toaster], a[href="#main-content"] { display: none !important; }
  main#main-content { padding: 0 !important; max-width: none !important; }
  .fire-report, .fire-report * { color: #111 !important; background: transparent !important; border-color: #ccc !important; box-shadow: none !important; }
  .fire-report section { break-inside: avoid; }
  .fire-report table { font-size: 10pt; }
}`;

function Rows({ rows, testId }: { rows: Row[]; testId?: string }) {
  return (
    <dl className="grid gap-x-6 sm:grid-cols-2" data-testid={testId}>
      {rows.map((r) => (
        <div key={r.label} className="flex justify-between gap-4 border-b py-2 text-sm">
          <dt className="text-muted-foreground">{r.label}</dt>
          <dd className={cn("text-right font-medium tabular-nums", r.value.length <= 16 && "shrink-0 whitespace-nowrap")}>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`report-${title.replace(/\W+/g, "-").toLowerCase()}`}>
      <Card className="print:border-0 print:shadow-none">
        <CardHeader className="print:px-0">
          <CardTitle id={`report-${title.replace(/\W+/g, "-").toLowerCase()}`} className="text-lg">{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent className="print:px-0">{children}</CardContent>
      </Card>
    </section>
  );
}

function ReportSkeleton() {
  const t = useT();
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label={t("report.report.loadingYourReport")}>
      <Skeleton className="h-28" />
      <Skeleton className="h-48" />
      <Skeleton className="h-72" />
    </div>
  );
}

export default function ReportPage() {
  const fmt = useFormat();
  const i18n = useI18n();
  const { t } = i18n;
  const { user } = useAuth();
  const profile = useProfile();
  const summary = usePlanSummary();
  const household = useHouseholdPlan();
  const [building, setBuilding] = useState(false);
  const model = useMemo(() => (summary.data && household.data ? reportModel(summary.data, household.data, i18n) : null), [summary.data, household.data, i18n]);
  const who = displayName({ firstName: profile.data?.first_name, lastName: profile.data?.last_name, email: user?.email });

  const download = async () => {
    if (!model) return;
    setBuilding(true);
    void trackButtonClick("fire_report_pdf");
    try {
      const { downloadReportPdf } = await import("@/pages/report/report-pdf");
      downloadReportPdf(model, who, i18n);
      toast.success(t("report.report.yourReportWasDownloaded"));
    } catch {
      toast.error(t("report.report.couldNotCreateThe"));
    } finally {
      setBuilding(false);
    }
  };

  const error = summary.error ?? household.error;
  // Without any spending there is no FIRE number: a report of $0 figures and a flat chart says nothing.
  const empty = !!model?.empty;
  const described = model ? chartSummary(model, i18n) : "";

  return (
    <div className="fire-report mx-auto flex max-w-4xl flex-col gap-6" data-testid="fire-report">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t("report.report.fireReport")}</h1>
          <p className="text-sm text-muted-foreground">{t("report.report.preparedForOn", { who, value: fmt.date(new Date()) })}</p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="outline" onClick={() => window.print()} disabled={!model || empty}>
            <Printer className="size-4" aria-hidden="true" />&#32;{t("report.report.print")}
          </Button>
          <Button onClick={() => void download()} disabled={!model || empty || building} aria-busy={building || undefined}>
            <Download className="size-4" aria-hidden="true" /> {building ? t("report.report.preparingPdf") : t("report.report.downloadPdf")}
          </Button>
        </div>
      </div>

      {error ? (
        <Card role="alert">
          <CardHeader>
            <CardTitle className="text-lg">{t("report.report.weCouldNotLoad")}</CardTitle>
            <CardDescription>{error.message}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => { void summary.refetch(); void household.refetch(); }}>{t("report.report.tryAgain")}</Button>
          </CardContent>
        </Card>
      ) : !model ? (
        <ReportSkeleton />
      ) : empty ? (
        <SpendingNeeded
          testId="report-empty"
          title={t("report.report.addYourSpendingTo")}
          description={t("report.report.yourFireNumberThe")}
        />
      ) : (
        <>
          <section aria-labelledby="report-headline" className="rounded-lg border bg-primary/5 p-6 print:border-black">
            <h2 id="report-headline" className="sr-only">{t("report.report.yourPlanInBrief")}</h2>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <p className="text-sm text-muted-foreground">{t("report.report.financiallyIndependentIn")}</p>
                <p className="text-3xl font-bold tabular-nums sm:text-4xl" data-testid="report-fi-date">{model.fiDate ?? t("report.report.notReached")}</p>
              </div>
              <div>
                <p className="text-sm text-muted-foreground">{t("report.report.yourFireNumber")}</p>
                <p className="text-3xl font-bold tabular-nums sm:text-4xl" data-testid="report-fire-number">{model.fireNumber}</p>
                <p className="mt-1 text-xs text-muted-foreground">
                  {t("report.report.investedSavingsNeededAt", { ruleOfThumb: model.ruleOfThumb })}
                </p>
              </div>
            </div>
            <p className="mt-4 text-sm" data-testid="report-headline">{model.headline}</p>
            {model.target && <p className="mt-1 text-sm text-muted-foreground" data-testid="report-target">{model.target}</p>}
          </section>
          {model.missing.length > 0 && (
            <div className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm" role="note" data-testid="report-missing">
              <p><Message id="report.assumed" values={{ link: (c) => <Link className="underline print:no-underline" to="/settings">{c}</Link> }} /></p>
              <ul className="mt-1 list-disc pl-5">{model.missing.map((m) => <li key={m}>{m}</li>)}</ul>
            </div>
          )}
          <Section title={t("report.report.keyFigures")} description={t("report.report.fromYourHouseholdPlan")}>
            <Rows rows={model.keyFigures} testId="report-key-figures" />
            <p className="mt-3 text-sm text-muted-foreground" data-testid="report-success">
              <Message id="report.success" values={{ rate: model.successRate, question: model.successQuestion, b: (c) => <span className="font-medium text-foreground">{c}</span> }} />
            </p>
          </Section>
          <Section title={t("report.report.today")} description={t("report.report.whereYouStandNow")}>
            <Rows rows={model.today} testId="report-today" />
          </Section>
          <Section title={t("report.report.projection")} description={t("report.report.netWorthAndInvestable")}>
            <Suspense fallback={<Skeleton className="h-72" />}>
              <ReportChart points={model.chart} fiYear={model.fiYear} fiLabel={model.fiDate} summary={described} />
            </Suspense>
            <p className="sr-only">{described}</p>
            <div className="mt-4 max-h-96 overflow-auto print:max-h-none print:overflow-visible" tabIndex={0} role="region" aria-label={t("report.report.thePlanByYear")}>
              <table className="w-full min-w-[40rem] text-sm tabular-nums" data-testid="report-years">
                <caption className="sr-only">{t("report.report.thePlanByYear2")}</caption>
                <thead>
                  <tr className="border-b text-left">
                    <th scope="col" className="py-2">{t("report.report.year")}</th>
                    <th scope="col">{t("report.report.ages")}</th>
                    <th scope="col" className="text-right">{t("report.report.income")}</th>
                    <th scope="col" className="text-right">{t("report.report.tax")}</th>
                    <th scope="col" className="text-right">{t("report.report.spending")}</th>
                    <th scope="col" className="text-right">{t("report.report.investable")}</th>
                    <th scope="col" className="text-right">{t("report.report.netWorth")}</th>
                  </tr>
                </thead>
                <tbody>
                  {model.years.map((y) => (
                    <tr key={y.year} className="border-b last:border-0">
                      <th scope="row" className="py-1.5 text-left font-normal">{y.year}{y.year === model.fiYear ? t("report.report.fi") : ""}</th>
                      <td>{y.ages}</td>
                      <td className="text-right">{money(y.income, i18n.locale)}</td>
                      <td className="text-right">{money(y.tax, i18n.locale)}</td>
                      <td className="text-right">{money(y.spending, i18n.locale)}</td>
                      <td className="text-right">{money(y.investable, i18n.locale)}</td>
                      <td className="text-right">{money(y.netWorth, i18n.locale)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>
          {model.milestones.length > 0 && (
            <Section title={t("report.report.milestones")} description={t("report.report.whatHappensWhenIn")}>
              <Rows rows={model.milestones} testId="report-milestones" />
            </Section>
          )}
          {model.nextActions.length > 0 && (
            <Section title={t("report.report.nextActions")} description={t("report.report.whatWouldMoveThe")}>
              <ul className="flex flex-col gap-3" data-testid="report-next-actions">
                {model.nextActions.map((a) => (
                  <li key={a.title} className="text-sm">
                    <Link className="font-medium underline print:no-underline" to={a.route}>{a.title}</Link>
                    <p className="text-muted-foreground">{a.detail}</p>
                  </li>
                ))}
              </ul>
            </Section>
          )}
          <Section title={t("report.report.assumptions")} description={t("report.report.everythingThePlanWas")}>
            <div data-testid="report-assumptions" className="flex flex-col gap-4">
              <Rows rows={model.assumptions} />
              {model.notes.length > 0 && (
                <div>
                  <h3 className="mb-1 text-sm font-medium">{t("report.report.howThePlanWorks")}</h3>
                  <ul className="list-disc pl-5 text-sm text-muted-foreground">{model.notes.map((n) => <li key={n}>{n}</li>)}</ul>
                </div>
              )}
              {model.missing.length > 0 && (
                <div>
                  <h3 className="mb-1 text-sm font-medium">{t("report.report.assumedForLackOf")}</h3>
                  <ul className="list-disc pl-5 text-sm text-muted-foreground">{model.missing.map((n) => <li key={n}>{n}</li>)}</ul>
                </div>
              )}
            </div>
          </Section>
          <p className="text-xs text-muted-foreground">
            {t("report.report.forEducationAndPlanning")}
          </p>
        </>
      )}
    </div>
  );
}

/** /fire-report: a printable report of the user's plan from /api/v1/snapshot and /api/v1/plan: key figures, the
 * plan, the projection chart with its table, and every assumption. Print uses a print stylesheet (no app chrome,
 * light colours, no page-breaks inside sections); "Download PDF" builds the same report with jsPDF, loaded on
 * demand. */
import { unwrap } from "@firepath/shared/api";
import { formatDate } from "@firepath/shared/format";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { Download, Printer } from "lucide-react";
import { lazy, Suspense, useMemo, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { useProfile } from "@/api/profile";
import { useAuth } from "@/app/auth-provider";
import { SpendingNeeded } from "@/components/empty-states/spending-needed";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/api";
import { trackButtonClick } from "@/lib/analytics";
import { displayName } from "@/lib/display-name";
import { money, type Plan, reportModel, type Row, type Snapshot } from "@/pages/report/report-model";

const ReportChart = lazy(() => import("@/pages/report/report-chart"));

const snapshotQuery = () =>
  queryOptions({ queryKey: ["report", "snapshot"], queryFn: async (): Promise<Snapshot> => unwrap(await api.GET("/api/v1/snapshot")) });
const planQuery = () =>
  queryOptions({ queryKey: ["report", "plan"], queryFn: async (): Promise<Plan> => unwrap(await api.GET("/api/v1/plan")) });

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
          <dd className="text-right font-medium tabular-nums">{r.value}</dd>
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
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label="Loading your report">
      <Skeleton className="h-28" />
      <Skeleton className="h-48" />
      <Skeleton className="h-72" />
    </div>
  );
}

export default function ReportPage() {
  const { user } = useAuth();
  const profile = useProfile();
  const snapshot = useQuery(snapshotQuery());
  const plan = useQuery(planQuery());
  const [building, setBuilding] = useState(false);
  const model = useMemo(() => (snapshot.data && plan.data ? reportModel(snapshot.data, plan.data) : null), [snapshot.data, plan.data]);
  const who = displayName({ firstName: profile.data?.first_name, lastName: profile.data?.last_name, email: user?.email });

  const download = async () => {
    if (!model) return;
    setBuilding(true);
    void trackButtonClick("fire_report_pdf");
    try {
      const { downloadReportPdf } = await import("@/pages/report/report-pdf");
      downloadReportPdf(model, who);
      toast.success("Your report was downloaded");
    } catch {
      toast.error("Could not create the PDF. Please try again.");
    } finally {
      setBuilding(false);
    }
  };

  const error = snapshot.error ?? plan.error;
  // Without any spending there is no FIRE number: a report of $0 figures and a flat chart says nothing.
  const empty = !!snapshot.data && snapshot.data.expenses.total <= 0;
  const first = model?.years[0];
  const last = model?.years[model.years.length - 1];
  const summary = model && first && last
    ? `Projected net worth from ${money(first.netWorth)} in ${first.year} to ${money(last.netWorth)} in ${last.year} (${money(last.netWorthReal)} in today's dollars), against a FIRE number of ${money(last.fireNumber)} in ${last.year}.`
    : "";

  return (
    <div className="fire-report mx-auto flex max-w-4xl flex-col gap-6" data-testid="fire-report">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">FIRE Report</h1>
          <p className="text-sm text-muted-foreground">Prepared for {who} on {formatDate(new Date())}</p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button variant="outline" onClick={() => window.print()} disabled={!model || empty}>
            <Printer className="size-4" aria-hidden="true" /> Print
          </Button>
          <Button onClick={() => void download()} disabled={!model || empty || building} aria-busy={building || undefined}>
            <Download className="size-4" aria-hidden="true" /> {building ? "Preparing PDF…" : "Download PDF"}
          </Button>
        </div>
      </div>

      {error ? (
        <Card role="alert">
          <CardHeader>
            <CardTitle className="text-lg">We could not load your report</CardTitle>
            <CardDescription>{error.message}</CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => { void snapshot.refetch(); void plan.refetch(); }}>Try again</Button>
          </CardContent>
        </Card>
      ) : !model ? (
        <ReportSkeleton />
      ) : empty ? (
        <SpendingNeeded
          testId="report-empty"
          title="Add your spending to build your report"
          description="Your FIRE number, the projection and the date you could reach financial independence all start from your monthly expenses and income."
        />
      ) : (
        <>
          <section aria-label="FIRE number" className="rounded-lg border bg-primary/5 p-6 print:border-black">
            <p className="text-sm text-muted-foreground">Your FIRE number</p>
            <p className="text-4xl font-bold tabular-nums" data-testid="report-fire-number">{model.fireNumber}</p>
            <p className="mt-1 text-sm text-muted-foreground">
              {model.plan[0].value === "Not reached within the projection"
                ? "Financial independence is not reached within the projection at your current pace."
                : `Projected financial independence: ${model.plan[0].value}.`}
            </p>
          </section>
          {model.missing.length > 0 && (
            <p className="rounded-md border border-amber-500/40 bg-amber-500/10 p-3 text-sm" role="note">
              Some information is missing ({model.missing.join(", ")}), so parts of this report use defaults.{" "}
              <Link className="underline print:no-underline" to="/settings">Complete your profile</Link>.
            </p>
          )}
          <Section title="Snapshot" description="Where you are today.">
            <Rows rows={model.snapshot} testId="report-snapshot" />
          </Section>
          <Section title="Your plan" description="When you could reach financial independence, and the FIRE variants.">
            <Rows rows={model.plan} testId="report-plan" />
          </Section>
          <Section title="Projection" description="Net worth by year against your FIRE number.">
            <Suspense fallback={<Skeleton className="h-72" />}>
              <ReportChart years={model.years} summary={summary} />
            </Suspense>
            <p className="sr-only">{summary}</p>
            <div className="mt-4 max-h-96 overflow-auto print:max-h-none print:overflow-visible" tabIndex={0} role="region" aria-label="Projection by year (table)">
              <table className="w-full min-w-[34rem] text-sm tabular-nums">
                <caption className="sr-only">Projection by year</caption>
                <thead>
                  <tr className="border-b text-left">
                    <th scope="col" className="py-2">Year</th>
                    <th scope="col">Age</th>
                    <th scope="col" className="text-right">Net worth</th>
                    <th scope="col" className="text-right">Today's dollars</th>
                    <th scope="col" className="text-right">FIRE number</th>
                  </tr>
                </thead>
                <tbody>
                  {model.years.map((y) => (
                    <tr key={y.date} className="border-b last:border-0">
                      <td className="py-1.5">{y.year}{y.retired ? " (retired)" : ""}</td>
                      <td>{y.age}</td>
                      <td className="text-right">{money(y.netWorth)}</td>
                      <td className="text-right">{money(y.netWorthReal)}</td>
                      <td className="text-right">{money(y.fireNumber)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </Section>
          <Section title="Assumptions" description="Every rate, limit and input behind these numbers.">
            <div data-testid="report-assumptions" className="flex flex-col gap-4">
              <Rows rows={model.assumptions} />
              {model.notes.length > 0 && (
                <div>
                  <h3 className="mb-1 text-sm font-medium">Notes</h3>
                  <ul className="list-disc pl-5 text-sm text-muted-foreground">{model.notes.map((n) => <li key={n}>{n}</li>)}</ul>
                </div>
              )}
              {model.dataSources.length > 0 && (
                <div>
                  <h3 className="mb-1 text-sm font-medium">Data sources</h3>
                  <ul className="list-disc pl-5 text-sm text-muted-foreground">{model.dataSources.map((n) => <li key={n}>{n}</li>)}</ul>
                </div>
              )}
            </div>
          </Section>
          <p className="text-xs text-muted-foreground">
            For education and planning only; not financial, tax or legal advice. Amounts are estimates from the
            information you saved in FIRE Path.
          </p>
        </>
      )}
    </div>
  );
}

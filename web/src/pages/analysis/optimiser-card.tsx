/** Analysis › Optimization: the optimiser (GET /api/v1/plan/household/optimise) tries CPP and OAS start ages and
 * RRSP meltdown amounts on the household plan, for more to spend or for less tax, and shows the best beside the plan
 * as saved. It takes about half a second, so a progress indicator says what it is doing meanwhile. */
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { optimiseQuery, type Optimised } from "@/api/plan";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { msg, useFormat, useT } from "@/pages/analysis/analysis-i18n";

type Objective = "spending" | "tax";
/** The progress bar's sweep (CSS, not words). */
const KEYFRAMES = "@keyframes optimiser { 0% { transform: translateX(-100%); } 100% { transform: translateX(300%); } }";
/** What the progress indicator says while the optimiser runs (a message id). */
export const OPTIMISING = msg("analysis.optimiser.running");

export function OptimiserCard() {
  const t = useT();
  const [objective, setObjective] = useState<Objective>("spending");
  const q = useQuery({ ...optimiseQuery(objective), staleTime: 5 * 60_000 });
  const running = q.isFetching;
  return (
    <Card data-testid="optimiser">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.optimiser.title")}</CardTitle>
        <CardDescription>{t("analysis.optimiser.description")}</CardDescription>
        <div className="flex flex-wrap gap-1 pt-1" role="group" aria-label={t("analysis.optimiser.objective")}>
          <Button size="sm" variant={objective === "spending" ? "secondary" : "ghost"} aria-pressed={objective === "spending"} onClick={() => setObjective("spending")}>
            {t("analysis.optimiser.moreToSpend")}
          </Button>
          <Button size="sm" variant={objective === "tax" ? "secondary" : "ghost"} aria-pressed={objective === "tax"} onClick={() => setObjective("tax")}>
            {t("analysis.optimiser.lessTax")}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3" aria-busy={running} aria-live="polite">
        {running && (
          <div role="status" className="flex flex-col gap-2" data-testid="optimiser-running">
            <p className="flex items-center gap-2 text-sm">
              <LoaderCircle className="size-4 animate-spin text-primary" aria-hidden="true" />&#32;{t(OPTIMISING)}
            </p>
            <div className="h-1.5 w-full overflow-hidden rounded-full bg-secondary" aria-hidden="true">
              <div className="h-full w-1/3 animate-[optimiser_1.2s_ease-in-out_infinite] rounded-full bg-primary motion-reduce:animate-none" />
            </div>
          </div>
        )}
        {q.isError ? (
          <p role="alert" className="text-sm text-destructive">{t("analysis.optimiser.failed", { error: q.error.message })}</p>
        ) : q.data ? (
          <OptimiserResult result={q.data} />
        ) : null}
      </CardContent>
      <style>{KEYFRAMES}</style>
    </Card>
  );
}

function OptimiserResult({ result }: { result: Optimised }) {
  const t = useT();
  const fmt = useFormat();
  const money = (v: number | null | undefined) => fmt.money(v, { wholeDollars: true });
  const rows: [string, (o: Optimised["saved"]) => string][] = [
    [t("analysis.optimiser.whatItDoes"), (o) => o.choice],
    [t("analysis.optimiser.spendingItPays"), (o) => (o.sustainable_spending > 0 ? money(o.sustainable_spending) : "—")],
    [t("analysis.optimiser.lifetimeTax"), (o) => money(o.lifetime_tax)],
    [t("analysis.optimiser.taxAtLastDeath"), (o) => money(o.estate_tax)],
    [t("analysis.optimiser.estate"), (o) => money(o.estate)],
    [t("analysis.optimiser.lasts"), (o) => (o.lasts ? t("analysis.yes") : t("analysis.no"))],
  ];
  return (
    <>
      <p className="font-medium" data-testid="optimiser-summary">{result.summary}</p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("analysis.optimiser.tableLabel")}>
        <table className="w-full min-w-[28rem] text-sm" data-testid="optimiser-table">
          <caption className="sr-only">{t("analysis.optimiser.caption")}</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium"><span className="sr-only">{t("analysis.optimiser.figure")}</span></th>
              <th scope="col" className="py-1 font-medium">{t("analysis.optimiser.bestFound")}</th>
              <th scope="col" className="py-1 font-medium">{t("analysis.optimiser.yourPlan")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, cell]) => (
              <tr key={label} className="border-t align-top">
                <th scope="row" className="py-2 pr-3 text-left font-medium">{label}</th>
                <td className="py-2 pr-3 tabular-nums">{cell(result.best)}</td>
                <td className="py-2 tabular-nums text-muted-foreground">{cell(result.saved)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-muted-foreground">{t("analysis.optimiser.tried", { tried: result.tried })}</p>
    </>
  );
}

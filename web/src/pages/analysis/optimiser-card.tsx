/** Analysis › Optimization: the optimiser (GET /api/v1/plan/household/optimise) tries CPP and OAS start ages and
 * RRSP meltdown amounts on the household plan, for more to spend or for less tax, and shows the best beside the plan
 * as saved. It takes about half a second, so a progress indicator says what it is doing meanwhile. */
import { formatCurrency } from "@firepath/shared/format";
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useState } from "react";
import { optimiseQuery, type Optimised } from "@/api/plan";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

const money = (v: number | null | undefined) => formatCurrency(v, { wholeDollars: true });
type Objective = "spending" | "tax";
export const OPTIMISING = "Trying CPP/OAS ages and meltdown amounts…";

export function OptimiserCard() {
  const [objective, setObjective] = useState<Objective>("spending");
  const q = useQuery({ ...optimiseQuery(objective), staleTime: 5 * 60_000 });
  const running = q.isFetching;
  return (
    <Card data-testid="optimiser">
      <CardHeader>
        <CardTitle className="text-lg">Optimiser: CPP, OAS, RRSP meltdown and withdrawal order</CardTitle>
        <CardDescription>
          Tries CPP and OAS start ages, RRSP withdrawals before they start (a meltdown) and which savings to draw
          first on your whole plan, taxes included, and shows the best beside your plan as saved.
        </CardDescription>
        <div className="flex flex-wrap gap-1 pt-1" role="group" aria-label="What to optimise for">
          <Button size="sm" variant={objective === "spending" ? "secondary" : "ghost"} aria-pressed={objective === "spending"} onClick={() => setObjective("spending")}>
            More to spend
          </Button>
          <Button size="sm" variant={objective === "tax" ? "secondary" : "ghost"} aria-pressed={objective === "tax"} onClick={() => setObjective("tax")}>
            Less tax
          </Button>
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-3" aria-busy={running} aria-live="polite">
        {running && (
          <div role="status" className="flex flex-col gap-2" data-testid="optimiser-running">
            <p className="flex items-center gap-2 text-sm">
              <LoaderCircle className="size-4 animate-spin text-primary" aria-hidden="true" /> {OPTIMISING}
            </p>
            <div className="h-1.5 w-full overflow-hidden rounded-full bg-secondary" aria-hidden="true">
              <div className="h-full w-1/3 animate-[optimiser_1.2s_ease-in-out_infinite] rounded-full bg-primary motion-reduce:animate-none" />
            </div>
          </div>
        )}
        {q.isError ? (
          <p role="alert" className="text-sm text-destructive">The optimiser failed: {q.error.message}</p>
        ) : q.data ? (
          <OptimiserResult result={q.data} />
        ) : null}
      </CardContent>
      <style>{"@keyframes optimiser { 0% { transform: translateX(-100%); } 100% { transform: translateX(300%); } }"}</style>
    </Card>
  );
}

function OptimiserResult({ result }: { result: Optimised }) {
  const rows: [string, (o: Optimised["saved"]) => string][] = [
    ["What it does", (o) => o.choice],
    ["Yearly spending it pays", (o) => (o.sustainable_spending > 0 ? money(o.sustainable_spending) : "—")],
    ["Lifetime tax", (o) => money(o.lifetime_tax)],
    ["Tax at the last death", (o) => money(o.estate_tax)],
    ["Estate", (o) => money(o.estate)],
    ["Lasts to the end", (o) => (o.lasts ? "Yes" : "No")],
  ];
  return (
    <>
      <p className="font-medium" data-testid="optimiser-summary">{result.summary}</p>
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="The best plan found against your plan">
        <table className="w-full min-w-[28rem] text-sm" data-testid="optimiser-table">
          <caption className="sr-only">The best plan found against your plan as saved</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium"><span className="sr-only">Figure</span></th>
              <th scope="col" className="py-1 font-medium">Best found</th>
              <th scope="col" className="py-1 font-medium">Your plan</th>
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
      <p className="text-xs text-muted-foreground">{result.tried} plans tried. Change your CPP and OAS choices in your household settings.</p>
    </>
  );
}

/** Analysis › Optimization: what-if sliders and the levers on the household plan (POST /api/v1/plan/what-if), the
 * CPP/OAS and meltdown optimiser, withdrawal rules compared over history (the backtest calculator, on the 25x rule of
 * thumb: a comparison of rules, not your plan's success rate) and where a year of savings should go among the RRSP,
 * TFSA and FHSA (/calc/contribution-order). */
import { useQueries, useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { postCalc, useCalc } from "@/api/calc";
import type { HouseholdPlan, PlanSummary } from "@/api/plan";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { accountLabel } from "@/lib/account-labels";
import { useFormat, useT } from "@/pages/analysis/analysis-i18n";
import { backtestBody, contributionOrderBody, lowestWithdrawal, RETIREMENT_YEARS, WITHDRAWAL_RULES } from "@/pages/analysis/analysis-model";
import { OptimiserCard } from "@/pages/analysis/optimiser-card";
import { Levers, WhatIfPanel } from "@/pages/analysis/what-if-panel";

/** Whole dollars in the person's language. */
function useMoney() {
  const fmt = useFormat();
  return (v: number | null | undefined) => fmt.money(v, { wholeDollars: true });
}

export function OptimizationTab({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  return (
    <div className="flex flex-col gap-4">
      {/* min-w-0: a wide table scrolls in its own region instead of widening the column (and the page on a phone). */}
      <div className="grid gap-4 xl:grid-cols-2 [&>*]:min-w-0">
        <WhatIfPanel household={household} summary={summary} />
        <div className="flex flex-col gap-4">
          <OptimiserCard />
          <Levers household={household} summary={summary} />
        </div>
      </div>
      <WithdrawalComparison summary={summary} />
      <AllocationAdvice household={household} summary={summary} />
    </div>
  );
}

function WithdrawalComparison({ summary }: { summary: PlanSummary }) {
  const t = useT();
  const fmt = useFormat();
  const money = useMoney();
  const balance = summary.rule_of_thumb;
  const annual = summary.spending;
  const results = useQueries({
    queries: WITHDRAWAL_RULES.map((r) => {
      const body = backtestBody(balance, annual, r.kind);
      return { queryKey: ["calc", "backtest", body], queryFn: () => postCalc("/api/v1/calc/backtest", body), staleTime: Infinity, retry: false };
    }),
  });
  return (
    <Card data-testid="withdrawal-rules">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.rules.title")}</CardTitle>
        <CardDescription>
          {t("analysis.rules.description", { balance: money(balance), annual: money(annual), years: RETIREMENT_YEARS })}
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto" tabIndex={0} role="region" aria-label={t("analysis.rules.tableLabel")}>
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">{t("analysis.rules.caption")}</caption>
          <thead>
            <tr className="text-left text-muted-foreground">
              <th scope="col" className="py-1 font-medium">{t("analysis.rules.rule")}</th>
              <th scope="col" className="py-1 font-medium">{t("analysis.rules.lasted", { years: RETIREMENT_YEARS })}</th>
              <th scope="col" className="py-1 font-medium">{t("analysis.rules.medianEnding")}</th>
              <th scope="col" className="py-1 font-medium">{t("analysis.rules.lowestSpending")}</th>
            </tr>
          </thead>
          <tbody>
            {WITHDRAWAL_RULES.map((r, i) => {
              const q = results[i];
              return (
                <tr key={r.kind} className="border-t align-top">
                  <th scope="row" className="py-2 pr-2 text-left font-medium">
                    {t(r.label)}
                    <span className="block font-normal text-muted-foreground">{t(r.about)}</span>
                  </th>
                  {q.isPending ? (
                    <td colSpan={3} className="py-2"><Skeleton className="h-4 w-full" /><span className="sr-only">{t("analysis.loading")}</span></td>
                  ) : q.isError ? (
                    <td colSpan={3} className="py-2 text-destructive">{t("analysis.couldNotCompute", { error: q.error.message })}</td>
                  ) : (
                    <>
                      <td className="py-2 tabular-nums">{fmt.percent(q.data.success_rate)}</td>
                      <td className="py-2 tabular-nums">{money(q.data.median_ending_balance)}</td>
                      <td className="py-2 tabular-nums">{money(lowestWithdrawal(q.data))}</td>
                    </>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </CardContent>
    </Card>
  );
}


/** The contribution order's answer; with nothing left over to save it says so instead of an empty list. */
export function AllocationList({ allocations }: { allocations: { account: string; amount: number; reason: string }[] }) {
  const t = useT();
  const money = useMoney();
  if (allocations.length === 0) {
    return (
      <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground" data-testid="allocation-empty">
        {t("analysis.allocation.empty")}
      </p>
    );
  }
  return (
    <ol className="flex flex-col gap-3" data-testid="allocation-list">
      {allocations.map((a, i) => (
        <li key={a.account} className="flex items-start justify-between gap-3 rounded-md border p-3">
          <span>
            <span className="font-medium">{t("analysis.allocation.item", { n: i + 1, account: accountLabel(a.account, t) })}</span>
            <span className="block text-sm text-muted-foreground">{a.reason}</span>
          </span>
          <span className="font-semibold tabular-nums">{money(a.amount)}</span>
        </li>
      ))}
    </ol>
  );
}

function AllocationAdvice({ household, summary }: { household: HouseholdPlan; summary: PlanSummary }) {
  const t = useT();
  const fmt = useFormat();
  const money = useMoney();
  const inputs = household.inputs;
  const year = Number(inputs.start.slice(0, 4));
  const province = inputs.province;
  const provinceAssumed = household.missing.some((m) => m.startsWith("province"));
  const you = inputs.people[0];
  const salary = you?.employment_income ?? 0;
  const retirementIncome = summary.spending;
  const taxNow = useQuery({
    queryKey: ["calc", "tax", province, year, salary],
    queryFn: () => postCalc("/api/v1/calc/tax", { year, province, employment_income: salary } as never),
    staleTime: Infinity, retry: false,
  });
  const taxLater = useQuery({
    queryKey: ["calc", "tax", province, year, "retirement", retirementIncome],
    queryFn: () => postCalc("/api/v1/calc/tax", { year, province, other_income: retirementIncome, include_payroll: false } as never),
    staleTime: Infinity, retry: false,
  });
  const rrsp = useQuery({
    queryKey: ["calc", "rrsp-room", year, salary],
    queryFn: () => postCalc("/api/v1/calc/rrsp-room", { year, previous_year_earned_income: salary } as never),
    staleTime: Infinity, retry: false,
  });
  // This year's TFSA limit and a newly opened FHSA's room, from the API's account tables.
  const birthYear = year - Math.floor(you?.age ?? 30);
  const tfsa = useQuery({
    queryKey: ["calc", "tfsa-room", birthYear, year],
    queryFn: () => postCalc("/api/v1/calc/tfsa-room", { birth_year: birthYear, year } as never),
    staleTime: Infinity, retry: false,
  });
  const fhsa = useQuery({
    queryKey: ["calc", "fhsa-room", birthYear, year],
    queryFn: () => postCalc("/api/v1/calc/fhsa-room", { year_opened: year, year, birth_year: birthYear } as never),
    staleTime: Infinity, retry: false,
  });
  const tfsaLimit = tfsa.data?.assumptions.limits?.[`limit_${year}`] ?? 0;
  const fhsaYearRoom = fhsa.data?.room ?? 0;
  const [firstTimeBuyer, setFirstTimeBuyer] = useState(false);
  const [tfsaRoom, setTfsaRoom] = useState<string>("");
  const [rrspRoom, setRrspRoom] = useState<string>("");
  // The first plan year's saving, as the household plan puts it away.
  const annualBudget = Math.max(household.years[0]?.contributions ?? 0, 0);
  const rrspDefault = rrsp.data?.available ?? 0;
  const invalid = (s: string) => s !== "" && !(Number(s) >= 0);
  const body = taxNow.data && taxLater.data && (tfsa.data || tfsaRoom !== "") && !invalid(tfsaRoom) && !invalid(rrspRoom)
    ? contributionOrderBody({
      annualBudget,
      tfsaRoom: tfsaRoom === "" ? tfsaLimit : Number(tfsaRoom),
      rrspRoom: rrspRoom === "" ? rrspDefault : Number(rrspRoom),
      fhsaRoom: fhsaYearRoom,
      firstTimeBuyer,
      marginalNow: taxNow.data.marginal_rate,
      marginalRetirement: taxLater.data.marginal_rate,
      debts: inputs.debts,
      expectedReturn: inputs.return_rate,
    })
    : null;
  const advice = useCalc("/api/v1/calc/contribution-order", body);
  const idTfsa = useId();
  const idRrsp = useId();
  const idFhsa = useId();
  return (
    <Card data-testid="allocation">
      <CardHeader>
        <CardTitle className="text-lg">{t("analysis.allocation.title")}</CardTitle>
        <CardDescription>
          {provinceAssumed
            ? t("analysis.allocation.descriptionAssumed", { amount: money(annualBudget), province, year })
            : t("analysis.allocation.description", { amount: money(annualBudget), province, year })}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={idTfsa}>{t("analysis.allocation.tfsaRoom")}</Label>
            <Input id={idTfsa} inputMode="decimal" placeholder={String(tfsaLimit)} value={tfsaRoom} aria-invalid={invalid(tfsaRoom)}
              onChange={(e) => setTfsaRoom(e.target.value)} aria-describedby={`${idTfsa}-hint`} />
            <p id={`${idTfsa}-hint`} className="text-xs text-muted-foreground">
              {tfsa.data ? t("analysis.allocation.tfsaDefault", { year, limit: money(tfsaLimit) }) : t("analysis.allocation.tfsaType")}
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={idRrsp}>{t("analysis.allocation.rrspRoom")}</Label>
            <Input id={idRrsp} inputMode="decimal" placeholder={String(rrspDefault)} value={rrspRoom} aria-invalid={invalid(rrspRoom)}
              onChange={(e) => setRrspRoom(e.target.value)} aria-describedby={`${idRrsp}-hint`} />
            <p id={`${idRrsp}-hint`} className="text-xs text-muted-foreground">
              {t("analysis.allocation.rrspDefault", { share: fmt.percent(0.18), year, limit: money(rrspDefault) })}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <input id={idFhsa} type="checkbox" className="size-4 accent-[var(--primary)]" checked={firstTimeBuyer} onChange={(e) => setFirstTimeBuyer(e.target.checked)} />
            <Label htmlFor={idFhsa}>
              {fhsa.data ? t("analysis.allocation.firstHomeRoom", { room: money(fhsaYearRoom) }) : t("analysis.allocation.firstHome")}
            </Label>
          </div>
          <p className="text-xs text-muted-foreground">
            {t("analysis.allocation.marginal", {
              now: taxNow.data ? fmt.percent(taxNow.data.marginal_rate) : "…",
              later: taxLater.data ? fmt.percent(taxLater.data.marginal_rate) : "…",
              income: money(retirementIncome),
            })}
            {inputs.debts > 0 && <>&#32;{t("analysis.allocation.debt", { debts: money(inputs.debts), rate: fmt.percent(0.2) })}</>}
          </p>
        </div>
        <div aria-live="polite" aria-busy={advice.pending}>
          {!body || advice.isPending ? (
            <div role="status"><span className="sr-only">{t("analysis.allocation.working")}</span><Skeleton className="h-40 w-full" /></div>
          ) : advice.isError ? (
            <p role="alert" className="text-sm text-destructive">{t("analysis.couldNotCompute", { error: advice.error.message })}</p>
          ) : (
            <AllocationList allocations={advice.data?.allocations ?? []} />
          )}
        </div>
      </CardContent>
    </Card>
  );
}

/** Debt payoff: avalanche (highest rate first) against snowball (smallest balance first) for a list of debts and
 * one monthly budget (/calc/debt-payoff). Starts from the user's cards and lines of credit with a balance, as the
 * API lists them (/credit/debts), and from an example when there are none. */
import { checkField, type NumField } from "@firepath/shared/calc-fields";
import { Plus, RotateCcw, Trash2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { type CalcBody, useCalc } from "@/api/calc";
import { type PayoffDebts, usePayoffDebts } from "@/api/credit";
import { CALC_LAYOUT, NumInput, Results, Stat } from "@/components/calc/calc-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { DataTable } from "./data-table";
import { type DebtRow, debtSeed, sampleSeed } from "./debt-seed";
import type { Locale } from "@firepath/shared/i18n/locales";
import type { Translate } from "@firepath/shared/i18n/messages";
import { Message, useFormat, useI18n } from "@/lib/i18n";

const debtFields = (t: Translate) => ({
  BALANCE: { name: "balance", label: t("calculators.field.balance"), kind: "money", required: true } as NumField,
  RATE: { name: "rate", label: t("calculators.field.rate"), kind: "percent", min: 0, max: 100, required: true } as NumField,
  MINIMUM: { name: "minimum", label: t("calculators.field.minimum"), kind: "money", required: true } as NumField,
  BUDGET: { name: "budget", label: t("calculators.field.budget"), kind: "money", required: true, hint: t("calculators.field.budgetHint") } as NumField,
});

let nextId = 100;

export function DebtCalculator() {
  const fmt = useFormat();
  const i18n = useI18n();
  const { t } = i18n;
  const { BALANCE, RATE, MINIMUM, BUDGET } = useMemo(() => debtFields(t), [t]);
  const [debts, setDebts] = useState<DebtRow[]>(() => sampleSeed(i18n).debts);
  const [budget, setBudget] = useState(() => sampleSeed(i18n).budget);
  // Start from the user's cards and lines once, before they edit anything; the button starts from them again.
  const mine = usePayoffDebts();
  const seeded = useRef(false);
  const [fromUser, setFromUser] = useState<PayoffDebts | null>(null);
  const { locale } = i18n;
  // The language comes in as an argument, so the seeding effect below depends on nothing it would rerun for.
  const fillFromMine = (payoff: PayoffDebts, language: Locale) => {
    const seed = debtSeed(payoff, nextId, language);
    if (!seed) return;
    nextId += seed.debts.length;
    setDebts(seed.debts);
    setBudget(seed.budget);
    setFromUser(payoff);
  };
  useEffect(() => {
    if (seeded.current || mine.isPending) return;
    seeded.current = true;
    if (mine.data) fillFromMine(mine.data, locale); // no debt, or the list cannot be read: keep the example
  }, [mine.isPending, mine.data, locale]);
  const noDebts = mine.data?.debts.length === 0;
  const checked = useMemo(
    () => debts.map((d) => ({ balance: checkField(BALANCE, d.balance, i18n), rate: checkField(RATE, d.rate, i18n), minimum: checkField(MINIMUM, d.minimum, i18n) })),
    [debts, BALANCE, RATE, MINIMUM, i18n],
  );
  const budgetCheck = checkField(BUDGET, budget, i18n);
  const minimums = checked.reduce((s, c) => s + (c.minimum.value ?? 0), 0);
  const budgetError = budgetCheck.error ?? (budgetCheck.value !== null && budgetCheck.value! < minimums ? t("calculators.debtCalculator.monthlyBudgetMustCover", { minimums: fmt.money(minimums) }) : undefined);
  const ok = !budgetError && checked.every((c) => !c.balance.error && !c.rate.error && !c.minimum.error);
  const body: CalcBody<"/api/v1/calc/debt-payoff"> | null = ok
    ? { monthly_payment: budgetCheck.value!, debts: debts.map((d, i) => ({ name: d.name.trim(), balance: checked[i]!.balance.value!, annual_rate: checked[i]!.rate.value!, minimum_payment: checked[i]!.minimum.value! })) }
    : null;
  const calc = useCalc("/api/v1/calc/debt-payoff", body);
  const r = calc.data;
  const update = (id: number, key: keyof DebtRow, value: string) => setDebts((ds) => ds.map((d) => (d.id === id ? { ...d, [key]: value } : d)));
  const years = (m: number) => t("calculators.debt.duration", { years: Math.floor(m / 12), months: m % 12 });
  // The last month is usually a partial payment: the time as a spreadsheet's NPER counts it.
  const exact = (m: number | null) => (m === null ? "" : t("calculators.debtCalculator.monthsAsNperCounts", { m: fmt.number(m, { digits: 2 }) }));

  return (
    <div className={CALC_LAYOUT}>
      <Card>
        <CardHeader>
          <CardTitle className="text-lg">{fromUser ? t("calculators.debtCalculator.yourDebts") : t("calculators.debtCalculator.exampleDebts")}</CardTitle>
          <CardDescription data-testid="debt-source">
            {fromUser
              ? t("calculators.debtCalculator.filledInFromYour")
              : noDebts
                ? <Message id="calculators.debt.example" values={{ link: (c) => <Link className="underline" to="/settings/credit">{c}</Link> }} />
                : t("calculators.debtCalculator.anExampleResultsUpdate")}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {fromUser && fromUser.notes.length > 0 && (
            <ul className="list-disc pl-5 text-xs text-muted-foreground" data-testid="debt-notes">
              {fromUser.notes.map((n) => <li key={n}>{n}</li>)}
            </ul>
          )}
          {debts.map((d, i) => (
            <fieldset key={d.id} className="flex flex-col gap-3 rounded-lg border p-3">
              <legend className="px-1 text-sm font-medium">{d.name.trim() || t("calculators.debtCalculator.debt", { value: i + 1 })}</legend>
              <div className="flex flex-col gap-1.5">
                <Label htmlFor={`debt-${d.id}-name`}>{t("calculators.debtCalculator.name")}</Label>
                <Input id={`debt-${d.id}-name`} value={d.name} maxLength={200} onChange={(e) => update(d.id, "name", e.target.value)} />
              </div>
              <div className="grid gap-3 sm:grid-cols-3">
                <NumInput field={BALANCE} prefix={`debt-${d.id}`} value={d.balance} error={checked[i]?.balance.error} onChange={(_, v) => update(d.id, "balance", v)} />
                <NumInput field={RATE} prefix={`debt-${d.id}`} value={d.rate} error={checked[i]?.rate.error} onChange={(_, v) => update(d.id, "rate", v)} />
                <NumInput field={MINIMUM} prefix={`debt-${d.id}`} value={d.minimum} error={checked[i]?.minimum.error} onChange={(_, v) => update(d.id, "minimum", v)} />
              </div>
              {debts.length > 1 && (
                <Button type="button" variant="ghost" size="sm" className="self-start" onClick={() => setDebts((ds) => ds.filter((x) => x.id !== d.id))}>
                  <Trash2 aria-hidden="true" />&#32;{t("calculators.debtCalculator.remove")}&#32;{d.name.trim() || t("calculators.debtCalculator.debt2", { value: i + 1 })}
                </Button>
              )}
            </fieldset>
          ))}
          {debts.length < 50 && (
            <Button type="button" variant="outline" className="self-start" onClick={() => setDebts((ds) => [...ds, { id: nextId++, name: "", balance: "", rate: "", minimum: "" }])}>
              <Plus aria-hidden="true" />&#32;{t("calculators.debtCalculator.addADebt")}
            </Button>
          )}
          <NumInput field={BUDGET} prefix="debt" value={budget} error={budgetError} onChange={(_, v) => setBudget(v)} />
          {mine.data && mine.data.debts.length > 0 && (
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="outline" size="sm" onClick={() => fillFromMine(mine.data!, locale)}>
                <RotateCcw aria-hidden="true" />&#32;{t("calculators.debtCalculator.useMyCardsAnd")}
              </Button>
              {fromUser && (
                <Button type="button" variant="ghost" size="sm" onClick={() => { const sample = sampleSeed(i18n); setDebts(sample.debts); setBudget(sample.budget); setFromUser(null); }}>
                  {t("calculators.debtCalculator.showTheExample")}
                </Button>
              )}
            </div>
          )}
        </CardContent>
      </Card>
      <Results
        label={t("calculators.debtCalculator.debtPayoffResults")}
        invalid={!ok}
        error={calc.error}
        loading={calc.isPending && !r}
        pending={calc.pending}
        summary={r && (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Stat label={t("calculators.debtCalculator.avalancheDebtFreeIn")} value={r.avalanche.paid_off ? years(r.avalanche.months) : t("calculators.debtCalculator.notWithin100Years")} detail={t("calculators.debtCalculator.interestHighestRateFirst", { months_decimal: exact(r.avalanche.months_decimal), total_interest: fmt.money(r.avalanche.total_interest) })} emphasis testId="debt-avalanche" />
            <Stat label={t("calculators.debtCalculator.snowballDebtFreeIn")} value={r.snowball.paid_off ? years(r.snowball.months) : t("calculators.debtCalculator.notWithin100Years")} detail={t("calculators.debtCalculator.interestSmallestBalanceFirst", { months_decimal: exact(r.snowball.months_decimal), total_interest: fmt.money(r.snowball.total_interest) })} />
            <Stat label={t("calculators.debtCalculator.avalancheSaves")} value={fmt.money(r.interest_saved_by_avalanche)} testId="debt-saving"
              detail={r.interest_saved_by_avalanche > 0 ? t("calculators.debtCalculator.inInterestAgainstThe") : t("calculators.debtCalculator.nothingHereBothPay")} />
          </dl>
        )}
      >
        {r && (
          <DataTable
            caption={t("calculators.debtCalculator.payoffMonthOfEach")}
            columns={[{ key: "name", label: t("calculators.debtCalculator.debt3") }, { key: "avalanche", label: t("calculators.debtCalculator.avalanche"), numeric: true }, { key: "snowball", label: t("calculators.debtCalculator.snowball"), numeric: true }]}
            rows={r.avalanche.debts.map((d) => {
              const s = r.snowball.debts.find((x) => x.name === d.name);
              const when = (m: number | null | undefined) => (m === null || m === undefined ? t("calculators.debtCalculator.notPaidOff") : t("calculators.debtCalculator.month", { m }));
              return { name: d.name, avalanche: when(d.payoff_month), snowball: when(s?.payoff_month) };
            })}
          />
        )}
      </Results>
    </div>
  );
}

/** /settings/credit: credit cards, lines of credit and the credit summary (score 300 to 900, card types, line
 * amount, linked), on three tabs, under the credit utilization the API computes from the cards and lines (total
 * balance over total limit; over 100% when over the limit). Removing a card or line is a soft delete in the API. */
import { formatCurrency, formatPercent } from "@firepath/shared/format";
import { CARD_FIELDS, LINE_FIELDS, SCORE_FIELDS } from "@firepath/shared/settings-fields";
import { AlertTriangle } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { toast } from "sonner";
import {
  addCard, addLine, type CreditCard, type CreditData, type CreditDataIn, type LineOfCredit, removeCard, removeLine, saveCredit, updateCard, updateLine,
  useCredit, useCreditCards, useCreditLines,
} from "@/api/credit";
import { useAuth } from "@/app/auth-provider";
import { useFormState, useSettingsSave } from "@/components/forms/use-settings-form";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { CrudList } from "@/pages/settings/crud-list";
import { RecordFormCard } from "@/pages/settings/record-form";
import { FormSkeleton, LoadError, SettingsShell } from "@/pages/settings/settings-shell";

/** "$450.00 owed of $5,000.00", leaving out a limit that was not entered. */
export const owed = (balance: number, limit: number) =>
  `${formatCurrency(balance)} owed${Number(limit) > 0 ? ` of ${formatCurrency(limit)}` : ""}`;

/** The score form's state lives with the page, not the tab: Radix unmounts an inactive tab, and what was typed
 * there must survive a look at the cards or lines tab, and a card saved there (which changes the utilization in the
 * same record): the form refills only when its own fields change. */
function useScoreForm() {
  const query = useCredit();
  const saved = query.data === undefined ? undefined : Object.fromEntries(SCORE_FIELDS.map((f) => [f.name, (query.data as Record<string, unknown>)[f.name]]));
  const savedKey = JSON.stringify(saved);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const record = useMemo(() => saved, [savedKey]);
  const form = useFormState(SCORE_FIELDS, "credit", record);
  const save = useSettingsSave({
    save: (body: CreditDataIn) => saveCredit(body), invalidate: [["credit", "data"]], form: "settings_credit",
    success: "Credit data saved successfully", failure: "Failed to save credit data", onError: form.showServerErrors,
  });
  useEffect(() => {
    if (query.isError) toast.error("Failed to load credit data");
  }, [query.isError]);
  return { query, form, save };
}

function ScoreTab({ state: { query, form, save } }: { state: ReturnType<typeof useScoreForm> }) {
  const { user } = useAuth();
  if (query.isPending) return <FormSkeleton rows={3} />;
  if (query.isError) return <LoadError message="Failed to load credit data" onRetry={() => void query.refetch()} />;
  return (
    <RecordFormCard
      title="Your credit"
      fields={SCORE_FIELDS}
      prefix="credit"
      {...form}
      pending={save.isPending}
      submitLabel="Save credit data"
      onSubmit={() => {
        if (!user) {
          toast.error("User not authenticated");
          return;
        }
        const body = form.check();
        if (body) save.mutate(body as CreditDataIn);
      }}
    />
  );
}

/** Marks a card or line the API lists as owing more than its limit, or as left out of utilization (no limit). */
function LimitBadge({ name, marks }: { name: string; marks: LimitMarks }) {
  if (marks.over.includes(name)) return <span className="ml-2 rounded bg-destructive/10 px-1.5 py-0.5 text-xs font-medium text-destructive">Over limit</span>;
  if (marks.none.includes(name)) return <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">No limit</span>;
  return null;
}
interface LimitMarks { over: string[]; none: string[] }

/** Credit utilization as the API computes it from the cards and lines: total balance / total limit. */
function Utilization({ data }: { data: CreditData | undefined }) {
  if (!data) return null;
  const rate = data.credit_utilization_rate;
  const high = rate != null && rate > 0.3;
  return (
    <section aria-labelledby="credit-utilization-title" data-testid="credit-utilization"
      className={`mb-4 rounded-lg border p-4 text-sm ${data.over_limit ? "border-destructive/60 bg-destructive/5" : ""}`}>
      <h2 id="credit-utilization-title" className="font-semibold">Credit utilization</h2>
      {rate == null ? (
        <p className="mt-1 text-muted-foreground">Add your cards and lines of credit with their limits to see how much of your credit is in use.</p>
      ) : (
        <>
          <p className="mt-1 flex flex-wrap items-baseline gap-x-3">
            <span className="text-2xl font-semibold tabular-nums" data-testid="credit-utilization-rate">{formatPercent(rate, { digits: 1 })}</span>
            <span className="tabular-nums">{formatCurrency(data.total_credit_balance)} owed of {formatCurrency(data.total_credit_limit)} in limits, across your cards and lines of credit</span>
          </p>
          {data.over_limit ? (
            <p className="mt-2 flex items-start gap-2 font-medium text-destructive" data-testid="credit-over-limit">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Over the limit: you owe more than your credit limits allow{data.over_limit_names?.length ? ` (${data.over_limit_names.join(", ")})` : ""}. Over-limit fees and a lower credit score can follow.
            </p>
          ) : data.over_limit_names?.length ? (
            <p className="mt-2 flex items-start gap-2 font-medium text-destructive" data-testid="credit-over-limit">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              Over the limit on {data.over_limit_names.join(", ")}.
            </p>
          ) : (
            <p className="mt-2 text-muted-foreground">{high ? "Above 30%: lenders like to see under 30% in use." : "Under 30%, where lenders like to see it."}</p>
          )}
        </>
      )}
      {data.no_limit_names?.length ? (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="credit-no-limit">
          Left out: {data.no_limit_names.length === 1 ? "one card or line" : `${data.no_limit_names.length} cards or lines`} with a balance but no limit saved (marked No limit below).
        </p>
      ) : null}
    </section>
  );
}

function CardsTab({ marks }: { marks: LimitMarks }) {
  const query = useCreditCards();
  useEffect(() => {
    if (query.isError) toast.error("Failed to load credit cards");
  }, [query.isError]);
  return (
    <CrudList<CreditCard>
      title="Credit cards"
      items={query.data}
      loading={query.isPending}
      loadError={query.isError ? "Failed to load credit cards" : null}
      onRetry={() => void query.refetch()}
      fields={CARD_FIELDS}
      prefix="card"
      queryKey={["credit"]}
      form="settings_credit_card"
      defaults={{ card_type: "credit" }}
      add={addCard as never}
      update={updateCard as never}
      remove={removeCard}
      texts={{
        noun: "credit card", added: "Credit card added successfully", addFailed: "Failed to save credit card",
        updated: "Credit card updated successfully", updateFailed: "Failed to update credit card",
        deleted: "Credit card removed successfully", deleteFailed: "Failed to remove credit card",
        empty: "No credit cards yet", emptyHint: "Add each card to track balances, limits and interest.",
      }}
      render={(c) => (
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <span>
            <span className="font-medium">{c.name}</span>{" "}
            <span className="text-sm text-muted-foreground">{[c.issuer, c.card_type, c.interest_rate != null ? formatPercent(c.interest_rate, { digits: 2 }) : null].filter(Boolean).join(" · ")}</span>
          </span>
          <span className="text-sm tabular-nums">{owed(c.balance, c.credit_limit)}<LimitBadge name={c.name} marks={marks} /></span>
        </div>
      )}
    />
  );
}

function LinesTab({ marks }: { marks: LimitMarks }) {
  const query = useCreditLines();
  useEffect(() => {
    if (query.isError) toast.error("Failed to load lines of credit");
  }, [query.isError]);
  return (
    <CrudList<LineOfCredit>
      title="Lines of credit"
      items={query.data}
      loading={query.isPending}
      loadError={query.isError ? "Failed to load lines of credit" : null}
      onRetry={() => void query.refetch()}
      fields={LINE_FIELDS}
      prefix="line"
      queryKey={["credit"]}
      form="settings_credit_line"
      add={addLine as never}
      update={updateLine as never}
      remove={removeLine}
      texts={{
        noun: "line of credit", added: "Line of credit added successfully", addFailed: "Failed to save line of credit",
        updated: "Line of credit updated successfully", updateFailed: "Failed to update line of credit",
        deleted: "Line of credit removed successfully", deleteFailed: "Failed to remove line of credit",
        empty: "No lines of credit yet", emptyHint: "Add personal, student or home equity lines of credit.",
      }}
      render={(l) => (
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <span>
            <span className="font-medium">{l.name}</span>{" "}
            <span className="text-sm text-muted-foreground">{[l.lender, l.secured ? "secured" : "unsecured", l.interest_rate != null ? formatPercent(l.interest_rate, { digits: 2 }) : null].filter(Boolean).join(" · ")}</span>
          </span>
          <span className="text-sm tabular-nums">{owed(l.balance, l.credit_limit)}<LimitBadge name={l.name} marks={marks} /></span>
        </div>
      )}
    />
  );
}

export default function CreditSettingsPage() {
  const [tab, setTab] = useState("cards");
  const score = useScoreForm();
  const marks = useMemo(() => ({ over: score.query.data?.over_limit_names ?? [], none: score.query.data?.no_limit_names ?? [] }), [score.query.data]);
  return (
    <SettingsShell title="Credit Management" description="Cards, lines of credit and your credit score.">
      <Utilization data={score.query.data} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Credit" data-tour="credit-tabs">
          <TabsTrigger value="cards" data-tour="credit-cards">Credit cards</TabsTrigger>
          <TabsTrigger value="lines" data-tour="credit-lines-of-credit">Lines of credit</TabsTrigger>
          <TabsTrigger value="score" data-tour="credit-score">Credit score</TabsTrigger>
        </TabsList>
        <TabsContent value="cards"><CardsTab marks={marks} /></TabsContent>
        <TabsContent value="lines"><LinesTab marks={marks} /></TabsContent>
        <TabsContent value="score"><ScoreTab state={score} /></TabsContent>
      </Tabs>
    </SettingsShell>
  );
}

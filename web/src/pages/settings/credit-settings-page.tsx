/** /settings/credit: credit cards, lines of credit and the credit summary (score 300 to 900, card types, line
 * amount, linked), on three tabs, under the credit utilization the API computes from the cards and lines (total
 * balance over total limit; over 100% when over the limit). Removing a card or line is a soft delete in the API. */
import { formatCurrency } from "@firepath/shared/format";
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
import type { I18n } from "@firepath/shared/i18n/messages";
import { useSettingsFields } from "@/components/forms/use-fields";
import { useI18n, useT, useFormat } from "@/lib/i18n";

/** "$450.00 owed of $5,000.00", leaving out a limit that was not entered. */
export const owed = (balance: number, limit: number, { t, locale }: I18n) =>
  Number(limit) > 0
    ? t("settings.credit.owedOf", { balance: formatCurrency(balance, { locale }), limit: formatCurrency(limit, { locale }) })
    : t("settings.credit.owed", { balance: formatCurrency(balance, { locale }) });

/** The score form's state lives with the page, not the tab: Radix unmounts an inactive tab, and what was typed
 * there must survive a look at the cards or lines tab, and a card saved there (which changes the utilization in the
 * same record): the form refills only when its own fields change. */
function useScoreForm() {
  const t = useT();
  const { SCORE_FIELDS } = useSettingsFields();
  const query = useCredit();
  const saved = query.data === undefined ? undefined : Object.fromEntries(SCORE_FIELDS.map((f) => [f.name, (query.data as Record<string, unknown>)[f.name]]));
  const savedKey = JSON.stringify(saved);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const record = useMemo(() => saved, [savedKey]);
  const form = useFormState(SCORE_FIELDS, "credit", record);
  const save = useSettingsSave({
    save: (body: CreditDataIn) => saveCredit(body), invalidate: [["credit", "data"]], form: "settings_credit",
    success: t("settings.credit.creditDataSavedSuccessfully"), failure: t("settings.credit.failedToSaveCredit"), onError: form.showServerErrors,
  });
  useEffect(() => {
    if (query.isError) toast.error(t("settings.credit.failedToLoadCredit"));
  }, [query.isError, t]);
  return { query, form, save };
}

function ScoreTab({ state: { query, form, save } }: { state: ReturnType<typeof useScoreForm> }) {
  const t = useT();
  const { SCORE_FIELDS } = useSettingsFields();
  const { user } = useAuth();
  if (query.isPending) return <FormSkeleton rows={3} />;
  if (query.isError) return <LoadError message={t("settings.credit.failedToLoadCredit")} onRetry={() => void query.refetch()} />;
  return (
    <RecordFormCard
      title={t("settings.credit.yourCredit")}
      fields={SCORE_FIELDS}
      prefix="credit"
      {...form}
      pending={save.isPending}
      submitLabel={t("settings.credit.saveCreditData")}
      onSubmit={() => {
        if (!user) {
          toast.error(t("settings.credit.userNotAuthenticated"));
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
  const t = useT();
  if (marks.over.includes(name)) return <span className="ml-2 rounded bg-destructive/10 px-1.5 py-0.5 text-xs font-medium text-destructive">{t("settings.credit.overLimit")}</span>;
  if (marks.none.includes(name)) return <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs text-muted-foreground">{t("settings.credit.noLimit")}</span>;
  return null;
}
interface LimitMarks { over: string[]; none: string[] }

/** Credit utilization as the API computes it from the cards and lines: total balance / total limit. */
function Utilization({ data }: { data: CreditData | undefined }) {
  const fmt = useFormat();
  const t = useT();
  if (!data) return null;
  const rate = data.credit_utilization_rate;
  const high = rate != null && rate > 0.3;
  return (
    <section aria-labelledby="credit-utilization-title" data-testid="credit-utilization"
      className={`mb-4 rounded-lg border p-4 text-sm ${data.over_limit ? "border-destructive/60 bg-destructive/5" : ""}`}>
      <h2 id="credit-utilization-title" className="font-semibold">{t("settings.credit.creditUtilization")}</h2>
      {rate == null ? (
        <p className="mt-1 text-muted-foreground">{t("settings.credit.addYourCardsAnd")}</p>
      ) : (
        <>
          <p className="mt-1 flex flex-wrap items-baseline gap-x-3">
            <span className="text-2xl font-semibold tabular-nums" data-testid="credit-utilization-rate">{fmt.percent(rate, { digits: 1 })}</span>
            <span className="tabular-nums">{t("settings.credit.owedOfInLimits", { total_credit_balance: fmt.money(data.total_credit_balance), total_credit_limit: fmt.money(data.total_credit_limit) })}</span>
          </p>
          {data.over_limit ? (
            <p className="mt-2 flex items-start gap-2 font-medium text-destructive" data-testid="credit-over-limit">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {data.over_limit_names?.length
                ? t("settings.credit.overLimitNamed", { names: data.over_limit_names.join(", ") })
                : t("settings.credit.overLimitWarning")}
            </p>
          ) : data.over_limit_names?.length ? (
            <p className="mt-2 flex items-start gap-2 font-medium text-destructive" data-testid="credit-over-limit">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t("settings.credit.overTheLimitOn", { value: data.over_limit_names.join(", ") })}
            </p>
          ) : (
            <p className="mt-2 text-muted-foreground">{high ? t("settings.credit.above30LendersLike") : t("settings.credit.under30WhereLenders")}</p>
          )}
        </>
      )}
      {data.no_limit_names?.length ? (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="credit-no-limit">
          {t("settings.credit.leftOut", { count: data.no_limit_names.length })}
        </p>
      ) : null}
    </section>
  );
}

function CardsTab({ marks }: { marks: LimitMarks }) {
  const fmt = useFormat();
  const i18n = useI18n();
  const { t } = i18n;
  const { CARD_FIELDS } = useSettingsFields();
  const query = useCreditCards();
  useEffect(() => {
    if (query.isError) toast.error(t("settings.credit.failedToLoadCredit2"));
  }, [query.isError, t]);
  return (
    <CrudList<CreditCard>
      title={t("settings.credit.creditCards")}
      items={query.data}
      loading={query.isPending}
      loadError={query.isError ? t("settings.credit.failedToLoadCredit2") : null}
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
        noun: t("settings.noun.card"), gender: t("settings.noun.cardGender"), added: t("settings.credit.creditCardAddedSuccessfully"), addFailed: t("settings.credit.failedToSaveCredit2"),
        updated: t("settings.credit.creditCardUpdatedSuccessfully"), updateFailed: t("settings.credit.failedToUpdateCredit"),
        deleted: t("settings.credit.creditCardRemovedSuccessfully"), deleteFailed: t("settings.credit.failedToRemoveCredit"),
        empty: t("settings.credit.noCreditCardsYet"), emptyHint: t("settings.credit.addEachCardTo"),
      }}
      render={(c) => (
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <span>
            <span className="font-medium">{c.name}</span>&#32;
            <span className="text-sm text-muted-foreground">{[c.issuer, c.card_type, c.interest_rate != null ? fmt.percent(c.interest_rate, { digits: 2 }) : null].filter(Boolean).join(" · ")}</span>
          </span>
          <span className="text-sm tabular-nums">{owed(c.balance, c.credit_limit, i18n)}<LimitBadge name={c.name} marks={marks} /></span>
        </div>
      )}
    />
  );
}

function LinesTab({ marks }: { marks: LimitMarks }) {
  const fmt = useFormat();
  const i18n = useI18n();
  const { t } = i18n;
  const { LINE_FIELDS } = useSettingsFields();
  const query = useCreditLines();
  useEffect(() => {
    if (query.isError) toast.error(t("settings.credit.failedToLoadLines"));
  }, [query.isError, t]);
  return (
    <CrudList<LineOfCredit>
      title={t("settings.credit.linesOfCredit")}
      items={query.data}
      loading={query.isPending}
      loadError={query.isError ? t("settings.credit.failedToLoadLines") : null}
      onRetry={() => void query.refetch()}
      fields={LINE_FIELDS}
      prefix="line"
      queryKey={["credit"]}
      form="settings_credit_line"
      add={addLine as never}
      update={updateLine as never}
      remove={removeLine}
      texts={{
        noun: t("settings.noun.line"), gender: t("settings.noun.lineGender"), added: t("settings.credit.lineOfCreditAdded"), addFailed: t("settings.credit.failedToSaveLine"),
        updated: t("settings.credit.lineOfCreditUpdated"), updateFailed: t("settings.credit.failedToUpdateLine"),
        deleted: t("settings.credit.lineOfCreditRemoved"), deleteFailed: t("settings.credit.failedToRemoveLine"),
        empty: t("settings.credit.noLinesOfCredit"), emptyHint: t("settings.credit.addPersonalStudentOr"),
      }}
      render={(l) => (
        <div className="flex flex-wrap items-baseline justify-between gap-x-4">
          <span>
            <span className="font-medium">{l.name}</span>&#32;
            <span className="text-sm text-muted-foreground">{[l.lender, l.secured ? "secured" : "unsecured", l.interest_rate != null ? fmt.percent(l.interest_rate, { digits: 2 }) : null].filter(Boolean).join(" · ")}</span>
          </span>
          <span className="text-sm tabular-nums">{owed(l.balance, l.credit_limit, i18n)}<LimitBadge name={l.name} marks={marks} /></span>
        </div>
      )}
    />
  );
}

export default function CreditSettingsPage() {
  const t = useT();
  const [tab, setTab] = useState("cards");
  const score = useScoreForm();
  const marks = useMemo(() => ({ over: score.query.data?.over_limit_names ?? [], none: score.query.data?.no_limit_names ?? [] }), [score.query.data]);
  return (
    <SettingsShell title={t("settings.credit.creditManagement")} description={t("settings.credit.cardsLinesOfCredit")}>
      <Utilization data={score.query.data} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t("settings.credit.credit")} data-tour="credit-tabs">
          <TabsTrigger value="cards" data-tour="credit-cards">{t("settings.credit.creditCards")}</TabsTrigger>
          <TabsTrigger value="lines" data-tour="credit-lines-of-credit">{t("settings.credit.linesOfCredit")}</TabsTrigger>
          <TabsTrigger value="score" data-tour="credit-score">{t("settings.credit.creditScore")}</TabsTrigger>
        </TabsList>
        <TabsContent value="cards"><CardsTab marks={marks} /></TabsContent>
        <TabsContent value="lines"><LinesTab marks={marks} /></TabsContent>
        <TabsContent value="score"><ScoreTab state={score} /></TabsContent>
      </Tabs>
    </SettingsShell>
  );
}

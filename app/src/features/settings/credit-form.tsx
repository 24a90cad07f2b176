/** Credit Management: the credit utilization the API computes from the cards and lines (total balance over total
 * limit), the credit cards and lines of credit (add, edit, delete; removing one is a soft delete in the API) and
 * the credit score part (PUT /api/v1/credit), with the web's fields and texts. */
import type { Schemas } from "@firepath/shared/api";
import type { FieldDef } from "@firepath/shared/form-kit";
import type { Formatters } from "@firepath/shared/i18n/format";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Text, View } from "react-native";
import { Body, Card, HIDDEN } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { type AppTranslate, useFormat, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { CrudList, type ListSpec, RecordForm, type RecordSpec } from "./form-parts";
import { ItemLine } from "./list-forms";
import { loadRecord } from "./settings-api";
import { useSettingsFields } from "./use-settings-form";

type CreditData = Schemas["CreditDataRead"];
type CreditCard = Schemas["CreditCardRead"];
type LineOfCredit = Schemas["LineOfCreditRead"];

const DATA_KEY = ["settings", "credit", "data"];
const CREDIT_ROOT = ["settings", "credit"];

/** "$450.00 owed of $5,000.00" ("450,00 $ dû sur 5 000,00 $"), leaving out a limit that was not entered. */
export const owed = (balance: number, limit: number, t: AppTranslate, fmt: Formatters) =>
  Number(limit) > 0 ? t("app.settings.owedOf", { balance: fmt.money(balance), limit: fmt.money(limit) }) : t("app.settings.owed", { balance: fmt.money(balance) });

/** Only the score form's own fields: a card saved elsewhere changes the utilization, not what is typed here. */
const scoreRecord = (fields: FieldDef[]) => (data: unknown) =>
  data ? Object.fromEntries(fields.map((f) => [f.name, (data as Record<string, unknown>)[f.name]])) : null;

function Utilization() {
  const c = useColours();
  const { privacy } = useDevicePrefs();
  const t = useT();
  const fmt = useFormat();
  const query = useQuery({ queryKey: DATA_KEY, queryFn: () => loadRecord<CreditData>("/api/v1/credit") });
  const data = query.data;
  if (!data) return null;
  const r = data.credit_utilization_rate;
  const high = r != null && r > 0.3;
  const names = data.over_limit_names ?? [];
  return (
    <Card title={t("settings.credit.creditUtilization")} testID="credit-utilization">
      {r == null ? (
        <Body muted>{t("settings.credit.addYourCardsAnd")}</Body>
      ) : (
        <View style={{ gap: space.xs }}>
          <Text style={{ color: c.text, fontSize: typeScale.figure, fontWeight: "700" }}>{fmt.percent(r, { digits: 1 })}</Text>
          <Body>
            {privacy
              ? t("app.settings.utilizationHidden")
              : t("settings.credit.owedOfInLimits", { total_credit_balance: fmt.money(data.total_credit_balance), total_credit_limit: fmt.money(data.total_credit_limit) })}
          </Body>
          {data.over_limit ? (
            <Text accessibilityRole="alert" style={{ color: c.danger, fontSize: typeScale.body, fontWeight: "600" }}>
              {names.length ? t("app.settings.overLimitNamed", { names: names.join(", ") }) : t("app.settings.overLimit")}
            </Text>
          ) : names.length ? (
            <Text accessibilityRole="alert" style={{ color: c.danger, fontSize: typeScale.body, fontWeight: "600" }}>{t("settings.credit.overTheLimitOn", { value: names.join(", ") })}</Text>
          ) : (
            <Body muted>{high ? t("settings.credit.above30LendersLike") : t("settings.credit.under30WhereLenders")}</Body>
          )}
        </View>
      )}
      {data.no_limit_names?.length ? (
        <Body muted>
          {t("app.settings.leftOut", { count: data.no_limit_names.length })}
        </Body>
      ) : null}
    </Card>
  );
}

export function CreditForm({ title }: { title: string }) {
  const { privacy } = useDevicePrefs();
  const t = useT();
  const fmt = useFormat();
  const { CARD_FIELDS, LINE_FIELDS, SCORE_FIELDS } = useSettingsFields();
  const owedText = (balance: number, limit: number) => (privacy ? HIDDEN : owed(balance, limit, t, fmt));
  const cards = useMemo(
    (): ListSpec<CreditCard> => ({
      formTitle: title, title: t("settings.credit.creditCards"), queryKey: ["settings", "credit", "cards"], invalidate: CREDIT_ROOT, path: "/api/v1/credit/cards",
      fields: CARD_FIELDS, defaults: { card_type: "credit" },
      texts: {
        noun: t("settings.noun.card"), gender: t("settings.noun.cardGender"),
        added: t("settings.credit.creditCardAddedSuccessfully"), updated: t("settings.credit.creditCardUpdatedSuccessfully"), deleted: t("settings.credit.creditCardRemovedSuccessfully"),
        empty: t("settings.credit.noCreditCardsYet"), emptyHint: t("settings.credit.addEachCardTo"), loadError: t("settings.credit.failedToLoadCredit2"),
      },
      render: (card) => (
        <ItemLine
          name={card.name}
          detail={[card.issuer, card.card_type, card.interest_rate != null ? fmt.percent(card.interest_rate, { digits: 2 }) : null].filter(Boolean).join(" · ")}
          figure={<Body>{owedText(card.balance, card.credit_limit)}</Body>}
        />
      ),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [title, privacy, t, fmt, CARD_FIELDS],
  );
  const lines = useMemo(
    (): ListSpec<LineOfCredit> => ({
      formTitle: title, title: t("settings.credit.linesOfCredit"), queryKey: ["settings", "credit", "lines"], invalidate: CREDIT_ROOT, path: "/api/v1/credit/lines",
      fields: LINE_FIELDS,
      texts: {
        noun: t("settings.noun.line"), gender: t("settings.noun.lineGender"),
        added: t("settings.credit.lineOfCreditAdded"), updated: t("settings.credit.lineOfCreditUpdated"), deleted: t("settings.credit.lineOfCreditRemoved"),
        empty: t("settings.credit.noLinesOfCredit"), emptyHint: t("settings.credit.addPersonalStudentOr"), loadError: t("settings.credit.failedToLoadLines"),
      },
      render: (l) => (
        <ItemLine
          name={l.name}
          detail={[l.lender, l.secured ? t("app.settings.secured") : t("app.settings.unsecured"), l.interest_rate != null ? fmt.percent(l.interest_rate, { digits: 2 }) : null].filter(Boolean).join(" · ")}
          figure={<Body>{owedText(l.balance, l.credit_limit)}</Body>}
        />
      ),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [title, privacy, t, fmt, LINE_FIELDS],
  );
  const score = useMemo(
    (): RecordSpec => ({
      formTitle: title, cardTitle: t("settings.credit.yourCredit"), queryKey: DATA_KEY, path: "/api/v1/credit", method: "PUT", toRecord: scoreRecord(SCORE_FIELDS),
      sections: [{ fields: SCORE_FIELDS }],
      submitLabel: t("settings.credit.saveCreditData"), success: t("settings.credit.creditDataSavedSuccessfully"), loadError: t("settings.credit.failedToLoadCredit"),
    }),
    [title, t, SCORE_FIELDS],
  );
  return (
    <>
      <Utilization />
      <CrudList spec={cards} />
      <CrudList spec={lines} />
      <RecordForm spec={score} />
    </>
  );
}

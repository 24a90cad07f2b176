/** Credit Management: the credit utilization the API computes from the cards and lines (total balance over total
 * limit), the credit cards and lines of credit (add, edit, delete; removing one is a soft delete in the API) and
 * the credit score part (PUT /api/v1/credit), with the web's fields and texts. */
import type { Schemas } from "@firepath/shared/api";
import { formatCurrency, formatPercent } from "@firepath/shared/format";
import { CARD_FIELDS, LINE_FIELDS, SCORE_FIELDS } from "@firepath/shared/settings-fields";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { Text, View } from "react-native";
import { Body, Card, HIDDEN } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { CrudList, type ListSpec, RecordForm, type RecordSpec } from "./form-parts";
import { ItemLine } from "./list-forms";
import { loadRecord } from "./settings-api";

type CreditData = Schemas["CreditDataRead"];
type CreditCard = Schemas["CreditCardRead"];
type LineOfCredit = Schemas["LineOfCreditRead"];

const DATA_KEY = ["settings", "credit", "data"];
const CREDIT_ROOT = ["settings", "credit"];

/** "$450.00 owed of $5,000.00", leaving out a limit that was not entered. */
export const owed = (balance: number, limit: number) => `${formatCurrency(balance)} owed${Number(limit) > 0 ? ` of ${formatCurrency(limit)}` : ""}`;

/** Only the score form's own fields: a card saved elsewhere changes the utilization, not what is typed here. */
const scoreRecord = (data: unknown) =>
  data ? Object.fromEntries(SCORE_FIELDS.map((f) => [f.name, (data as Record<string, unknown>)[f.name]])) : null;

function Utilization() {
  const c = useColours();
  const { privacy } = useDevicePrefs();
  const query = useQuery({ queryKey: DATA_KEY, queryFn: () => loadRecord<CreditData>("/api/v1/credit") });
  const data = query.data;
  if (!data) return null;
  const r = data.credit_utilization_rate;
  const high = r != null && r > 0.3;
  const names = data.over_limit_names ?? [];
  return (
    <Card title="Credit utilization" testID="credit-utilization">
      {r == null ? (
        <Body muted>Add your cards and lines of credit with their limits to see how much of your credit is in use.</Body>
      ) : (
        <View style={{ gap: space.xs }}>
          <Text style={{ color: c.text, fontSize: typeScale.figure, fontWeight: "700" }}>{formatPercent(r, { digits: 1 })}</Text>
          <Body>
            {privacy
              ? "of your credit limits in use, across your cards and lines of credit"
              : `${formatCurrency(data.total_credit_balance)} owed of ${formatCurrency(data.total_credit_limit)} in limits, across your cards and lines of credit`}
          </Body>
          {data.over_limit ? (
            <Text accessibilityRole="alert" style={{ color: c.danger, fontSize: typeScale.body, fontWeight: "600" }}>
              {`Over the limit: you owe more than your credit limits allow${names.length ? ` (${names.join(", ")})` : ""}. Over-limit fees and a lower credit score can follow.`}
            </Text>
          ) : names.length ? (
            <Text accessibilityRole="alert" style={{ color: c.danger, fontSize: typeScale.body, fontWeight: "600" }}>{`Over the limit on ${names.join(", ")}.`}</Text>
          ) : (
            <Body muted>{high ? "Above 30%: lenders like to see under 30% in use." : "Under 30%, where lenders like to see it."}</Body>
          )}
        </View>
      )}
      {data.no_limit_names?.length ? (
        <Body muted>
          {`Left out: ${data.no_limit_names.length === 1 ? "one card or line" : `${data.no_limit_names.length} cards or lines`} with a balance but no limit saved.`}
        </Body>
      ) : null}
    </Card>
  );
}

export function CreditForm({ title }: { title: string }) {
  const { privacy } = useDevicePrefs();
  const owedText = (balance: number, limit: number) => (privacy ? HIDDEN : owed(balance, limit));
  const cards = useMemo(
    (): ListSpec<CreditCard> => ({
      formTitle: title, title: "Credit cards", queryKey: ["settings", "credit", "cards"], invalidate: CREDIT_ROOT, path: "/api/v1/credit/cards",
      fields: CARD_FIELDS, defaults: { card_type: "credit" },
      texts: {
        noun: "credit card", added: "Credit card added successfully", updated: "Credit card updated successfully", deleted: "Credit card removed successfully",
        empty: "No credit cards yet", emptyHint: "Add each card to track balances, limits and interest.", loadError: "Failed to load credit cards",
      },
      render: (card) => (
        <ItemLine
          name={card.name}
          detail={[card.issuer, card.card_type, card.interest_rate != null ? formatPercent(card.interest_rate, { digits: 2 }) : null].filter(Boolean).join(" · ")}
          figure={<Body>{owedText(card.balance, card.credit_limit)}</Body>}
        />
      ),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [title, privacy],
  );
  const lines = useMemo(
    (): ListSpec<LineOfCredit> => ({
      formTitle: title, title: "Lines of credit", queryKey: ["settings", "credit", "lines"], invalidate: CREDIT_ROOT, path: "/api/v1/credit/lines",
      fields: LINE_FIELDS,
      texts: {
        noun: "line of credit", added: "Line of credit added successfully", updated: "Line of credit updated successfully", deleted: "Line of credit removed successfully",
        empty: "No lines of credit yet", emptyHint: "Add personal, student or home equity lines of credit.", loadError: "Failed to load lines of credit",
      },
      render: (l) => (
        <ItemLine
          name={l.name}
          detail={[l.lender, l.secured ? "secured" : "unsecured", l.interest_rate != null ? formatPercent(l.interest_rate, { digits: 2 }) : null].filter(Boolean).join(" · ")}
          figure={<Body>{owedText(l.balance, l.credit_limit)}</Body>}
        />
      ),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [title, privacy],
  );
  const score = useMemo(
    (): RecordSpec => ({
      formTitle: title, cardTitle: "Your credit", queryKey: DATA_KEY, path: "/api/v1/credit", method: "PUT", toRecord: scoreRecord,
      sections: [{ fields: SCORE_FIELDS }],
      submitLabel: "Save credit data", success: "Credit data saved successfully", loadError: "Failed to load credit data",
    }),
    [title],
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

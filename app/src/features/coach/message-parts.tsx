/** How a coach message's parts look (as on the web): text, tool results as cards with a "how we got this" receipt,
 * the approval request as a before/after list with Approve and Reject, Undo once a change is saved, and screen
 * suggestions as buttons that open the matching screen. Money in the cards goes through `Money` (privacy mode). */
import { getToolOrDynamicToolName, isToolOrDynamicToolUIPart, type UIMessage } from "ai";
import { router } from "expo-router";
import { useEffect, useRef, useState } from "react";
import { AccessibilityInfo, ActivityIndicator, findNodeHandle, Linking, Platform, Pressable, StyleSheet, Text, View } from "react-native";
import { Button, HIDDEN, Money } from "@/components/ui";
import { useDevicePrefs } from "@/features/more/device-prefs";
import { appRouteFor } from "@/features/plan/plan-screen";
import { type AppTranslate, englishT, useT } from "@/lib/i18n";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { useUndoCoachChange } from "./coach-api";
import {
  type ApprovalData,
  diffRows,
  type Figure,
  headlineFigures,
  hideAmounts,
  isMoney,
  provenanceOf,
  receiptLines,
  screenLinkOf,
  toolLabel,
  WRITE_TOOLS,
} from "@firepath/shared/coach-format";

type Part = UIMessage["parts"][number];
export type ToolPart = Extract<Part, { toolCallId: string }> & {
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
  approval?: { id: string; approved?: boolean; reason?: string };
};

export type ApprovalAnswer = (approvalId: string, approved: boolean) => void;

/** A tool's text with its dollar amounts hidden in privacy mode. */
export function usePrivateText(text: string): string {
  const { privacy } = useDevicePrefs();
  return privacy ? hideAmounts(text, HIDDEN) : text;
}

/** One value of a card: money through `Money` (hidden in privacy mode), everything else as formatted. */
function FigureValue({ name, raw, text, style }: { name: string; raw: unknown; text: string; style?: object }) {
  const c = useColours();
  if (isMoney(name, raw)) return <Money value={raw as number | string} whole={false} style={style} />;
  return <Text style={[{ color: c.text }, style]}>{text}</Text>;
}

function FigureRow({ figure, testID }: { figure: Figure; testID?: string }) {
  const c = useColours();
  return (
    <View style={styles.row} testID={testID}>
      <Text style={[styles.small, styles.rowLabel, { color: c.muted }]}>{figure.label}</Text>
      <FigureValue name={figure.key} raw={figure.raw} text={figure.value} style={[styles.small, styles.rowValue]} />
    </View>
  );
}

/** The receipt under a tool card: which numbers came from the question, what was read from saved data, the
 * assumptions, tax year and notes behind the numbers. Folded until opened. */
export function Receipt({ output }: { output: unknown }) {
  const c = useColours();
  const t = useT();
  const [open, setOpen] = useState(false);
  const provenance = provenanceOf(output);
  if (!provenance) return null;
  const { stated, read, assumptions, taxYear, notes } = receiptLines(provenance);
  if (!stated.length && !read.length && !assumptions.length && !taxYear && !notes.length) return null;
  return (
    <View testID="receipt" style={{ gap: space.xs }}>
      <Pressable
        accessibilityRole="button"
        accessibilityLabel={t("coach.messageParts.howWeGotThis")}
        accessibilityState={{ expanded: open }}
        onPress={() => setOpen((o) => !o)}
        hitSlop={8}
        style={styles.receiptToggle}
      >
        <Text style={[styles.small, { color: c.primary, fontWeight: "600" }]}>
          {open ? "▾" : "▸"} {t("coach.messageParts.howWeGotThis")}
        </Text>
      </Pressable>
      {open ? (
        <View style={{ gap: space.sm }} testID="receipt-body">
          {stated.length > 0 ? (
            <View testID="receipt-stated" style={{ gap: space.xs }}>
              <Text style={[styles.small, { color: c.text, fontWeight: "600" }]}>{t("coach.messageParts.fromYourQuestionFor")}</Text>
              {stated.map((s) => (
                <FigureRow key={s.key} figure={s} />
              ))}
            </View>
          ) : null}
          {read.length > 0 ? (
            <Text style={[styles.small, { color: c.muted }]} testID="receipt-read">
              {t(stated.length ? "coach.read.rest" : "coach.read.all", { fields: read.join(", ") })}
            </Text>
          ) : null}
          {assumptions.length > 0 ? (
            <View style={{ gap: space.xs }} testID="receipt-assumptions">
              {assumptions.map((a) => (
                <FigureRow key={a.key} figure={a} />
              ))}
            </View>
          ) : null}
          {taxYear ? <Text style={[styles.small, { color: c.muted }]}>{t("coach.messageParts.taxRulesAndLimits", { taxYear })}</Text> : null}
          {notes.map((n) => (
            <Text key={n} style={[styles.small, { color: c.muted }]}>
              • {n}
            </Text>
          ))}
        </View>
      ) : null}
    </View>
  );
}

function Summary({ text }: { text: string }) {
  const c = useColours();
  return <Text style={[styles.small, { color: c.muted }]}>{usePrivateText(text)}</Text>;
}

function ToolCard({ name, part }: { name: string; part: ToolPart }) {
  const c = useColours();
  const t = useT();
  const output = part.output;
  const link = name === "suggest_screen" ? screenLinkOf(output) : null;
  if (link) {
    return (
      <View testID="screen-link" style={[styles.card, { backgroundColor: c.card, borderColor: c.border }]}>
        <Button label={t("app.coach.openScreen", { label: link.label })} variant="secondary" onPress={() => router.push(appRouteFor(link.path))} />
        {link.why ? <Text style={[styles.small, { color: c.muted }]}>{link.why}</Text> : null}
      </View>
    );
  }
  const figures = headlineFigures(output);
  const summary = output && typeof output === "object" ? (output as { summary?: unknown }).summary : undefined;
  return (
    <View
      testID="tool-card"
      accessibilityLabel={toolLabel(name)}
      style={[styles.card, { backgroundColor: c.card, borderColor: c.border }]}
    >
      <Text accessibilityRole="header" style={[styles.cardTitle, { color: c.text }]}>
        {toolLabel(name)}
      </Text>
      {typeof summary === "string" ? <Summary text={summary} /> : null}
      {figures.length > 0 ? (
        <View style={styles.figures}>
          {figures.map((f) => (
            <View key={f.key} testID={`figure-${f.key}`} style={[styles.figure, { backgroundColor: c.background }]}>
              <Text style={[styles.small, { color: c.muted }]}>{f.label}</Text>
              <FigureValue name={f.key} raw={f.raw} text={f.value} style={styles.figureValue} />
            </View>
          ))}
        </View>
      ) : null}
      <Citations output={output} />
      <Receipt output={output} />
    </View>
  );
}

interface Cited {
  key: string;
  title: string;
  detail: string | null;
  passage: string | null;
}

/** What the coach read in the Help Center: the search results (title, section, passage) or the opened article,
 * and the article's own outside sources. */
export function citationsOf(output: unknown, t: AppTranslate = englishT): { cited: Cited[]; sources: { title: string; url: string }[] } {
  const empty = { cited: [], sources: [] };
  if (!output || typeof output !== "object") return empty;
  const o = output as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  const cited: Cited[] = [];
  if (Array.isArray(o.results)) {
    o.results.forEach((r, i) => {
      if (!r || typeof r !== "object") return;
      const x = r as Record<string, unknown>;
      const title = text(x.title);
      if (!title) return;
      const detail = [x.kind === "help" ? t("app.coach.helpTopic") : x.kind === "article" ? t("app.coach.article") : null, text(x.category), text(x.section)]
        .filter(Boolean)
        .join(" · ");
      cited.push({ key: `${text(x.id) ?? i}-${i}`, title, detail: detail || null, passage: text(x.passage) });
    });
  } else if ((o.kind === "article" || o.kind === "help") && text(o.title)) {
    cited.push({ key: String(o.id ?? "article"), title: text(o.title)!, detail: [t(o.kind === "help" ? "app.coach.helpTopic" : "app.coach.article"), text(o.category)].filter(Boolean).join(" · "), passage: null });
  }
  const sources = Array.isArray(o.sources)
    ? o.sources.flatMap((s) => {
        const x = (s ?? {}) as Record<string, unknown>;
        const title = text(x.title);
        const url = text(x.url);
        return title && url && /^https?:\/\//i.test(url) ? [{ title, url }] : [];
      })
    : [];
  return { cited, sources };
}

function Citations({ output }: { output: unknown }) {
  const c = useColours();
  const t = useT();
  const { cited, sources } = citationsOf(output, t);
  if (!cited.length && !sources.length) return null;
  return (
    <View testID="citations" style={{ gap: space.sm }}>
      {cited.length ? <Text style={[styles.small, { color: c.text, fontWeight: "600" }]}>{t("app.coach.sources", { count: cited.length })}</Text> : null}
      {cited.map((s) => (
        <View key={s.key} style={{ gap: 2 }}>
          <Text style={[styles.small, { color: c.text, fontWeight: "600" }]}>{s.title}</Text>
          {s.detail ? <Text style={[styles.small, { color: c.muted }]}>{s.detail}</Text> : null}
          {s.passage ? <Text style={[styles.small, { color: c.muted }]}>“{s.passage}”</Text> : null}
        </View>
      ))}
      {sources.map((s) => (
        <Pressable
          key={s.url}
          accessibilityRole="link"
          accessibilityLabel={t("app.coach.opensInBrowser", { title: s.title })}
          onPress={() => void Linking.openURL(s.url)}
          style={styles.receiptToggle}
        >
          <Text style={[styles.small, { color: c.primary, textDecorationLine: "underline" }]}>{s.title}</Text>
        </Pressable>
      ))}
    </View>
  );
}

/** The before/after of a proposed write, with Approve and Reject while it waits for the person. */
export function ApprovalCard({ data, part, onAnswer }: { data: ApprovalData | undefined; part: ToolPart; onAnswer: ApprovalAnswer }) {
  const c = useColours();
  const t = useT();
  const ref = useRef<View>(null);
  const waiting = part.state === "approval-requested";
  useEffect(() => {
    // Screen-reader users land on the decision.
    if (!waiting || !ref.current) return;
    if (Platform.OS === "web") {
      // react-native-web renders a DOM element, which takes focus directly (findNodeHandle does not exist there).
      (ref.current as unknown as { focus?: () => void }).focus?.();
      return;
    }
    const node = findNodeHandle(ref.current);
    if (node) AccessibilityInfo.setAccessibilityFocus(node);
  }, [waiting]);
  const name = getToolOrDynamicToolName(part as never);
  const preview = data?.preview;
  const rows = preview ? diffRows(preview) : [];
  const approvalId = part.approval?.id;
  const decided =
    part.state === "output-denied" || part.approval?.approved === false
      ? "rejected"
      : part.state === "output-available" || part.approval?.approved === true
        ? "approved"
        : null;
  const title = preview?.title ?? toolLabel(name);
  return (
    <View
      ref={ref}
      testID="approval-card"
      accessible={false}
      tabIndex={-1}
      style={[styles.card, { backgroundColor: c.card, borderColor: waiting ? c.primary : c.border, borderWidth: 2 }]}
    >
      <View style={styles.titleRow}>
        <Text accessibilityRole="header" style={[styles.cardTitle, { color: c.text, flexShrink: 1 }]}>
          {title}
        </Text>
        {decided === "approved" ? (
          <Text style={[styles.badge, { color: c.success, borderColor: c.success }]}>{t("coach.messageParts.approved")}</Text>
        ) : decided === "rejected" ? (
          <Text style={[styles.badge, { color: c.muted, borderColor: c.border }]}>{t("coach.messageParts.rejected")}</Text>
        ) : null}
      </View>
      {rows.length > 0 ? (
        <View style={{ gap: space.sm }} accessibilityLabel={t("coach.messageParts.proposedChangeBeforeAnd")}>
          {rows.map((r) => (
            <View key={r.field} testID={`diff-${r.field}`} style={[styles.diff, { borderTopColor: c.border }]}>
              <Text style={[styles.body, { color: c.text, fontWeight: "600" }]}>{r.label}</Text>
              <View style={styles.diffValues}>
                <View style={styles.diffValue} testID={`diff-${r.field}-before`}>
                  <Text style={[styles.small, { color: c.muted }]}>{t("coach.messageParts.before")}</Text>
                  <FigureValue
                    name={r.field}
                    raw={r.rawBefore}
                    text={r.before}
                    style={[styles.body, { color: c.muted, textDecorationLine: "line-through" }]}
                  />
                </View>
                <Text style={[styles.body, { color: c.muted }]} accessibilityElementsHidden importantForAccessibility="no">
                  →
                </Text>
                <View style={styles.diffValue} testID={`diff-${r.field}-after`}>
                  <Text style={[styles.small, { color: c.muted }]}>{t("coach.messageParts.after")}</Text>
                  <FigureValue name={r.field} raw={r.rawAfter} text={r.after} style={[styles.body, { fontWeight: "700" }]} />
                </View>
              </View>
            </View>
          ))}
        </View>
      ) : preview ? (
        <Text style={[styles.small, { color: c.muted }]}>{t("coach.messageParts.noValuesChange")}</Text>
      ) : null}
      {waiting && approvalId ? (
        <View style={{ gap: space.sm }}>
          <Text style={[styles.small, { color: c.muted }]}>{t("coach.messageParts.nothingIsSavedUntil")}</Text>
          <View style={styles.actions}>
            <View style={styles.action}>
              <Button label={t("coach.messageParts.approve")} accessibilityHint={t("app.coach.approveHint", { title })} onPress={() => onAnswer(approvalId, true)} />
            </View>
            <View style={styles.action}>
              <Button
                label={t("coach.messageParts.reject")}
                variant="secondary"
                accessibilityHint={t("app.coach.rejectHint")}
                onPress={() => onAnswer(approvalId, false)} />
            </View>
          </View>
        </View>
      ) : part.state === "approval-responded" ? (
        <View style={styles.titleRow} accessibilityRole="text" accessibilityLiveRegion="polite">
          <ActivityIndicator color={c.primary} />
          <Text style={[styles.small, { color: c.muted }]}>{part.approval?.approved ? t("coach.messageParts.saving") : t("coach.messageParts.tellingTheCoach")}</Text>
        </View>
      ) : part.state === "output-available" ? (
        <SavedChange output={part.output} />
      ) : part.state === "output-denied" ? (
        <Text style={[styles.small, { color: c.muted }]}>{t("coach.messageParts.notSavedYouRejected")}</Text>
      ) : null}
    </View>
  );
}

/** What an approved change saved, and the way back: Undo puts the previous values back. */
function SavedChange({ output }: { output: unknown }) {
  const c = useColours();
  const t = useT();
  const changeId = output && typeof output === "object" ? (output as { change_id?: unknown }).change_id : undefined;
  const undo = useUndoCoachChange();
  const summary = usePrivateText(savedSummary(output, t));
  return (
    <View style={{ gap: space.sm }}>
      <Text style={[styles.small, { color: c.muted }]}>{summary}</Text>
      {typeof changeId === "string" ? (
        undo.isSuccess ? (
          <Text accessibilityLiveRegion="polite" style={[styles.small, { color: c.success }]} testID="undone">
            {t("coach.messageParts.undoneThePreviousValues")}
          </Text>
        ) : (
          <>
            <Button
              label={undo.isPending ? t("coach.messageParts.undoing") : t("coach.messageParts.undoThisChange")}
              variant="secondary"
              busy={undo.isPending}
              onPress={() => undo.mutate(changeId)}
            />
            {undo.isError ? (
              <Text accessibilityRole="alert" style={[styles.small, { color: c.danger }]}>
                {undo.error.message}
              </Text>
            ) : null}
          </>
        )
      ) : null}
    </View>
  );
}

function savedSummary(output: unknown, t: AppTranslate): string {
  const summary = output && typeof output === "object" ? (output as { summary?: unknown }).summary : undefined;
  if (typeof summary !== "string" || !summary.trim()) return t("coach.saved");
  return /[.!?]$/.test(summary.trim()) ? summary.trim() : `${summary.trim()}.`;
}

function ToolPartView({ part, message, onAnswer }: { part: ToolPart; message: UIMessage; onAnswer: ApprovalAnswer }) {
  const c = useColours();
  const t = useT();
  const name = getToolOrDynamicToolName(part as never);
  const approval = message.parts.find(
    (p) => p.type === "data-approval" && (p as { data?: ApprovalData }).data?.tool_call_id === part.toolCallId,
  ) as { data: ApprovalData } | undefined;
  if (approval || part.state.startsWith("approval") || part.state === "output-denied" || (WRITE_TOOLS.has(name) && part.approval)) {
    return <ApprovalCard data={approval?.data} part={part} onAnswer={onAnswer} />;
  }
  if (part.state === "output-available") return <ToolCard name={name} part={part} />;
  if (part.state === "output-error") {
    return (
      <Text style={[styles.small, { color: c.danger }]}>
        {part.errorText ? t("coach.toolError", { tool: toolLabel(name), error: part.errorText }) : t("coach.toolFailed", { tool: toolLabel(name) })}
      </Text>
    );
  }
  if (WRITE_TOOLS.has(name)) return null; // the approval request follows
  return (
    <View style={styles.titleRow}>
      <ActivityIndicator color={c.primary} />
      <Text style={[styles.small, { color: c.muted }]}>{t("coach.toolRunning", { tool: toolLabel(name) })}</Text>
    </View>
  );
}

export function MessageParts({ message, onAnswer }: { message: UIMessage; onAnswer: ApprovalAnswer }) {
  const c = useColours();
  const t = useT();
  const mine = message.role === "user";
  return (
    <>
      {message.parts.map((part, index) => {
        const key = `${message.id}-${index}`;
        if (part.type === "text") {
          return (
            <Text key={key} selectable testID="message-text" style={[styles.body, { color: mine ? c.primaryText : c.text }]}>
              {part.text}
            </Text>
          );
        }
        if (isToolOrDynamicToolUIPart(part)) return <ToolPartView key={key} part={part as ToolPart} message={message} onAnswer={onAnswer} />;
        if (part.type === "data-provenance") {
          const unverified = ((part as { data?: { unverified?: string[] } }).data?.unverified ?? []).filter(Boolean);
          return unverified.length ? (
            <Text key={key} style={[styles.small, { color: c.warning }]}>
              {t("coach.messageParts.notFoundInAny", { value: unverified.join(", ") })}
            </Text>
          ) : null;
        }
        return null;
      })}
    </>
  );
}

const styles = StyleSheet.create({
  card: { borderWidth: 1, borderRadius: 10, padding: space.md, gap: space.sm },
  cardTitle: { fontSize: typeScale.body, fontWeight: "700" },
  titleRow: { flexDirection: "row", flexWrap: "wrap", alignItems: "center", gap: space.sm },
  badge: { fontSize: typeScale.small, fontWeight: "600", borderWidth: 1, borderRadius: 999, paddingHorizontal: space.sm, paddingVertical: 2 },
  small: { fontSize: typeScale.small, lineHeight: 18 },
  body: { fontSize: typeScale.body, lineHeight: 22 },
  figures: { flexDirection: "row", flexWrap: "wrap", gap: space.sm },
  figure: { flexGrow: 1, flexBasis: "45%", borderRadius: 8, padding: space.sm, gap: 2 },
  figureValue: { fontSize: typeScale.body, fontWeight: "700" },
  row: { flexDirection: "row", flexWrap: "wrap", justifyContent: "space-between", gap: space.sm },
  rowLabel: { flexShrink: 1 },
  rowValue: { fontWeight: "600" },
  receiptToggle: { minHeight: 44, justifyContent: "center" },
  diff: { borderTopWidth: StyleSheet.hairlineWidth, paddingTop: space.sm, gap: space.xs },
  diffValues: { flexDirection: "row", flexWrap: "wrap", alignItems: "flex-end", gap: space.md },
  diffValue: { gap: 2 },
  actions: { flexDirection: "row", flexWrap: "wrap", gap: space.sm },
  action: { flexGrow: 1, flexBasis: 120 },
});

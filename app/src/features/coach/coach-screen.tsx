/** The FI coach tab: one conversation with the coach, streamed with `useChat` over /api/v1/coach/chat (the thread's
 * UUID is the chat id, as on the web). It opens the most recent conversation (its saved messages first), or a new
 * one; "New conversation" starts another and "Conversations" switches between them. */
import { useChat } from "@ai-sdk/react";
import { createCoachTransport } from "@firepath/shared/chat";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from "ai";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import {
  AccessibilityInfo,
  KeyboardAvoidingView,
  Platform,
  Pressable,
  ScrollView,
  StyleSheet,
  Text,
  TextInput,
  View,
} from "react-native";
import { Button, ErrorState, Loading } from "@/components/ui";
import { useOnline } from "@/components/offline-banner";
import { getAccessToken } from "@/lib/auth";
import { type AppTranslate, useT } from "@/lib/i18n";
import { serverUrl } from "@/lib/server";
import { space, type as typeScale, useColours } from "@/lib/theme";
import { chatFetch, coachMessagesQuery, newThreadId, useCoachThreads, useCoachUsage, useCompletion, type CoachThread } from "./coach-api";
import { chatErrorMessage, suggestedPrompts } from "@firepath/shared/coach-format";
import { MessageParts } from "./message-parts";

/** Why a change was refused, for the model (not shown to the person): it stays in English, as on the web. */
const MODEL_REJECTION = "The user rejected the change";

/** The chat's error in the language shown (the server's own message stays as it sent it). */
const chatError = (error: Error | undefined | null, t: AppTranslate) =>
  chatErrorMessage(error, { failed: t("coach.coachChat.theCoachCouldNot"), unreachable: t("app.server.unreachable") });

/** Whether any streamed `data-coach` part says the offline coach answered. */
export function offlineFromMessages(messages: UIMessage[]): boolean | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const part = messages[i]?.parts.find((p) => p.type === "data-coach") as { data?: { offline?: boolean } } | undefined;
    if (part?.data && typeof part.data.offline === "boolean") return part.data.offline;
  }
  return null;
}

interface OpenThread {
  id: string;
  /** A new conversation has no saved messages to load. */
  isNew: boolean;
}

export function CoachScreen() {
  const c = useColours();
  const t = useT();
  const threads = useCoachThreads();
  const usage = useCoachUsage();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<OpenThread | null>(null);
  const [showThreads, setShowThreads] = useState(false);
  const [streamOffline, setStreamOffline] = useState<boolean | null>(null);
  const offlineCoach = streamOffline ?? usage.data?.offline ?? false;

  // Decided once, when the list first arrives: the most recent conversation, else a new one.
  useEffect(() => {
    if (open || !threads.data) return;
    const latest = threads.data[0];
    setOpen(latest ? { id: latest.id, isNew: false } : { id: newThreadId(), isNew: true });
  }, [open, threads.data]);

  const startNew = () => {
    setShowThreads(false);
    setStreamOffline(null);
    setOpen({ id: newThreadId(), isNew: true });
  };
  const openThread = (thread: CoachThread) => {
    setShowThreads(false);
    setStreamOffline(null);
    setOpen({ id: thread.id, isNew: false });
  };
  const onActivity = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["coach", "threads"], exact: true });
  }, [queryClient]);

  const title = threads.data?.find((t) => t.id === open?.id)?.title ?? (open?.isNew ? t("coach.coach.newConversation") : null);
  const header = (
    <View style={{ gap: space.md }}>
      {!online ? (
        <View accessibilityRole="alert" testID="offline-banner" style={[styles.banner, { backgroundColor: c.warningBg }]}>
          <Text style={[styles.small, { color: c.warning, fontWeight: "600" }]}>{t("app.coach.offline")}</Text>
        </View>
      ) : null}
      {offlineCoach ? (
        <View testID="offline-coach" style={[styles.banner, { backgroundColor: c.warningBg }]}>
          <Text style={[styles.small, { color: c.warning }]}>
            <Text style={{ fontWeight: "700" }}>{t("coach.coach.offlineCoach")}</Text> {t("coach.coach.noAiModelIs")}
          </Text>
        </View>
      ) : null}
      <View style={styles.threadBar}>
        {title ? (
          <Text accessibilityRole="header" style={[styles.threadTitle, { color: c.text }]} testID="thread-title">
            {title}
          </Text>
        ) : null}
        <View style={styles.threadActions}>
          {threads.data && threads.data.length > 0 ? (
            <Button
              label={showThreads ? t("app.coach.hideConversations") : t("coach.coach.conversations")}
              variant="secondary"
              onPress={() => setShowThreads((s) => !s)}
            />
          ) : null}
          <Button label={t("coach.coach.newConversation")} variant="secondary" onPress={startNew} testID="new-thread" />
        </View>
      </View>
      {showThreads && threads.data ? (
        <View accessibilityLabel={t("coach.coach.conversations")} style={[styles.threadList, { borderColor: c.border, backgroundColor: c.card }]}>
          {threads.data.map((t) => {
            const active = t.id === open?.id;
            return (
              <Pressable
                key={t.id}
                accessibilityRole="button"
                accessibilityLabel={t.title}
                accessibilityState={{ selected: active }}
                onPress={() => openThread(t)}
                style={({ pressed }) => [styles.threadItem, { backgroundColor: active || pressed ? c.background : "transparent" }]}
              >
                <Text style={[styles.body, { color: c.text, fontWeight: active ? "700" : "400" }]}>{t.title}</Text>
              </Pressable>
            );
          })}
        </View>
      ) : null}
    </View>
  );

  if (!open) {
    return (
      <View style={[styles.fill, { backgroundColor: c.background }]}>
        {threads.isError ? (
          <View style={styles.pad}>
            <ErrorState message={`${t("coach.coach.conversationsCouldNotBe")} ${threads.error.message}`} onRetry={() => void threads.refetch()} />
            <Button label={t("app.coach.startNew")} variant="secondary" onPress={startNew} />
          </View>
        ) : threads.fetchStatus === "paused" ? (
          <ErrorState message={t("app.coach.offline")} onRetry={() => void threads.refetch()} />
        ) : (
          <Loading label={t("coach.coach.loadingConversations")} />
        )}
      </View>
    );
  }
  return (
    <CoachChat key={open.id} threadId={open.id} isNew={open.isNew} header={header} onActivity={onActivity} onOffline={setStreamOffline} />
  );
}

/** Loads the thread's saved messages (unless it is new), then opens the chat. */
export function CoachChat({
  threadId,
  isNew,
  header,
  onActivity,
  onOffline,
}: {
  threadId: string;
  isNew: boolean;
  header?: ReactNode;
  onActivity: () => void;
  onOffline: (offline: boolean) => void;
}) {
  const c = useColours();
  const t = useT();
  const history = useQuery({ ...coachMessagesQuery(threadId), enabled: !isNew });
  if (!isNew && history.isPending) {
    return (
      <View style={[styles.fill, styles.pad, { backgroundColor: c.background }]}>
        {header}
        <Loading label={t("coach.coachChat.loadingTheConversation")} />
      </View>
    );
  }
  if (!isNew && history.isError) {
    return (
      <View style={[styles.fill, styles.pad, { backgroundColor: c.background }]}>
        {header}
        <ErrorState message={t("coach.coachChat.thisConversationCouldNot", { message: history.error.message })} onRetry={() => void history.refetch()} />
      </View>
    );
  }
  return (
    <Conversation
      threadId={threadId}
      initialMessages={isNew ? [] : (history.data ?? [])}
      header={header}
      onActivity={onActivity}
      onOffline={onOffline}
    />
  );
}

function Conversation({
  threadId,
  initialMessages,
  header,
  onActivity,
  onOffline,
}: {
  threadId: string;
  initialMessages: UIMessage[];
  header?: ReactNode;
  onActivity: () => void;
  onOffline: (offline: boolean) => void;
}) {
  const c = useColours();
  const t = useT();
  const queryClient = useQueryClient();
  const transport = useMemo(() => createCoachTransport({ baseUrl: serverUrl(), getAccessToken, fetch: chatFetch() }), []);
  const { messages, sendMessage, status, stop, regenerate, addToolApprovalResponse, error, clearError } = useChat({
    id: threadId,
    messages: initialMessages,
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onFinish: () => {
      onActivity();
      void queryClient.invalidateQueries({ queryKey: ["coach", "usage"] });
      // A write the person approved changes saved data: refresh what other screens show.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "coach" });
    },
  });
  const [input, setInput] = useState("");
  const scrollRef = useRef<ScrollView>(null);
  const boxRef = useRef<View>(null);
  const [keyboardOffset, setKeyboardOffset] = useState(0);
  const busy = status === "submitted" || status === "streaming";
  const completion = useCompletion(messages.length === 0);
  const prompts = suggestedPrompts(completion.data?.sections);

  const offline = offlineFromMessages(messages);
  useEffect(() => {
    if (offline !== null) onOffline(offline);
  }, [offline, onOffline]);

  const pendingApproval = messages.some((m) => m.parts.some((p) => "state" in p && p.state === "approval-requested"));
  const statusText =
    status === "submitted"
      ? t("coach.coachChat.sending")
      : status === "streaming"
        ? t("coach.coachChat.theCoachIsAnswering")
        : pendingApproval
          ? t("coach.coachChat.theCoachAsksYou")
          : "";
  useEffect(() => {
    if (statusText) AccessibilityInfo.announceForAccessibility?.(statusText);
  }, [statusText]);
  useEffect(() => {
    if (error) AccessibilityInfo.announceForAccessibility?.(chatError(error, t));
  }, [error, t]);

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    clearError();
    void sendMessage({ text: trimmed });
    setInput("");
  };
  const answer = (approvalId: string, approved: boolean) => {
    void addToolApprovalResponse({ id: approvalId, approved, reason: approved ? undefined : MODEL_REJECTION });
  };
  const retry = () => {
    clearError();
    void regenerate();
  };
  const last = messages[messages.length - 1];
  const canRetry = !busy && !pendingApproval && messages.some((m) => m.role === "user") && (last?.role === "assistant" || !!error);

  return (
    <View
      ref={boxRef}
      style={[styles.fill, { backgroundColor: c.background }]}
      // The navigation header (and the status bar) sit between the window's top and this view.
      onLayout={() => boxRef.current?.measureInWindow?.((_x, y) => setKeyboardOffset(Math.max(0, y)))}
    >
      <KeyboardAvoidingView
        style={styles.fill}
        behavior={Platform.OS === "ios" ? "padding" : undefined}
        keyboardVerticalOffset={keyboardOffset}
        testID="coach-keyboard-avoiding"
      >
        <ScrollView
          ref={scrollRef}
          style={styles.fill}
          contentContainerStyle={styles.log}
          keyboardShouldPersistTaps="handled"
          keyboardDismissMode={Platform.OS === "ios" ? "interactive" : "on-drag"}
          onContentSizeChange={() => scrollRef.current?.scrollToEnd({ animated: true })}
          accessibilityLabel={t("coach.coachChat.conversationWithTheCoach")}
          testID="coach-log"
        >
          {header}
          {messages.length === 0 ? (
            <View style={styles.empty} testID="coach-empty">
              <Text accessibilityRole="header" style={[styles.emptyTitle, { color: c.text }]}>
                {t("coach.coachChat.askAboutYourPath")}
              </Text>
              <Text style={[styles.body, { color: c.muted, textAlign: "center" }]}>{t("coach.coachChat.theCoachReadsYour")}</Text>
              <View accessibilityLabel={t("coach.coachChat.suggestedQuestions")} style={styles.prompts}>
                {prompts.map((p) => (
                  <Pressable
                    key={p}
                    accessibilityRole="button"
                    accessibilityLabel={p}
                    accessibilityHint={t("app.coach.askThis")}
                    onPress={() => send(p)}
                    style={({ pressed }) => [styles.prompt, { borderColor: c.primary, backgroundColor: pressed ? c.card : "transparent" }]}
                  >
                    <Text style={[styles.body, { color: c.primary, textAlign: "center" }]}>{p}</Text>
                  </Pressable>
                ))}
              </View>
            </View>
          ) : null}
          {messages.map((message) => {
            const mine = message.role === "user";
            return (
              <View key={message.id} testID={`message-${message.role}`} style={[styles.message, mine ? styles.mine : styles.theirs]}>
                <Text style={[styles.small, { color: c.muted }]}>{mine ? t("app.coach.you") : t("app.coach.coach")}</Text>
                <View style={[styles.bubble, { backgroundColor: mine ? c.primary : c.card, borderColor: mine ? c.primary : c.border }]}>
                  <MessageParts message={message} onAnswer={answer} />
                </View>
              </View>
            );
          })}
          {status === "submitted" ? (
            <Text style={[styles.small, { color: c.muted }]} testID="coach-thinking">
              {t("coach.coachChat.theCoachIsThinking")}
            </Text>
          ) : null}
        </ScrollView>
        {error ? (
          <View
            accessibilityRole="alert"
            testID="coach-error"
            style={[styles.error, { borderColor: c.danger, backgroundColor: c.card }]}
          >
            <Text style={[styles.body, { color: c.danger }]}>{chatError(error, t)}</Text>
            {canRetry ? <Button label={t("coach.coachChat.retry")} variant="secondary" onPress={retry} accessibilityHint={t("app.coach.askAgain")} /> : null}
          </View>
        ) : null}
        <View style={[styles.composer, { borderTopColor: c.border, backgroundColor: c.card }]} testID="coach-composer">
          <TextInput
            accessibilityLabel={t("coach.coachChat.messageTheCoach")}
            accessibilityHint={t("app.coach.inputHint")}
            value={input}
            onChangeText={setInput}
            placeholder={t("coach.coachChat.askAboutYourFire")}
            placeholderTextColor={c.muted}
            multiline
            style={[styles.input, { color: c.text, borderColor: c.border, backgroundColor: c.inputBg }]}
          />
          <View style={styles.composerActions}>
            {canRetry && !error ? (
              <Button label={t("coach.coachChat.retry")} variant="secondary" onPress={retry} accessibilityHint={t("app.coach.askAgain")} />
            ) : null}
            {busy ? <Button label={t("coach.coachChat.stop")} variant="secondary" onPress={() => void stop()} accessibilityHint={t("app.coach.stopHint")} /> : null}
            <Button label={t("coach.coachChat.send")} onPress={() => send(input)} disabled={busy || !input.trim()} />
          </View>
        </View>
      </KeyboardAvoidingView>
    </View>
  );
}

const styles = StyleSheet.create({
  fill: { flex: 1 },
  pad: { padding: space.lg, gap: space.lg },
  log: { padding: space.lg, gap: space.lg, flexGrow: 1 },
  banner: { padding: space.md, borderRadius: 8 },
  small: { fontSize: typeScale.small, lineHeight: 18 },
  body: { fontSize: typeScale.body, lineHeight: 22 },
  threadBar: { flexDirection: "row", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: space.sm },
  threadTitle: { fontSize: typeScale.body, fontWeight: "700", flexShrink: 1 },
  threadActions: { flexDirection: "row", flexWrap: "wrap", gap: space.sm },
  threadList: { borderWidth: 1, borderRadius: 10, paddingVertical: space.xs },
  threadItem: { minHeight: 44, justifyContent: "center", paddingHorizontal: space.md, paddingVertical: space.sm },
  empty: { flexGrow: 1, alignItems: "center", justifyContent: "center", gap: space.md, paddingVertical: space.xl },
  emptyTitle: { fontSize: typeScale.title, fontWeight: "700", textAlign: "center" },
  prompts: { flexDirection: "row", flexWrap: "wrap", justifyContent: "center", gap: space.sm },
  prompt: { minHeight: 44, maxWidth: "100%", flexShrink: 1, borderWidth: 1, borderRadius: 22, paddingHorizontal: space.md, paddingVertical: space.sm, justifyContent: "center" },
  message: { gap: space.xs },
  mine: { alignSelf: "flex-end", alignItems: "flex-end", maxWidth: "85%" },
  theirs: { alignSelf: "stretch" },
  bubble: { borderWidth: 1, borderRadius: 14, paddingHorizontal: space.md, paddingVertical: space.sm, gap: space.sm },
  error: { marginHorizontal: space.lg, marginBottom: space.sm, borderWidth: 1, borderRadius: 8, padding: space.md, gap: space.sm },
  composer: { borderTopWidth: StyleSheet.hairlineWidth, padding: space.md, gap: space.sm },
  input: { minHeight: 48, maxHeight: 160, borderWidth: 1, borderRadius: 8, paddingHorizontal: space.md, paddingVertical: space.sm, fontSize: typeScale.body },
  composerActions: { flexDirection: "row", flexWrap: "wrap", justifyContent: "flex-end", gap: space.sm },
});

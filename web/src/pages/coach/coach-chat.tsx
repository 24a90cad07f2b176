/** One conversation with the coach: `useChat` over /api/v1/coach/chat (the thread's UUID is the chat id). */
import { useChat } from "@ai-sdk/react";
import { createCoachTransport } from "@firepath/shared/chat";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from "ai";
import { Bot, RotateCcw, Send, Square, User } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useCompletion } from "@/api/completion";
import { coachMessagesQuery } from "@/api/coach";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { apiFetch } from "@/lib/api";
import { getAccessToken } from "@/lib/auth-client";
import { cn } from "@/lib/utils";
import { suggestedPrompts } from "@firepath/shared/coach-format";
import { MessageParts } from "@/pages/coach/message-parts";
import { useKeyboardInset } from "@/pages/coach/use-keyboard-inset";
import { useT } from "@/lib/i18n";

/** Said to the model, not shown to the person: the coach's prompts are in English. */
const MODEL_REJECTION = "The user rejected the change";

/** Whether any streamed `data-coach` part says the offline coach answered. */
export function offlineFromMessages(messages: UIMessage[]): boolean | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const part = messages[i].parts.find((p) => p.type === "data-coach") as { data?: { offline?: boolean } } | undefined;
    if (part?.data && typeof part.data.offline === "boolean") return part.data.offline;
  }
  return null;
}

/** Loads the thread's saved messages (unless it is new), then opens the chat. */
export function CoachChat({ threadId, isNew, onActivity, onOffline }: {
  threadId: string;
  isNew: boolean;
  onActivity: () => void;
  onOffline: (offline: boolean) => void;
}) {
  const t = useT();
  const history = useQuery({ ...coachMessagesQuery(threadId), enabled: !isNew });
  if (!isNew && history.isPending) {
    return (
      <div role="status" aria-label={t("coach.coachChat.loadingTheConversation")} className="flex flex-col gap-3 p-4">
        <Skeleton className="ml-auto h-10 w-1/2" />
        <Skeleton className="h-24 w-3/4" />
        <Skeleton className="ml-auto h-10 w-1/3" />
      </div>
    );
  }
  if (!isNew && history.isError) {
    return (
      <div role="alert" className="m-4 rounded-lg border border-destructive/50 p-4 text-sm">
        {t("coach.coachChat.thisConversationCouldNot", { message: history.error.message })}
        <Button variant="outline" size="sm" className="ml-2" onClick={() => history.refetch()}>
          {t("coach.coachChat.tryAgain")}
        </Button>
      </div>
    );
  }
  return <Conversation threadId={threadId} initialMessages={isNew ? [] : (history.data ?? [])} onActivity={onActivity} onOffline={onOffline} />;
}

function Conversation({ threadId, initialMessages, onActivity, onOffline }: {
  threadId: string;
  initialMessages: UIMessage[];
  onActivity: () => void;
  onOffline: (offline: boolean) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  // apiFetch: an expired token is renewed and the message sent again, as for every other API call.
  const transport = useMemo(() => createCoachTransport({ baseUrl: window.location.origin, getAccessToken, fetch: apiFetch }), []);
  const { messages, sendMessage, status, stop, regenerate, addToolApprovalResponse, error, clearError } = useChat({
    id: threadId,
    messages: initialMessages,
    transport,
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,
    onFinish: () => {
      onActivity();
      void queryClient.invalidateQueries({ queryKey: ["coach", "usage"] });
      // A write the user approved changes saved data: refresh what other screens show.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "coach" });
    },
  });
  const [input, setInput] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const composerRef = useRef<HTMLFormElement>(null);
  useKeyboardInset(composerRef, inputRef);
  const busy = status === "submitted" || status === "streaming";
  const completion = useCompletion(messages.length === 0);
  const prompts = suggestedPrompts(completion.data?.sections);

  const offline = offlineFromMessages(messages);
  useEffect(() => {
    if (offline !== null) onOffline(offline);
  }, [offline, onOffline]);
  useEffect(() => {
    // Keep the newest message in view inside the log (not the whole page).
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages]);
  useEffect(() => {
    // Ready to type, without scrolling the page down to the composer (on a phone it sits below the fold and the
    // title, the offline notice and the conversations were scrolled away on arrival).
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  const send = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed || busy) return;
    clearError();
    void sendMessage({ text: trimmed });
    setInput("");
    inputRef.current?.focus();
  };
  const answer = (approvalId: string, approved: boolean) => {
    void addToolApprovalResponse({ id: approvalId, approved, reason: approved ? undefined : MODEL_REJECTION });
    inputRef.current?.focus();
  };
  const pendingApproval = messages.some((m) => m.parts.some((p) => "state" in p && p.state === "approval-requested"));
  const last = messages[messages.length - 1];
  const canRetry = !busy && !pendingApproval && messages.some((m) => m.role === "user") && (last?.role === "assistant" || !!error);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={logRef}
        // Focusable so keyboard users can scroll a long conversation.
        tabIndex={0}
        role="log"
        aria-live="polite"
        aria-busy={busy}
        aria-label={t("coach.coachChat.conversationWithTheCoach")}
        className="flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4"
        data-testid="coach-log"
      >
        {messages.length === 0 && (
          <div className="m-auto max-w-md text-center">
            <Bot className="mx-auto mb-2 size-8 text-primary" aria-hidden="true" />
            <h2 className="text-lg font-semibold">{t("coach.coachChat.askAboutYourPath")}</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {t("coach.coachChat.theCoachReadsYour")}
            </p>
            <div className="mt-4 flex flex-wrap justify-center gap-2" aria-label={t("coach.coachChat.suggestedQuestions")} role="group">
              {prompts.map((p) => (
                <Button key={p} variant="outline" size="sm" className="h-auto whitespace-normal py-1.5" onClick={() => send(p)}>
                  {p}
                </Button>
              ))}
            </div>
          </div>
        )}
        {messages.map((message) => (
          <article
            key={message.id}
            aria-label={message.role === "user" ? t("coach.coachChat.youSaid") : t("coach.coachChat.theCoachSaid")}
            data-testid={`message-${message.role}`}
            className={cn("flex gap-2", message.role === "user" ? "flex-row-reverse" : "flex-row")}
          >
            <span className="mt-1 shrink-0 self-start rounded-full bg-muted p-1.5" aria-hidden="true">
              {message.role === "user" ? <User className="size-4" /> : <Bot className="size-4 text-primary" />}
            </span>
            <div
              className={cn(
                "flex max-w-[min(42rem,85%)] flex-col gap-2 rounded-xl px-3 py-2 text-sm",
                message.role === "user" ? "bg-primary text-primary-foreground" : "bg-muted/40",
              )}
            >
              <MessageParts message={message} onAnswer={answer} />
            </div>
          </article>
        ))}
        {status === "submitted" && (
          <p className="text-sm text-muted-foreground" data-testid="coach-thinking">
            {t("coach.coachChat.theCoachIsThinking")}
          </p>
        )}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {status === "submitted" ? t("coach.coachChat.sending") : status === "streaming" ? t("coach.coachChat.theCoachIsAnswering") : pendingApproval ? t("coach.coachChat.theCoachAsksYou") : ""}
      </p>
      {error && (
        <div role="alert" className="mx-4 mb-2 rounded-md border border-destructive/50 bg-destructive/10 p-2 text-sm" data-testid="coach-error">
          {error.message || t("coach.coachChat.theCoachCouldNot")}
        </div>
      )}
      {/* Sticky at the bottom of the visible page: above the phone's bottom navigation (3.5rem and the safe area)
          or above the on-screen keyboard where it covers the page (--coach-keyboard, see use-keyboard-inset). */}
      <form
        ref={composerRef}
        data-testid="coach-composer"
        className="sticky bottom-[max(calc(3.5rem+var(--safe-bottom)),var(--coach-keyboard,0px))] z-10 flex flex-col gap-2 rounded-b-xl border-t bg-card p-3 md:bottom-[var(--coach-keyboard,0px)]"
        onSubmit={(e) => {
          e.preventDefault();
          send(input);
        }}
      >
        <label htmlFor="coach-input" className="sr-only">
          {t("coach.coachChat.messageTheCoach")}
        </label>
        <Textarea
          id="coach-input"
          ref={inputRef}
          value={input}
          rows={2}
          className="min-h-12 resize-none"
          placeholder={t("coach.coachChat.askAboutYourFire")}
          aria-describedby="coach-input-hint"
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send(input);
            }
          }}
        />
        <span id="coach-input-hint" className="sr-only sm:not-sr-only sm:text-xs sm:text-muted-foreground">
          {t("coach.coachChat.pressEnterToSend")}
        </span>
        <div className="flex flex-wrap items-center justify-end gap-2">
          {canRetry && (
            <Button type="button" variant="ghost" size="sm" onClick={() => void regenerate()}>
              <RotateCcw aria-hidden="true" />&#32;{t("coach.coachChat.retry")}
            </Button>
          )}
          {busy ? (
            <Button type="button" variant="outline" size="sm" onClick={() => void stop()}>
              <Square aria-hidden="true" />&#32;{t("coach.coachChat.stop")}
            </Button>
          ) : (
            <Button type="submit" size="sm" disabled={!input.trim()}>
              <Send aria-hidden="true" />&#32;{t("coach.coachChat.send")}
            </Button>
          )}
        </div>
      </form>
    </div>
  );
}

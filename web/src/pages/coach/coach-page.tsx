/** /fi-coach (and /ai-chatbot, /ai-chat): the coach with its conversation list (new, rename, delete, switch). */
import { useQueryClient } from "@tanstack/react-query";
import { Check, MessageSquarePlus, Pencil, Trash2, WifiOff, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import { toast } from "sonner";
import { type CoachThread, deleteThread, renameThread, useCoachThreads, useCoachUsage } from "@/api/coach";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { CoachChat } from "@/pages/coach/coach-chat";
import { msg, type MessageId } from "@firepath/shared/i18n/messages";
import { useT } from "@/lib/i18n";

const TITLES: Record<string, MessageId> = { "/ai-chatbot": msg("planning.aiChatbot.title"), "/ai-chat": msg("planning.aiChat.title"), "/fi-coach": msg("planning.fiCoach.title") };

function newThreadId(): string {
  return crypto.randomUUID();
}

export default function CoachPage() {
  const t = useT();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const threads = useCoachThreads();
  const usage = useCoachUsage();
  const queryClient = useQueryClient();
  const paramThread = params.get("thread");
  // A thread chosen in the URL, or a fresh UUID: the server creates the thread with the first message.
  const [draftId, setDraftId] = useState(newThreadId);
  const threadId = paramThread ?? draftId;
  const [streamOffline, setStreamOffline] = useState<boolean | null>(null);
  const offline = streamOffline ?? usage.data?.offline ?? false;
  const [deleting, setDeleting] = useState<CoachThread | null>(null);
  const newThreadRef = useRef<HTMLButtonElement>(null);

  const known = threads.data?.some((t) => t.id === threadId) ?? false;
  // Whether the open conversation must be loaded from the server is decided once per thread id.
  const isNewRef = useRef<Record<string, boolean>>({});
  if (threads.data && isNewRef.current[threadId] === undefined) isNewRef.current[threadId] = !known;

  const open = (id: string) => setParams({ thread: id });
  const startNew = () => {
    const id = newThreadId();
    setDraftId(id);
    isNewRef.current[id] = true;
    setParams({}, { replace: false });
  };
  const onActivity = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ["coach", "threads"], exact: true });
    if (!params.get("thread")) setParams({ thread: threadId }, { replace: true });
  }, [queryClient, params, setParams, threadId]);

  const confirmDelete = async () => {
    if (!deleting) return;
    const id = deleting.id;
    try {
      await deleteThread(id);
      toast.success(t("coach.coach.conversationDeleted"));
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: ["coach", "threads"], exact: true });
      // The open conversation's replacement focuses its message box; otherwise keep focus in the list.
      if (id === threadId) startNew();
      else requestAnimationFrame(() => newThreadRef.current?.focus());
    } catch (e) {
      toast.error(e instanceof Error ? e.message : t("coach.coach.theConversationCouldNot"));
    }
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4">
      <h1 className="text-2xl font-bold">{t(TITLES[pathname] ?? "planning.fiCoach.title")}</h1>
      {offline && (
        <div role="note" className="flex items-start gap-2 rounded-lg border border-amber-500/50 bg-amber-500/10 p-3 text-sm" data-testid="offline-banner">
          <WifiOff className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>
            <span className="font-semibold">{t("coach.coach.offlineCoach")}</span>&#32;{t("coach.coach.noAiModelIs")}
          </p>
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-[16rem_1fr]">
        <nav aria-label={t("coach.coach.conversations")} className="flex max-h-64 flex-col gap-2 overflow-y-auto rounded-xl border bg-card p-3 md:max-h-[calc(100dvh-14rem)]">
          <Button ref={newThreadRef} onClick={startNew} variant="outline" className="justify-start" data-testid="new-thread">
            <MessageSquarePlus aria-hidden="true" />&#32;{t("coach.coach.newConversation")}
          </Button>
          {threads.isPending ? (
            <div role="status" aria-label={t("coach.coach.loadingConversations")} className="flex flex-col gap-2">
              <Skeleton className="h-8" />
              <Skeleton className="h-8" />
            </div>
          ) : threads.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {t("coach.coach.conversationsCouldNotBe")}
            </p>
          ) : threads.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("coach.coach.noConversationsYet")}</p>
          ) : (
            <ul className="flex flex-col gap-1" data-testid="thread-list">
              {threads.data.map((t) => (
                <ThreadItem key={t.id} thread={t} active={t.id === threadId} onOpen={() => open(t.id)} onDelete={() => setDeleting(t)} />
              ))}
            </ul>
          )}
        </nav>
        <section aria-label={t("coach.coach.chat")} data-tour="coach-chat" className="flex h-[calc(100dvh-12rem)] min-h-[28rem] flex-col rounded-xl border bg-card md:h-[calc(100dvh-14rem)]">
          {threads.isPending ? (
            <div role="status" aria-label={t("coach.coach.loading")} className="p-4">
              <Skeleton className="h-24" />
            </div>
          ) : (
            <CoachChat key={threadId} threadId={threadId} isNew={isNewRef.current[threadId] ?? true} onActivity={onActivity} onOffline={setStreamOffline} />
          )}
        </section>
      </div>
      <Dialog open={deleting !== null} onOpenChange={(o) => !o && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t("coach.coach.deleteThisConversation")}</DialogTitle>
            <DialogDescription>{t("coach.coach.andEverythingTheCoach", { title: deleting?.title ?? "" })}</DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setDeleting(null)}>
              {t("coach.coach.cancel")}
            </Button>
            <Button variant="destructive" onClick={() => void confirmDelete()}>
              {t("coach.coach.delete")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ThreadItem({ thread, active, onOpen, onDelete }: { thread: CoachThread; active: boolean; onOpen: () => void; onDelete: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(thread.title);
  const inputRef = useRef<HTMLInputElement>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const save = async () => {
    const next = title.trim();
    if (!next || next === thread.title) {
      setEditing(false);
      return;
    }
    try {
      await renameThread(thread.id, next);
      await queryClient.invalidateQueries({ queryKey: ["coach", "threads"], exact: true });
      setEditing(false);
      requestAnimationFrame(() => renameRef.current?.focus());
    } catch (e) {
      toast.error(e instanceof Error ? e.message : t("coach.coach.theConversationCouldNot2"));
    }
  };

  if (editing) {
    return (
      <li>
        <form
          className="flex items-center gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <Input
            ref={inputRef}
            aria-label={t("coach.coach.conversationName")}
            value={title}
            maxLength={200}
            className="h-8"
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Escape") {
                setTitle(thread.title);
                setEditing(false);
              }
            }}
          />
          <Button type="submit" size="icon" variant="ghost" aria-label={t("coach.coach.saveName")}>
            <Check aria-hidden="true" />
          </Button>
          <Button type="button" size="icon" variant="ghost" aria-label={t("coach.coach.cancelRenaming")} onClick={() => setEditing(false)}>
            <X aria-hidden="true" />
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className={cn("group flex items-center gap-1 rounded-md", active && "bg-accent")}>
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? "true" : undefined}
        className="min-w-0 flex-1 truncate rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
        title={thread.title}
      >
        {thread.title}
      </button>
      <Button ref={renameRef} size="icon" variant="ghost" className="size-7" aria-label={t("coach.coach.rename", { title: thread.title })} onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button size="icon" variant="ghost" className="size-7" aria-label={t("coach.coach.delete2", { title: thread.title })} onClick={onDelete}>
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

/** A post's comments (oldest first) with the form to add one; authors edit or delete their own, others report,
 * moderators hide or show. */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import { type Comment, commentsQuery, createComment, deleteComment, setHidden, updateComment } from "@/api/community";
import { useAuth } from "@/app/auth-provider";
import { LoadError } from "@/components/page-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { ReactionBar } from "@/pages/community/reaction-bar";
import { ReportButton } from "@/pages/community/report-button";
import type { Translate } from "@firepath/shared/i18n/messages";
import { useT, useFormat } from "@/lib/i18n";

const errorText = (e: unknown, t: Translate) => (e instanceof Error ? e.message : t("community.failed"));

export function CommentThread({ postId }: { postId: string }) {
  const t = useT();
  const comments = useQuery(commentsQuery(postId));
  const qc = useQueryClient();
  const id = useId();
  const [body, setBody] = useState("");
  const add = useMutation({
    mutationFn: () => createComment(postId, body.trim()),
    onSuccess: () => { setBody(""); void qc.invalidateQueries({ queryKey: ["community"] }); },
    onError: (e) => toast.error(errorText(e, t)),
  });
  return (
    <div className="flex flex-col gap-3">
      <h4 className="text-sm font-semibold">{t("community.commentThread.comments")}</h4>
      {comments.isPending ? (
        <div role="status"><span className="sr-only">{t("community.commentThread.loadingComments")}</span><Skeleton className="h-16 w-full" /></div>
      ) : comments.isError ? (
        <LoadError what={t("community.commentThread.theComments")} error={comments.error} onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("community.commentThread.noCommentsYet")}</p>
      ) : (
        <ol className="flex flex-col divide-y" aria-label={t("community.commentThread.comments")}>
          {comments.data.map((c) => <li key={c.id} className="py-2"><CommentItem comment={c} /></li>)}
        </ol>
      )}
      <form className="flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); if (body.trim()) add.mutate(); }}>
        <Label htmlFor={`${id}-c`}>{t("community.commentThread.addAComment")}</Label>
        <Textarea id={`${id}-c`} value={body} rows={2} maxLength={5000} onChange={(e) => setBody(e.target.value)} />
        <Button type="submit" size="sm" className="self-end" disabled={!body.trim() || add.isPending}>{t("community.commentThread.comment")}</Button>
      </form>
    </div>
  );
}

function CommentItem({ comment }: { comment: Comment }) {
  const fmt = useFormat();
  const t = useT();
  const { isModerator } = useAuth();
  const qc = useQueryClient();
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [body, setBody] = useState(comment.body);
  const refresh = () => void qc.invalidateQueries({ queryKey: ["community"] });
  const save = useMutation({
    mutationFn: () => updateComment(comment.id, body.trim()),
    onSuccess: () => { setEditing(false); refresh(); },
    onError: (e) => toast.error(errorText(e, t)),
  });
  const remove = useMutation({ mutationFn: () => deleteComment(comment.id), onSuccess: refresh, onError: (e) => toast.error(errorText(e, t)) });
  const hide = useMutation({
    mutationFn: (hidden: boolean) => setHidden({ commentId: comment.id }, hidden),
    onSuccess: (_d, hidden) => { toast.success(hidden ? t("community.commentThread.commentHidden") : t("community.commentThread.commentShownAgain")); refresh(); },
    onError: (e) => toast.error(errorText(e, t)),
  });
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="comment">
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground" data-testid="comment-author">{comment.author_name}</span>
        <time dateTime={comment.created_at}>{fmt.date(comment.created_at)}</time>
        {comment.mine && <Badge variant="outline">{t("community.commentThread.you")}</Badge>}
        {comment.is_hidden && <Badge variant="outline">{t("community.commentThread.hiddenByAModerator")}</Badge>}
      </div>
      {editing ? (
        <form className="flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); if (body.trim()) save.mutate(); }}>
          <Label htmlFor={`${id}-e`}>{t("community.commentThread.editYourComment")}</Label>
          <Textarea id={`${id}-e`} value={body} rows={2} maxLength={5000} onChange={(e) => setBody(e.target.value)} />
          <div className="flex gap-2">
            <Button type="submit" size="sm" disabled={!body.trim() || save.isPending}>{t("community.commentThread.save")}</Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => { setBody(comment.body); setEditing(false); }}>{t("community.commentThread.cancel")}</Button>
          </div>
        </form>
      ) : (
        <p className="whitespace-pre-wrap break-words">{comment.body}</p>
      )}
      <div className="flex flex-wrap items-center gap-1">
        <ReactionBar target={{ commentId: comment.id }} summary={comment.reactions} />
        {!comment.mine && <ReportButton target={{ commentId: comment.id }} kind="comment" />}
        {comment.mine && !editing && <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>{t("community.commentThread.edit")}<span className="sr-only">&#32;{t("community.commentThread.comment2")}</span></Button>}
        {comment.mine && (
          <Button variant="ghost" size="sm" disabled={remove.isPending} onClick={() => { if (window.confirm(t("community.confirm.deleteComment"))) remove.mutate(); }}>
            {t("community.commentThread.delete")}<span className="sr-only">&#32;{t("community.commentThread.comment2")}</span>
          </Button>
        )}
        {isModerator && (
          <Button variant="ghost" size="sm" disabled={hide.isPending} onClick={() => hide.mutate(!comment.is_hidden)}>
            {comment.is_hidden ? t("community.commentThread.show") : t("community.commentThread.hide")}<span className="sr-only">&#32;{t("community.commentThread.comment2")}</span>
          </Button>
        )}
      </div>
    </div>
  );
}

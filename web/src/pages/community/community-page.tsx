/** /community: posts by category, comments, reactions and reports. Authors edit and delete their own posts and
 * comments; moderators (and admins) also get hide/show controls and the queue of open reports. */
import type { Translate } from "@firepath/shared/i18n/messages";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "sonner";
import {
  CATEGORIES,
  type Category,
  categoryLabel,
  createPost,
  deletePost,
  type Post,
  postsQuery,
  setHidden,
  updatePost,
} from "@/api/community";
import { useAuth } from "@/app/auth-provider";
import { ModerationQueue } from "@/components/community/moderation-queue";
import { LoadError } from "@/components/page-states";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { CommentThread } from "@/pages/community/comment-thread";
import { ReactionBar } from "@/pages/community/reaction-bar";
import { ReportButton } from "@/pages/community/report-button";
import { useT, useFormat } from "@/lib/i18n";

const errorText = (e: unknown, t: Translate) => (e instanceof Error ? e.message : t("community.failed"));

export default function CommunityPage() {
  const t = useT();
  const { isModerator } = useAuth();
  const [category, setCategory] = useState<Category | "">("");
  const [mine, setMine] = useState(false);
  const filterId = useId();
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6" data-testid="community">
      <div>
        <h1 className="text-2xl font-bold">{t("community.community.community")}</h1>
        <p className="text-muted-foreground">{t("community.community.discussFireWithOther")}</p>
      </div>
      <NewPostCard />
      {isModerator && <ModerationQueue />}
      <section aria-labelledby={`${filterId}-h`} className="flex flex-col gap-4" data-tour="community-feed">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id={`${filterId}-h`} className="text-xl font-semibold">{t("community.community.posts")}</h2>
          <div className="flex flex-wrap items-center gap-4">
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${filterId}-cat`}>{t("community.community.category")}</Label>
              <NativeSelect id={`${filterId}-cat`} value={category} onChange={(e) => setCategory(e.target.value as Category | "")} className="w-48">
                <option value="">{t("community.community.allCategories")}</option>
                {CATEGORIES.map((c) => <option key={c.value} value={c.value}>{t(c.label)}</option>)}
              </NativeSelect>
            </div>
            <label className="flex items-center gap-2 self-end pb-2 text-sm">
              <input type="checkbox" className="size-4 accent-primary" checked={mine} onChange={(e) => setMine(e.target.checked)} />
              {t("community.community.onlyMyPosts")}
            </label>
          </div>
        </div>
        <PostList category={category || undefined} mine={mine} />
      </section>
    </div>
  );
}

function NewPostCard() {
  const t = useT();
  const qc = useQueryClient();
  const id = useId();
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const [category, setCategory] = useState<Category>("general");
  const create = useMutation({
    mutationFn: createPost,
    onSuccess: () => {
      setTitle("");
      setBody("");
      toast.success(t("community.community.yourPostIsPublished"));
      void qc.invalidateQueries({ queryKey: ["community"] });
    },
    onError: (e) => toast.error(errorText(e, t)),
  });
  const ready = title.trim().length > 0 && body.trim().length > 0;
  return (
    <Card data-testid="new-post">
      <CardHeader>
        <CardTitle className="text-lg">{t("community.community.startADiscussion")}</CardTitle>
        <CardDescription>{t("community.community.everyoneSignedInCan")}</CardDescription>
      </CardHeader>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) create.mutate({ title: title.trim(), body: body.trim(), category });
        }}
      >
        <CardContent className="grid gap-3 sm:grid-cols-[1fr_12rem]">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-title`}>{t("community.community.title")}</Label>
            <Input id={`${id}-title`} value={title} maxLength={200} required onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-cat`}>{t("community.community.postCategory")}</Label>
            <NativeSelect id={`${id}-cat`} value={category} onChange={(e) => setCategory(e.target.value as Category)}>
              {CATEGORIES.map((c) => <option key={c.value} value={c.value}>{t(c.label)}</option>)}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-1 sm:col-span-2">
            <Label htmlFor={`${id}-body`}>{t("community.community.message")}</Label>
            <Textarea id={`${id}-body`} value={body} maxLength={20000} rows={4} required onChange={(e) => setBody(e.target.value)} />
          </div>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={!ready || create.isPending}>{create.isPending ? t("community.community.posting") : t("community.community.post")}</Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function PostList({ category, mine }: { category?: Category; mine: boolean }) {
  const t = useT();
  const posts = useQuery(postsQuery({ category, mine }));
  if (posts.isPending) {
    return (
      <div role="status" className="flex flex-col gap-3">
        <span className="sr-only">{t("community.community.loadingPosts")}</span>
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (posts.isError) return <LoadError what={t("community.community.thePosts")} error={posts.error} onRetry={() => void posts.refetch()} />;
  if (posts.data.length === 0) {
    return (
      <p className="rounded-md border p-6 text-center text-sm text-muted-foreground" data-testid="posts-empty">
        {mine ? t("community.community.youHaveNotPosted") : category ? t("community.community.noPostsInYet", { category: categoryLabel(category, t) }) : t("community.community.noPostsYetStart")}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-4" data-testid="post-list" aria-label={t("community.community.posts")}>
      {posts.data.map((p) => <li key={p.id}><PostCard post={p} /></li>)}
    </ul>
  );
}

function PostCard({ post }: { post: Post }) {
  const fmt = useFormat();
  const t = useT();
  const { isModerator } = useAuth();
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => deletePost(post.id),
    onSuccess: () => {
      toast.success(t("community.community.postDeleted"));
      qc.removeQueries({ queryKey: ["community", "comments", post.id] });
      void qc.invalidateQueries({ queryKey: ["community"], predicate: (q) => !(q.queryKey[1] === "comments" && q.queryKey[2] === post.id) });
    },
    onError: (e) => toast.error(errorText(e, t)),
  });
  const hide = useMutation({
    mutationFn: (hidden: boolean) => setHidden({ postId: post.id }, hidden),
    onSuccess: (_d, hidden) => {
      toast.success(hidden ? t("community.community.postHiddenFromThe") : t("community.community.postShownAgain"));
      // A hidden post is gone for the moderator too: drop its comments rather than refetch them (a 404).
      if (hidden) {
        setOpen(false);
        qc.removeQueries({ queryKey: ["community", "comments", post.id] });
      }
      void qc.invalidateQueries({ queryKey: ["community"], predicate: (q) => !(hidden && q.queryKey[1] === "comments" && q.queryKey[2] === post.id) });
    },
    onError: (e) => toast.error(errorText(e, t)),
  });
  const titleId = `post-${post.id}`;
  return (
    <Card aria-labelledby={titleId} role="article" data-testid="post" data-post-id={post.id}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <Badge variant="secondary">{categoryLabel(post.category, t)}</Badge>
          <span className="font-medium text-foreground" data-testid="post-author">{post.author_name}</span>
          <time dateTime={post.created_at}>{fmt.date(post.created_at)}</time>
          {post.updated_at !== post.created_at && <span>{t("community.community.edited")}</span>}
          {post.mine && <Badge variant="outline">{t("community.community.yourPost")}</Badge>}
          {post.is_hidden && <Badge variant="outline" data-testid="hidden-badge">{t("community.community.hiddenByAModerator")}</Badge>}
        </div>
        {!editing && <h3 id={titleId} className="text-lg font-semibold leading-snug">{post.title}</h3>}
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {editing ? (
          <EditPostForm post={post} titleId={titleId} onDone={() => setEditing(false)} />
        ) : (
          // Plain text as typed: React escapes it (no HTML is ever rendered) and pre-wrap keeps its line breaks.
          <p className="whitespace-pre-wrap break-words text-sm" data-testid="post-body">{post.body}</p>
        )}
        <ReactionBar target={{ postId: post.id }} summary={post.reactions} />
      </CardContent>
      <CardFooter className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" aria-expanded={open} aria-controls={`${titleId}-comments`} onClick={() => setOpen((o) => !o)}>
          {t("community.community.comments", { comment_count: post.comment_count })}
        </Button>
        {!post.mine && <ReportButton target={{ postId: post.id }} kind="post" />}
        {post.mine && !editing && (
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>{t("community.community.edit")}<span className="sr-only">&#32;{t("community.quotedTitle", { title: post.title })}</span></Button>
        )}
        {post.mine && (
          <Button
            variant="ghost"
            size="sm"
            disabled={remove.isPending}
            onClick={() => { if (window.confirm(t("community.confirm.deletePost"))) remove.mutate(); }}
          >
            {t("community.community.delete")}<span className="sr-only">&#32;{t("community.quotedTitle", { title: post.title })}</span>
          </Button>
        )}
        {isModerator && (
          <Button variant="destructive" size="sm" disabled={hide.isPending} onClick={() => hide.mutate(!post.is_hidden)}>
            {post.is_hidden ? t("community.community.show") : t("community.community.hide")}<span className="sr-only">&#32;{t("community.quotedTitle", { title: post.title })}</span>
          </Button>
        )}
      </CardFooter>
      {open && <div id={`${titleId}-comments`} className="border-t px-6 py-4"><CommentThread postId={post.id} /></div>}
    </Card>
  );
}

function EditPostForm({ post, titleId, onDone }: { post: Post; titleId: string; onDone: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const [title, setTitle] = useState(post.title);
  const [body, setBody] = useState(post.body);
  const [category, setCategory] = useState<Category>(post.category as Category);
  const save = useMutation({
    mutationFn: () => updatePost(post.id, { title: title.trim(), body: body.trim(), category }),
    onSuccess: () => { toast.success(t("community.community.postUpdated")); void qc.invalidateQueries({ queryKey: ["community"] }); onDone(); },
    onError: (e) => toast.error(errorText(e, t)),
  });
  return (
    <form className="flex flex-col gap-3" onSubmit={(e) => { e.preventDefault(); save.mutate(); }} aria-label={t("community.community.editPost")}>
      <h3 id={titleId} className="sr-only">{t("community.community.editing", { title: post.title })}</h3>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${titleId}-t`}>{t("community.community.title")}</Label>
        <Input id={`${titleId}-t`} value={title} maxLength={200} required onChange={(e) => setTitle(e.target.value)} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${titleId}-c`}>{t("community.community.postCategory")}</Label>
        <NativeSelect id={`${titleId}-c`} value={category} onChange={(e) => setCategory(e.target.value as Category)}>
          {CATEGORIES.map((c) => <option key={c.value} value={c.value}>{t(c.label)}</option>)}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor={`${titleId}-b`}>{t("community.community.message")}</Label>
        <Textarea id={`${titleId}-b`} value={body} rows={4} maxLength={20000} required onChange={(e) => setBody(e.target.value)} />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={!title.trim() || !body.trim() || save.isPending}>{t("community.community.save")}</Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>{t("community.community.cancel")}</Button>
      </div>
    </form>
  );
}

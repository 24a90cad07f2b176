/** /api/v1/community: posts, comments, reactions and reports, and the moderators' queue and visibility controls. */
import { msg, type MessageId, type Translate } from "@firepath/shared/i18n/messages";
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type Post = Schemas["PostRead"];
export type PostIn = Schemas["PostIn"];
export type PostUpdate = Schemas["PostUpdate"];
export type Comment = Schemas["CommentRead"];
export type Category = PostIn["category"] & string;
export type ReactionKind = Schemas["ReactionSummary"]["mine"][number];
export type ReactionSummary = Schemas["ReactionSummary"];
export type ModerationReport = Schemas["ModerationReportRead"];

/** Post categories and reactions; labels are message ids, translated where they are shown. */
export const CATEGORIES: { value: Category; label: MessageId }[] = [
  { value: "general", label: msg("community.category.general") },
  { value: "fire-journey", label: msg("community.category.fireJourney") },
  { value: "budgeting", label: msg("community.category.budgeting") },
  { value: "investing", label: msg("community.category.investing") },
  { value: "tax", label: msg("community.category.tax") },
  { value: "real-estate", label: msg("community.category.realEstate") },
  { value: "debt", label: msg("community.category.debt") },
  { value: "retirement", label: msg("community.category.retirement") },
];
export const categoryLabel = (c: string, t: Translate): string => {
  const id = CATEGORIES.find((x) => x.value === c)?.label;
  return id ? t(id) : c;
};

export const REACTIONS: { kind: ReactionKind; label: MessageId }[] = [
  { kind: "like", label: msg("community.reaction.like") },
  { kind: "helpful", label: msg("community.reaction.helpful") },
  { kind: "insightful", label: msg("community.reaction.insightful") },
  { kind: "celebrate", label: msg("community.reaction.celebrate") },
];

export interface PostFilters {
  category?: Category;
  mine?: boolean;
}

export const postsQuery = (filters: PostFilters) =>
  queryOptions({
    queryKey: ["community", "posts", filters],
    queryFn: async (): Promise<Post[]> =>
      unwrap(
        await api.GET("/api/v1/community/posts", {
          params: { query: { limit: 50, ...(filters.category ? { category: filters.category } : {}), ...(filters.mine ? { mine: true } : {}) } },
        }),
      ),
  });

export const commentsQuery = (postId: string) =>
  queryOptions({
    queryKey: ["community", "comments", postId],
    queryFn: async (): Promise<Comment[]> =>
      unwrap(await api.GET("/api/v1/community/posts/{post_id}/comments", { params: { path: { post_id: postId } } })),
  });

export const moderationQueueQuery = () =>
  queryOptions({
    queryKey: ["community", "moderation"],
    queryFn: async (): Promise<ModerationReport[]> =>
      unwrap(await api.GET("/api/v1/community/moderation/reports", { params: { query: { status: "open" } } })),
  });

export const createPost = async (body: PostIn): Promise<Post> => unwrap(await api.POST("/api/v1/community/posts", { body }));
export const updatePost = async (id: string, body: PostUpdate): Promise<Post> =>
  unwrap(await api.PATCH("/api/v1/community/posts/{post_id}", { params: { path: { post_id: id } }, body }));
export const deletePost = async (id: string): Promise<void> => {
  unwrap(await api.DELETE("/api/v1/community/posts/{post_id}", { params: { path: { post_id: id } } }));
};
export const createComment = async (postId: string, body: string): Promise<Comment> =>
  unwrap(await api.POST("/api/v1/community/posts/{post_id}/comments", { params: { path: { post_id: postId } }, body: { body } }));
export const updateComment = async (id: string, body: string): Promise<Comment> =>
  unwrap(await api.PATCH("/api/v1/community/comments/{comment_id}", { params: { path: { comment_id: id } }, body: { body } }));
export const deleteComment = async (id: string): Promise<void> => {
  unwrap(await api.DELETE("/api/v1/community/comments/{comment_id}", { params: { path: { comment_id: id } } }));
};

export async function setReaction(target: { postId?: string; commentId?: string }, kind: ReactionKind, on: boolean): Promise<ReactionSummary> {
  if (target.postId) {
    const params = { path: { post_id: target.postId, kind } };
    return unwrap(on
      ? await api.PUT("/api/v1/community/posts/{post_id}/reactions/{kind}", { params })
      : await api.DELETE("/api/v1/community/posts/{post_id}/reactions/{kind}", { params }));
  }
  const params = { path: { comment_id: target.commentId ?? "", kind } };
  return unwrap(on
    ? await api.PUT("/api/v1/community/comments/{comment_id}/reactions/{kind}", { params })
    : await api.DELETE("/api/v1/community/comments/{comment_id}/reactions/{kind}", { params }));
}

export async function report(target: { postId?: string; commentId?: string }, reason: string) {
  if (target.postId) {
    return unwrap(await api.POST("/api/v1/community/posts/{post_id}/reports", { params: { path: { post_id: target.postId } }, body: { reason } }));
  }
  return unwrap(
    await api.POST("/api/v1/community/comments/{comment_id}/reports", { params: { path: { comment_id: target.commentId ?? "" } }, body: { reason } }),
  );
}

export async function setHidden(target: { postId?: string; commentId?: string }, hidden: boolean) {
  if (target.postId) {
    return unwrap(
      await api.PUT("/api/v1/community/moderation/posts/{post_id}/visibility", { params: { path: { post_id: target.postId } }, body: { hidden } }),
    );
  }
  return unwrap(
    await api.PUT("/api/v1/community/moderation/comments/{comment_id}/visibility", {
      params: { path: { comment_id: target.commentId ?? "" } },
      body: { hidden },
    }),
  );
}

export const resolveReport = async (id: string, status: "resolved" | "dismissed", hideTarget: boolean): Promise<ModerationReport> =>
  unwrap(
    await api.POST("/api/v1/community/moderation/reports/{report_id}/resolve", {
      params: { path: { report_id: id } },
      body: { status, hide_target: hideTarget },
    }),
  );

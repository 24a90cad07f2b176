/** /api/v1/coach: the user's conversation threads, a thread's messages (for reloading useChat) and the daily usage. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UIMessage } from "ai";
import { api } from "@/lib/api";

export type CoachThread = Schemas["ThreadRead"];
export type CoachUsage = Schemas["UsageRead"];
export type CoachChange = Schemas["CoachChangeRead"];

export const coachThreadsQuery = () =>
  queryOptions({
    queryKey: ["coach", "threads"],
    queryFn: async (): Promise<CoachThread[]> => unwrap(await api.GET("/api/v1/coach/threads")),
  });
export const useCoachThreads = () => useQuery(coachThreadsQuery());

export const coachMessagesQuery = (threadId: string) =>
  queryOptions({
    queryKey: ["coach", "threads", threadId, "messages"],
    queryFn: async (): Promise<UIMessage[]> =>
      unwrap(await api.GET("/api/v1/coach/threads/{thread_id}/messages", { params: { path: { thread_id: threadId } } })) as unknown as UIMessage[],
    // A thread's messages are read once when it opens; useChat holds them from then on.
    staleTime: Infinity,
    gcTime: 0,
  });

export const coachUsageQuery = () =>
  queryOptions({
    queryKey: ["coach", "usage"],
    queryFn: async (): Promise<CoachUsage> => unwrap(await api.GET("/api/v1/coach/usage")),
  });
export const useCoachUsage = () => useQuery(coachUsageQuery());

export const createThread = async (title?: string): Promise<CoachThread> =>
  unwrap(await api.POST("/api/v1/coach/threads", { body: title ? { title } : {} }));

export const renameThread = async (threadId: string, title: string): Promise<CoachThread> =>
  unwrap(await api.PATCH("/api/v1/coach/threads/{thread_id}", { params: { path: { thread_id: threadId } }, body: { title } }));

export const deleteThread = async (threadId: string): Promise<void> => {
  unwrap(await api.DELETE("/api/v1/coach/threads/{thread_id}", { params: { path: { thread_id: threadId } } }));
};

/** Puts back what a change the coach saved (with the user's approval) replaced; a 409 when the record changed since
 * or the change was already undone. Everything is refetched: the record may be on any page. */
export function useUndoCoachChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changeId: string): Promise<CoachChange> =>
      unwrap(await api.POST("/api/v1/coach/changes/{change_id}/undo", { params: { path: { change_id: changeId } } })),
    onSuccess: () => client.invalidateQueries(),
  });
}

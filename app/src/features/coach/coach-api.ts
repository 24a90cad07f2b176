/** /api/v1/coach as the web uses it: the conversation threads (most recent first), a thread's saved messages (the
 * chat's starting messages), the daily usage (whether the offline coach answers), undo of an approved change, and
 * the profile completion the suggested questions are drawn from. None of it is kept on the device. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { UIMessage } from "ai";
import { Platform } from "react-native";
import { fetch as expoFetch } from "expo/fetch";
import { api } from "@/lib/api";
import { languageFetch } from "@/lib/request-language";

export type CoachThread = Schemas["ThreadRead"];
export type CoachUsage = Schemas["UsageRead"];
export type CoachChange = Schemas["CoachChangeRead"];
export type Completion = Schemas["CompletionRead"];

export const coachThreadsQuery = () =>
  queryOptions({
    queryKey: ["coach", "threads"],
    queryFn: async (): Promise<CoachThread[]> => unwrap(await api().GET("/api/v1/coach/threads")),
  });
export const useCoachThreads = () => useQuery(coachThreadsQuery());

export const coachMessagesQuery = (threadId: string) =>
  queryOptions({
    queryKey: ["coach", "threads", threadId, "messages"],
    queryFn: async (): Promise<UIMessage[]> =>
      unwrap(await api().GET("/api/v1/coach/threads/{thread_id}/messages", { params: { path: { thread_id: threadId } } })) as unknown as UIMessage[],
    // A thread's messages are read once when it opens; useChat holds them from then on.
    staleTime: Infinity,
    gcTime: 0,
  });

export const useCoachUsage = () =>
  useQuery({
    queryKey: ["coach", "usage"],
    queryFn: async (): Promise<CoachUsage> => unwrap(await api().GET("/api/v1/coach/usage")),
  });

export const useCompletion = (enabled: boolean) =>
  useQuery({
    queryKey: ["completion"],
    queryFn: async (): Promise<Completion> => unwrap(await api().GET("/api/v1/completion")),
    enabled,
  });

/** Puts back what a change the coach saved (with the user's approval) replaced; a 409 when the record changed since
 * or the change was already undone. Everything is refetched: the record may be on any screen. */
export function useUndoCoachChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changeId: string): Promise<CoachChange> =>
      unwrap(await api().POST("/api/v1/coach/changes/{change_id}/undo", { params: { path: { change_id: changeId } } })),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** The fetch the chat streams with: Expo's streaming fetch on iOS and Android; the platform's own on the web export
 * and in tests (the global fetch, looked up at request time). Either way it asks for the language shown. */
export function chatFetch(): typeof globalThis.fetch {
  if (Platform.OS === "web" || process.env.NODE_ENV === "test") return languageFetch();
  return languageFetch(expoFetch as unknown as typeof globalThis.fetch);
}

/** A new thread's id (the server creates the thread with its first message, as on the web). */
export function newThreadId(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string; getRandomValues?: (a: Uint8Array) => Uint8Array } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < 16; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

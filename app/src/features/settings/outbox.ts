/** Saves made offline: queued on the device (AsyncStorage), shown as pending, and sent in order when the
 * connection returns. Nothing typed is lost: a save the server refuses stays listed with the server's message
 * until the person discards it. When the record changed on the server after the person started editing
 * (its updated_at is newer than the one the form was opened with), the server's record wins and the person is
 * told. */
import AsyncStorage from "@react-native-async-storage/async-storage";
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { useMemo, useSyncExternalStore } from "react";
import { getAccessToken, getUserId } from "@/lib/auth";
import { currentI18n } from "@/lib/i18n";
import { requestLanguage } from "@/lib/request-language";
import { serverUrl } from "@/lib/server";

export const OUTBOX_KEY = "firepath.outbox.v1";

export interface PendingSave {
  id: string;
  /** What the person would call it ("Income", "Goal: House down payment"). */
  label: string;
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  body?: unknown;
  /** Query keys to refresh once sent. */
  invalidate: string[][];
  createdAt: number;
  /** The record's updated_at when the form was opened; a newer one on the server wins. */
  baseUpdatedAt?: string | null;
  /** Where to read the record's current updated_at (defaults to `path` for PUT/PATCH). */
  checkPath?: string;
  /** Set when the server refused it: its message, kept until the person discards the save. */
  error?: string;
  /** Whose save it is: only sent while that person is signed in on this device. */
  userId?: string | null;
}

export interface Notice {
  id: string;
  text: string;
}

let queue: PendingSave[] = [];
let notices: Notice[] = [];
let loaded = false;
let flushing: Promise<void> | null = null;
const listeners = new Set<() => void>();
let snapshot = { queue, notices };

function emit(): void {
  snapshot = { queue, notices };
  for (const l of listeners) l();
}

async function persist(): Promise<void> {
  await AsyncStorage.setItem(OUTBOX_KEY, JSON.stringify(queue));
}

export async function loadOutbox(): Promise<void> {
  if (loaded) return;
  try {
    const raw = await AsyncStorage.getItem(OUTBOX_KEY);
    queue = raw ? (JSON.parse(raw) as PendingSave[]) : [];
  } catch {
    queue = [];
  }
  loaded = true;
  emit();
}

function notify(text: string): void {
  notices = [...notices, { id: `${Date.now()}-${notices.length}`, text }];
  emit();
}

export function dismissNotice(id: string): void {
  notices = notices.filter((n) => n.id !== id);
  emit();
}

export async function enqueueSave(save: Omit<PendingSave, "id" | "createdAt" | "userId">): Promise<PendingSave> {
  await loadOutbox();
  const userId = await getUserId();
  const item: PendingSave = { ...save, userId, id: `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, createdAt: Date.now() };
  queue = [...queue, item];
  emit();
  await persist();
  return item;
}

export async function discardSave(id: string): Promise<void> {
  queue = queue.filter((q) => q.id !== id);
  emit();
  await persist();
}

class Offline extends Error {}

async function request(method: string, path: string, body?: unknown): Promise<Response> {
  const token = await getAccessToken();
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": requestLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  try {
    return await fetch(`${serverUrl()}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new Offline();
  }
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string") return body.message;
  } catch {
    // not JSON
  }
  return currentI18n().t("app.outbox.refused", { status: String(response.status) });
}

async function sendOne(item: PendingSave, client: QueryClient): Promise<"sent" | "kept" | "conflict" | "refused"> {
  const check = item.checkPath ?? (item.method === "PUT" || item.method === "PATCH" ? item.path : undefined);
  if (item.baseUpdatedAt !== undefined && check) {
    const current = await request("GET", check);
    if (current.ok) {
      const record = (await current.json()) as { updated_at?: string | null };
      const serverTime = record.updated_at ? Date.parse(record.updated_at) : NaN;
      const baseTime = item.baseUpdatedAt ? Date.parse(item.baseUpdatedAt) : NaN;
      if (Number.isFinite(serverTime) && (!Number.isFinite(baseTime) || serverTime > baseTime)) {
        notify(currentI18n().t("app.outbox.conflict", { label: item.label }));
        return "conflict";
      }
    }
  }
  const response = await request(item.method, item.path, item.body);
  if (response.ok) {
    for (const key of item.invalidate) void client.invalidateQueries({ queryKey: key });
    return "sent";
  }
  if (response.status === 401 || response.status >= 500 || response.status === 429) return "kept";
  item.error = await messageOf(response);
  return "refused";
}

/** Sends every pending save in order; stops at the first that cannot go yet (offline, server down). */
export async function flushOutbox(client: QueryClient): Promise<void> {
  if (flushing) return flushing;
  flushing = (async () => {
    await loadOutbox();
    const userId = await getUserId();
    let sentAny = false;
    for (const item of [...queue]) {
      if (item.error || item.userId !== userId) continue;
      let outcome: Awaited<ReturnType<typeof sendOne>>;
      try {
        outcome = await sendOne(item, client);
      } catch (error) {
        if (error instanceof Offline) break;
        throw error;
      }
      if (outcome === "kept") break;
      if (outcome === "sent" || outcome === "conflict") {
        queue = queue.filter((q) => q.id !== item.id);
        if (outcome === "sent") sentAny = true;
      } else {
        queue = queue.map((q) => (q.id === item.id ? { ...item } : q));
      }
      emit();
      await persist();
    }
    if (sentAny && !queue.some((q) => q.userId === userId)) notify(currentI18n().t("app.outbox.allSaved"));
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Loads the queue and sends it whenever the connection comes back. Returns the unsubscribe. */
export function startOutbox(client: QueryClient): () => void {
  void loadOutbox().then(() => (onlineManager.isOnline() ? flushOutbox(client) : undefined));
  return onlineManager.subscribe((online) => {
    if (online) void flushOutbox(client);
  });
}

/** The queue and notices; given the signed-in person's id, only their own saves (another account's wait on the
 * device until it signs in again). */
export function useOutbox(userId?: string | null): { queue: PendingSave[]; notices: Notice[] } {
  const state = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => snapshot,
    () => snapshot,
  );
  return useMemo(
    () => (userId === undefined ? state : { ...state, queue: state.queue.filter((q) => q.userId === userId) }),
    [state, userId],
  );
}

/** The queue and notices as they are now (outside React). */
export function outboxSnapshot(): { queue: PendingSave[]; notices: Notice[] } {
  return snapshot;
}

/** For tests: forget everything in memory. */
export function resetOutboxForTests(): void {
  queue = [];
  notices = [];
  loaded = false;
  flushing = null;
  emit();
}

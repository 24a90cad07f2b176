/** /api/v1/voice, the same requests as the web (web/src/pages/onboarding/voice-api.ts): the recording's transcription
 * (a multipart upload, sent with fetch since React Native's FormData takes a file as {uri, name, type}), then the
 * onboarding conversation and its confirmation through the typed client. */
import { ApiError, unwrap, type Schemas } from "@firepath/shared/api";
import { Platform } from "react-native";
import { api } from "@/lib/api";
import { getAccessToken } from "@/lib/auth";
import type { AppTranslate } from "@/lib/i18n";
import { requestLanguage } from "@/lib/request-language";
import { serverUrl } from "@/lib/server";

export type Transcript = Schemas["TranscriptRead"];
export type Onboarding = Schemas["OnboardingRead"];
export type OnboardingFields = Schemas["OnboardingFields"];

/** A finished recording: a file (or data:) URI on iOS and Android, a blob: URL in the web export. */
export interface Recording {
  uri: string;
  name: string;
  type: string;
}

export const TRANSCRIBE_PATH = "/api/v1/voice/transcribe";

/** Speech to text. Throws ApiError with the server's message (422 audio_empty when nothing was heard). */
export async function transcribe(recording: Recording): Promise<Transcript> {
  const form = new FormData();
  if (Platform.OS === "web") {
    const blob = await (await fetch(recording.uri)).blob();
    form.append("file", blob, recording.name);
  } else {
    form.append("file", { uri: recording.uri, name: recording.name, type: recording.type } as unknown as Blob);
  }
  const token = await getAccessToken();
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": requestLanguage() };
  if (token) headers.Authorization = `Bearer ${token}`;
  // No Content-Type: the multipart boundary is set by the platform.
  const response = await fetch(`${serverUrl()}${TRANSCRIBE_PATH}`, { method: "POST", headers, body: form });
  const body: unknown = await response.json().catch(() => undefined);
  return unwrap<Transcript>({ data: body as Transcript, error: body, response });
}

export async function onboardingTurn(text: string, threadId: string | null): Promise<Onboarding> {
  return unwrap(await api().POST("/api/v1/voice/onboarding", { body: { text, thread_id: threadId } }));
}

export async function confirmOnboarding(threadId: string, approved: boolean, fields?: OnboardingFields): Promise<Onboarding> {
  return unwrap(
    await api().POST("/api/v1/voice/onboarding/{thread_id}/confirm", {
      params: { path: { thread_id: threadId } },
      body: { approved, fields: fields ?? null },
    }),
  );
}

/** What to tell the person when a request fails: the server's own message (already in their language), or, in the
 * language shown, that it could not be reached. */
export function errorText(error: unknown, t: AppTranslate): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError && /network|fetch|load failed/i.test(error.message)) return t("app.server.unreachable");
  return error instanceof Error && error.message ? error.message : t("onboarding.voice.failed");
}

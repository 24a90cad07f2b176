/** /api/v1/voice: transcription of a recording and the onboarding conversation with its confirmation. */
import { unwrap, type Schemas } from "@firepath/shared/api";
import { api } from "@/lib/api";

export type Transcript = Schemas["TranscriptRead"];
export type Onboarding = Schemas["OnboardingRead"];
export type OnboardingFields = Schemas["OnboardingFields"];

/** Multipart upload of the browser's recording (WebM or Ogg with Opus). */
export async function transcribe(audio: Blob): Promise<Transcript> {
  const form = new FormData();
  const ext = audio.type.includes("ogg") ? "ogg" : audio.type.includes("wav") ? "wav" : "webm";
  form.append("file", audio, `recording.${ext}`);
  return unwrap(await api.POST("/api/v1/voice/transcribe", {
    body: form as unknown as { file: string },
    bodySerializer: (body) => body as unknown as FormData,
  }));
}

export async function onboardingTurn(text: string, threadId: string | null): Promise<Onboarding> {
  return unwrap(await api.POST("/api/v1/voice/onboarding", { body: { text, thread_id: threadId } }));
}

export async function confirmOnboarding(threadId: string, approved: boolean, fields?: OnboardingFields): Promise<Onboarding> {
  return unwrap(await api.POST("/api/v1/voice/onboarding/{thread_id}/confirm", {
    params: { path: { thread_id: threadId } },
    body: { approved, fields: fields ?? null },
  }));
}

/** The recording format to ask MediaRecorder for: WebM/Opus where supported (Chromium, Firefox), then Ogg/Opus. */
export function recordingMimeType(isSupported: (type: string) => boolean): string | undefined {
  return ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/webm"].find((t) => isSupported(t));
}

export const canRecord = (): boolean =>
  typeof navigator !== "undefined" && !!navigator.mediaDevices?.getUserMedia && typeof MediaRecorder !== "undefined";

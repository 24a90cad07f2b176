/** Recording an answer in a format the API reads (WAV, Ogg with Opus or Vorbis, WebM with Opus; api/voice/audio.py),
 * with expo-audio on each platform:
 * - iOS: the file recorder writing 16 kHz mono 16-bit WAV (linear PCM), uploaded from its file URI.
 * - Android: MediaRecorder (behind expo-audio's file recorder) only writes AAC, AMR or 3GP there, which the API
 *   refuses, so the microphone's PCM stream (16 kHz mono 16-bit) is collected and wrapped as WAV (a data: URI).
 * - Web export: the browser's MediaRecorder in WebM/Opus (else Ogg/Opus), as the web app records; a browser with
 *   neither cannot record for us and the person types instead.
 * Permission is asked separately (requestRecordingPermissionsAsync) before start(). */
import {
  type RecordingOptions,
  setAudioModeAsync,
  useAudioRecorder,
  useAudioStream,
} from "expo-audio";
import { useMemo, useRef } from "react";
import { Platform } from "react-native";
import type { Recording } from "./voice-api";
import { wavDataUri, wavFile } from "./wav";

export interface VoiceRecorder {
  /** False where this device cannot record in a format the server reads. */
  available: boolean;
  start(): Promise<void>;
  /** Stops and gives the recording (null when nothing was captured). */
  stop(): Promise<Recording | null>;
}

export const SAMPLE_RATE = 16_000;

/** The recording format to ask MediaRecorder for: WebM/Opus where supported (Chromium, Firefox), then Ogg/Opus. */
export function recordingMimeType(isSupported: (type: string) => boolean): string | undefined {
  return ["audio/webm;codecs=opus", "audio/ogg;codecs=opus", "audio/webm"].find((t) => isSupported(t));
}

function browserMimeType(): string | undefined {
  if (Platform.OS !== "web" || typeof MediaRecorder === "undefined" || typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) {
    return undefined;
  }
  return recordingMimeType((t) => MediaRecorder.isTypeSupported(t));
}

const WEB_MIME = browserMimeType();

/** 16 kHz mono WAV on iOS (what the server decodes without loss, about 32 kB a second: 3.5 MB for the 110 s allowed);
 * the browser's WebM/Ogg Opus on the web. Android does not use this recorder (see usePcmRecorder). */
export const VOICE_RECORDING: RecordingOptions = {
  extension: ".wav",
  sampleRate: SAMPLE_RATE,
  numberOfChannels: 1,
  bitRate: SAMPLE_RATE * 16,
  android: { outputFormat: "default", audioEncoder: "default" },
  ios: {
    extension: ".wav",
    outputFormat: "lpcm", // IOSOutputFormat.LINEARPCM
    audioQuality: 96, // AudioQuality.HIGH
    linearPCMBitDepth: 16,
    linearPCMIsBigEndian: false,
    linearPCMIsFloat: false,
  },
  web: { mimeType: WEB_MIME, bitsPerSecond: 64_000 },
};

/** iOS and the web export: expo-audio's file recorder. */
export function useFileRecorder(): VoiceRecorder {
  const recorder = useAudioRecorder(VOICE_RECORDING);
  return useMemo(
    () => ({
      available: Platform.OS !== "web" || WEB_MIME !== undefined,
      async start() {
        if (Platform.OS === "ios") await setAudioModeAsync({ allowsRecording: true, playsInSilentMode: true });
        await recorder.prepareToRecordAsync();
        recorder.record();
      },
      async stop() {
        await recorder.stop();
        if (Platform.OS === "ios") await setAudioModeAsync({ allowsRecording: false }).catch(() => undefined);
        const uri = recorder.uri;
        if (!uri) return null;
        if (Platform.OS === "web") {
          const type = WEB_MIME ?? "audio/webm";
          return { uri, name: `recording.${type.includes("ogg") ? "ogg" : "webm"}`, type };
        }
        return { uri, name: "recording.wav", type: "audio/wav" };
      },
    }),
    [recorder],
  );
}

/** Android: the microphone's 16-bit PCM, kept in memory while recording and written out as WAV on stop. */
export function usePcmRecorder(): VoiceRecorder {
  const chunks = useRef<Uint8Array[]>([]);
  const format = useRef({ sampleRate: SAMPLE_RATE, channels: 1 });
  const active = useRef(false);
  const { stream } = useAudioStream({
    sampleRate: SAMPLE_RATE,
    channels: 1,
    encoding: "int16",
    onBuffer: (buffer) => {
      if (!active.current) return;
      chunks.current.push(new Uint8Array(buffer.data.slice(0)));
      format.current = { sampleRate: buffer.sampleRate, channels: buffer.channels };
    },
  });
  return useMemo(
    () => ({
      available: true,
      async start() {
        chunks.current = [];
        active.current = true;
        try {
          await stream.start();
        } catch (error) {
          active.current = false;
          throw error;
        }
      },
      async stop() {
        active.current = false;
        stream.stop();
        const captured = chunks.current;
        chunks.current = [];
        if (captured.length === 0) return null;
        const wav = wavFile(captured, format.current.sampleRate, format.current.channels);
        return { uri: wavDataUri(wav), name: "recording.wav", type: "audio/wav" };
      },
    }),
    [stream],
  );
}

/** The recorder for this platform (fixed for the app's lifetime, so the hook order never changes). */
export const useVoiceRecorder: () => VoiceRecorder = Platform.OS === "android" ? usePcmRecorder : useFileRecorder;

import { act, renderHook } from "@testing-library/react-native";
import type { AudioStreamBuffer } from "expo-audio";
import { recordingMimeType, usePcmRecorder, VOICE_RECORDING } from "./use-voice-recorder";
import { base64, wavFile } from "./wav";

const mockStream = { start: jest.fn(async () => undefined), stop: jest.fn() };
let mockOnBuffer: ((b: AudioStreamBuffer) => void) | undefined;
let mockStreamOptions: Record<string, unknown> = {};
jest.mock("expo-audio", () => ({
  useAudioRecorder: jest.fn(),
  useAudioStream: (options: { onBuffer?: (b: unknown) => void } & Record<string, unknown>) => {
    mockOnBuffer = options.onBuffer as typeof mockOnBuffer;
    mockStreamOptions = options;
    return { stream: mockStream, isStreaming: false };
  },
  setAudioModeAsync: jest.fn(),
}));

const int16 = (...samples: number[]) => new Uint8Array(new Int16Array(samples).buffer);
const buffer = (data: Uint8Array): AudioStreamBuffer => ({ data: data.slice().buffer, sampleRate: 16_000, channels: 1, timestamp: 0 });

/** The bytes behind a data: URI. */
const bytesOf = (uri: string) => new Uint8Array(Buffer.from(uri.slice(uri.indexOf(",") + 1), "base64"));

test("Android records the microphone's 16 kHz mono PCM and hands it over as a WAV data: URI the server can decode", async () => {
  const { result } = renderHook(() => usePcmRecorder());
  expect(mockStreamOptions).toMatchObject({ sampleRate: 16_000, channels: 1, encoding: "int16" });
  mockOnBuffer?.(buffer(int16(99))); // before start: not part of the recording
  await act(async () => {
    await result.current.start();
  });
  expect(mockStream.start).toHaveBeenCalled();
  mockOnBuffer?.(buffer(int16(1, -2, 300)));
  mockOnBuffer?.(buffer(int16(-32768, 32767)));
  let recording: Awaited<ReturnType<typeof result.current.stop>> = null;
  await act(async () => {
    recording = await result.current.stop();
  });
  mockOnBuffer?.(buffer(int16(7))); // after stop: ignored
  expect(mockStream.stop).toHaveBeenCalled();
  expect(recording).toMatchObject({ name: "recording.wav", type: "audio/wav" });
  const uri = (recording as unknown as { uri: string }).uri;
  expect(uri.startsWith("data:audio/wav;base64,")).toBe(true);

  const wav = bytesOf(uri);
  const view = new DataView(wav.buffer);
  const text = (at: number) => String.fromCharCode(...wav.slice(at, at + 4));
  expect([text(0), text(8), text(12), text(36)]).toEqual(["RIFF", "WAVE", "fmt ", "data"]);
  expect(view.getUint32(4, true)).toBe(36 + 10);
  expect(view.getUint16(20, true)).toBe(1); // PCM
  expect(view.getUint16(22, true)).toBe(1); // mono
  expect(view.getUint32(24, true)).toBe(16_000);
  expect(view.getUint32(28, true)).toBe(32_000);
  expect(view.getUint16(34, true)).toBe(16);
  expect(view.getUint32(40, true)).toBe(10);
  expect(Array.from(new Int16Array(wav.slice(44).buffer))).toEqual([1, -2, 300, -32768, 32767]);
});

test("Android with nothing captured gives no recording", async () => {
  const { result } = renderHook(() => usePcmRecorder());
  await act(async () => {
    await result.current.start();
  });
  await expect(result.current.stop()).resolves.toBeNull();
});

test("base64 matches the standard encoding at every padding length, across its internal blocks", () => {
  for (const n of [0, 1, 2, 3, 4, 5, 24_575, 24_576, 24_577, 50_000]) {
    const bytes = new Uint8Array(n).map((_, i) => (i * 37 + 11) % 256);
    expect(base64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  }
});

test("a WAV of several chunks keeps them in order after the 44-byte header", () => {
  const wav = wavFile([int16(1, 2), int16(3)], 48_000, 2);
  expect(wav.byteLength).toBe(44 + 6);
  expect(new DataView(wav.buffer).getUint32(28, true)).toBe(48_000 * 2 * 2);
  expect(Array.from(new Int16Array(wav.slice(44).buffer))).toEqual([1, 2, 3]);
});

test("iOS records 16 kHz mono 16-bit linear PCM in a .wav file (the server reads WAV, not the preset's AAC/M4A)", () => {
  expect(VOICE_RECORDING).toMatchObject({ extension: ".wav", sampleRate: 16_000, numberOfChannels: 1 });
  expect(VOICE_RECORDING.ios).toMatchObject({ outputFormat: "lpcm", linearPCMBitDepth: 16, linearPCMIsFloat: false, linearPCMIsBigEndian: false });
});

test("the web export records WebM/Opus where the browser can, else Ogg/Opus, else not at all", () => {
  expect(recordingMimeType(() => true)).toBe("audio/webm;codecs=opus");
  expect(recordingMimeType((t) => t.startsWith("audio/ogg"))).toBe("audio/ogg;codecs=opus");
  expect(recordingMimeType(() => false)).toBeUndefined();
});

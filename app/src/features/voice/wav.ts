/** 16-bit PCM as a WAV file, and bytes as base64: how Android's recording reaches the server. expo-audio's file
 * recorder on Android only writes AAC, AMR or 3GP, none of which the API reads (WAV, Ogg Opus/Vorbis, WebM Opus),
 * so Android captures raw PCM (expo-audio's audio stream) and this wraps it in a WAV header. */

const HEADER_BYTES = 44;

function ascii(view: DataView, offset: number, text: string): void {
  for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
}

/** A RIFF/WAVE file of signed 16-bit little-endian samples (the chunks as captured, interleaved by channel). */
export function wavFile(chunks: Uint8Array[], sampleRate: number, channels: number): Uint8Array {
  const dataBytes = chunks.reduce((n, c) => n + c.byteLength, 0);
  const out = new Uint8Array(HEADER_BYTES + dataBytes);
  const view = new DataView(out.buffer);
  ascii(view, 0, "RIFF");
  view.setUint32(4, 36 + dataBytes, true);
  ascii(view, 8, "WAVE");
  ascii(view, 12, "fmt ");
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channels * 2, true); // bytes per second
  view.setUint16(32, channels * 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(view, 36, "data");
  view.setUint32(40, dataBytes, true);
  let offset = HEADER_BYTES;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BLOCK = 3 * 8192; // bytes encoded per piece, so a long recording is not built one character at a time

/** Standard base64 (with padding), without relying on btoa's binary strings. */
export function base64(bytes: Uint8Array): string {
  const pieces: string[] = [];
  for (let start = 0; start < bytes.length; start += BLOCK) {
    const end = Math.min(start + BLOCK, bytes.length);
    let piece = "";
    for (let i = start; i < end; i += 3) {
      const a = bytes[i] ?? 0;
      const b = i + 1 < end ? (bytes[i + 1] ?? 0) : 0;
      const c = i + 2 < end ? (bytes[i + 2] ?? 0) : 0;
      const triple = (a << 16) | (b << 8) | c;
      piece += ALPHABET[(triple >> 18) & 63]! + ALPHABET[(triple >> 12) & 63]!;
      piece += i + 1 < end ? ALPHABET[(triple >> 6) & 63]! : "=";
      piece += i + 2 < end ? ALPHABET[triple & 63]! : "=";
    }
    pieces.push(piece);
  }
  return pieces.join("");
}

/** A WAV recording as a data: URI, which React Native's multipart upload reads like a file. */
export const wavDataUri = (wav: Uint8Array): string => `data:audio/wav;base64,${base64(wav)}`;

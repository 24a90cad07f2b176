/** Test-only: jest-expo installs polyfilled web streams (ReadableStream, TransformStream, TextDecoderStream) while
 * `Response` is Node's own, whose body is a Node ReadableStream; the AI SDK's `body.pipeThrough(new
 * TextDecoderStream())` then fails ("transform.readable must be an instance of ReadableStream"). Imported first by
 * the coach tests (before `ai` defines its stream classes), this puts Node's own stream classes back so a streamed
 * response and the SDK's parsers agree, as they do in a browser and on a device. */
import * as web from "node:stream/web";

const g = globalThis as Record<string, unknown>;
for (const name of ["ReadableStream", "WritableStream", "TransformStream", "TextDecoderStream", "TextEncoderStream"] as const) {
  g[name] = web[name];
}

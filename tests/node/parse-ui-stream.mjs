// Drives /api/v1/coach/chat with the AI SDK's own client code and prints what `useChat` would hold.
//
// Input (JSON on stdin): {api, headers, chatId, messages, approve?: {approved, reason?}}
// - sends `messages` through DefaultChatTransport (the transport useChat uses by default), which parses the
//   SSE body strictly against the SDK's chunk schema, and builds the assistant message with readUIMessageStream
//   (terminateOnError: a protocol error, such as a text-delta before its text-start, fails the run);
// - with `approve`, answers the pending approval the way Chat.addToolApprovalResponse does and sends the
//   conversation again, continuing the same assistant message.
// - with `reload` (a URL), fetches the thread's messages as a reloading client would and checks them with the
//   SDK's validateUIMessages (the schema useChat's messages must satisfy).
// Output (JSON on stdout): {turns: [{message, errors}], reloaded?}
import { DefaultChatTransport, readUIMessageStream, validateUIMessages } from 'ai';

async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

async function turn(transport, chatId, messages, continued) {
  const stream = await transport.sendMessages({
    chatId, messages, trigger: 'submit-message', messageId: undefined, abortSignal: undefined,
  });
  const errors = [];
  let message;
  for await (const snapshot of readUIMessageStream({
    message: continued, stream, terminateOnError: true, onError: (error) => errors.push(String(error)),
  })) {
    message = snapshot;
  }
  return { message, errors };
}

const input = await readStdin();
const transport = new DefaultChatTransport({ api: input.api, headers: input.headers });
const turns = [];
const first = await turn(transport, input.chatId, input.messages, undefined);
turns.push(first);
if (input.approve && first.message) {
  const answered = {
    ...first.message,
    parts: first.message.parts.map((part) => (part.state === 'approval-requested'
      ? { ...part, state: 'approval-responded', approval: { ...part.approval, ...input.approve } }
      : part)),
  };
  turns.push(await turn(transport, input.chatId, [...input.messages, answered], answered));
}
let reloaded;
if (input.reload) {
  const response = await fetch(input.reload, { headers: input.headers });
  reloaded = await validateUIMessages({ messages: await response.json() });
}
process.stdout.write(JSON.stringify({ turns, reloaded }));

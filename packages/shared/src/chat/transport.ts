/** The coach chat transport: the AI SDK's DefaultChatTransport pointed at /api/v1/coach/chat with our bearer token. */
import { DefaultChatTransport, type UIMessage } from "ai";

export const COACH_CHAT_PATH = "/api/v1/coach/chat";

export interface CoachTransportOptions {
  baseUrl: string;
  getAccessToken: () => Promise<string | null> | string | null;
  /** Extra body fields sent with every request (e.g. the thread id). */
  body?: Record<string, unknown> | (() => Record<string, unknown>);
  /** A fetch that streams (Expo passes `fetch` from expo/fetch). */
  fetch?: typeof globalThis.fetch;
}

export function createCoachTransport({ baseUrl, getAccessToken, body, fetch }: CoachTransportOptions) {
  return new DefaultChatTransport<UIMessage>({
    api: `${baseUrl}${COACH_CHAT_PATH}`,
    headers: async (): Promise<Record<string, string>> => {
      const token = await getAccessToken();
      return token ? { Authorization: `Bearer ${token}` } : {};
    },
    body,
    fetch,
  });
}

import "@/test/stream-globals";
import AsyncStorage from "@react-native-async-storage/async-storage";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react-native";
import { DEVICE_PREFS_KEY } from "@/features/more/device-prefs";
import { makeTestQueryClient, renderScreen, stubApi, type Sent } from "@/test/utils";
import { CoachScreen } from "./coach-screen";

jest.mock("expo-router", () => ({ router: { push: jest.fn() } }));
// The session's token without the auth client (and its refresh timer).
jest.mock("@/lib/auth", () => ({ ...jest.requireActual("@/lib/auth"), getAccessToken: jest.fn(async () => "test-access-token") }));

/** The UI message stream as /api/v1/coach/chat writes it (agent/stream.py): `data: {json}` events, then [DONE]. */
const sse = (...events: object[]) => [...events.map((e) => `data: ${JSON.stringify(e)}\n\n`), "data: [DONE]\n\n"];
const COACH = { type: "data-coach", id: "coach", data: { offline: false, model: "scripted" } };
const text = (id: string, ...deltas: string[]) => [
  { type: "text-start", id },
  ...deltas.map((delta) => ({ type: "text-delta", id, delta })),
  { type: "text-end", id },
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const FIRE_OUTPUT = {
  provenance: {
    data: ["expenses", "profile"],
    stated: { annual_spending: 72000 },
    assumptions: { withdrawal_rate: 0.04, inflation: 0.02 },
    tax_year: 2026,
    notes: ["Your figures changed for this calculation only: spending = 72000.", "Amounts are in today's dollars."],
  },
  annual_spending: 72000,
  fire_number: 1800000,
  summary: "FIRE number $1,800,000.00 ($72,000.00 a year x 25).",
};

const PREVIEW = {
  tool: "save_budget",
  target: "budget",
  title: "Save your budget",
  before: { wants_percentage: 15, monthly_take_home: 5000 },
  after: { wants_percentage: 30, monthly_take_home: 5200 },
  changes: [
    { field: "wants_percentage", label: "Wants", before: 15, after: 30 },
    { field: "monthly_take_home", label: "Take-home pay", before: 5000, after: 5200 },
  ],
};
const ASK_APPROVAL = sse(
  { type: "start", messageId: "reply-u2" },
  COACH,
  { type: "start-step" },
  { type: "tool-input-start", toolCallId: "w1", toolName: "save_budget" },
  { type: "tool-input-available", toolCallId: "w1", toolName: "save_budget", input: { wants_percentage: 30, monthly_take_home: 5200 } },
  { type: "data-approval", id: "approval-w1", data: { type: "approval", tool_call_id: "w1", tool: "save_budget", input: {}, preview: PREVIEW } },
  { type: "tool-approval-request", approvalId: "approval-w1", toolCallId: "w1" },
  { type: "finish-step" },
  { type: "finish", finishReason: "tool-calls" },
);
const SAVED = sse(
  { type: "start", messageId: "reply-u2" },
  COACH,
  { type: "tool-output-available", toolCallId: "w1", output: { summary: "Save your budget: Wants 15% → 30%", change_id: "c1" } },
  { type: "start-step" },
  ...text("text-a2", "Saved. Your wants are now 30%."),
  { type: "finish-step" },
  { type: "finish", finishReason: "stop" },
);
const DENIED = sse(
  { type: "start", messageId: "reply-u2" },
  COACH,
  { type: "tool-output-denied", toolCallId: "w1" },
  { type: "start-step" },
  ...text("text-a3", "All right, I left your budget as it was."),
  { type: "finish-step" },
  { type: "finish", finishReason: "stop" },
);

/** The routes every coach screen reads on open: no conversations yet, the online coach. */
const BASE = {
  "GET /api/v1/coach/threads": { body: [] },
  "GET /api/v1/coach/usage": { body: { day: "2026-11-29", model_calls: 0, daily_limit: 50, offline: false } },
  "GET /api/v1/completion": { body: { overall: 100, badge: "Complete", sections: [] } },
};

type Body = { id: string; trigger: string; messages: { role: string; parts: Record<string, unknown>[] }[] };
const chats = (sent: Sent[]) => sent.filter((s) => s.method === "POST" && s.path === "/api/v1/coach/chat").map((s) => s.body as Body);

async function ask(question: string) {
  const box = await screen.findByLabelText("Message the coach");
  fireEvent.changeText(box, question);
  // The send starts a request whose first updates follow in microtasks: let them land inside act.
  await act(async () => {
    fireEvent.press(screen.getByRole("button", { name: "Send" }));
  });
}

/** The screen in the app's providers; an undo's mutation is kept (no garbage-collection timer left running). */
function open() {
  const client = makeTestQueryClient();
  client.setDefaultOptions({ ...client.getDefaultOptions(), mutations: { retry: false, gcTime: Infinity } });
  return renderScreen(<CoachScreen />, { client });
}

jest.setTimeout(20_000); // the first test also loads the AI SDK; the machine is shared

afterEach(async () => {
  jest.restoreAllMocks();
  await AsyncStorage.removeItem(DEVICE_PREFS_KEY);
});

test("asking a question streams the coach's answer; the request carries the thread id and the message", async () => {
  const api = stubApi({
    ...BASE,
    "POST /api/v1/coach/chat": {
      stream: sse({ type: "start", messageId: "reply-u1" }, COACH, { type: "start-step" }, ...text("text-1", "Your savings rate ", "is 24%."), { type: "finish-step" }, { type: "finish", finishReason: "stop" }),
    },
  });
  open();
  expect(await screen.findByText("Ask about your path to financial independence")).toBeTruthy();
  const send = screen.getByRole("button", { name: "Send" });
  expect(send).toBeDisabled();

  await ask("What is my savings rate?");
  expect(await screen.findByText("Your savings rate is 24%.")).toBeTruthy();
  expect(within(screen.getByTestId("message-user")).getByText("What is my savings rate?")).toBeTruthy();
  expect(screen.getByLabelText("Message the coach").props.value).toBe("");

  const [body] = chats(api.sent);
  const [url, init] = api.spy.mock.calls.find(([u]) => String(u).endsWith("/api/v1/coach/chat"))!;
  expect(url).toBe("http://localhost:8000/api/v1/coach/chat");
  expect(new Headers(init?.headers).get("authorization")).toBe("Bearer test-access-token");
  expect(body!.id).toMatch(UUID);
  expect(body!.trigger).toBe("submit-message");
  expect(body!.messages).toHaveLength(1);
  expect(body!.messages[0]).toMatchObject({ role: "user", parts: [{ type: "text", text: "What is my savings rate?" }] });
  expect(screen.queryByTestId("coach-error")).toBeNull();
});

test("a suggested question is sent when tapped", async () => {
  const api = stubApi({
    ...BASE,
    "POST /api/v1/coach/chat": { stream: sse({ type: "start", messageId: "r" }, ...text("t", "About $1.8 million."), { type: "finish", finishReason: "stop" }) },
  });
  open();
  fireEvent.press(await screen.findByRole("button", { name: "What is my FIRE number?" }));
  expect(await screen.findByText("About $1.8 million.")).toBeTruthy();
  expect(chats(api.sent)[0]!.messages[0]!.parts[0]).toMatchObject({ type: "text", text: "What is my FIRE number?" });
});

test("opens the most recent conversation with its saved messages, and continues it", async () => {
  const T1 = "6f1c2a4e-8a3b-4b8e-9c55-0d7e2f1a9b10";
  const api = stubApi({
    ...BASE,
    "GET /api/v1/coach/threads": {
      body: [
        { id: T1, title: "Savings rate", summary: null, created_at: "2026-11-28T10:00:00Z", updated_at: "2026-11-28T10:05:00Z" },
        { id: "0b5d9e0c-1111-4222-8333-944455556666", title: "Older chat", summary: null, created_at: "2026-11-01T10:00:00Z", updated_at: "2026-11-01T10:00:00Z" },
      ],
    },
    [`GET /api/v1/coach/threads/${T1}/messages`]: {
      body: [
        { id: "u1", role: "user", parts: [{ type: "text", text: "What is my savings rate?" }] },
        { id: "reply-u1", role: "assistant", parts: [{ type: "text", text: "Your savings rate is 24%.", state: "done" }] },
      ],
    },
    "POST /api/v1/coach/chat": { stream: sse({ type: "start", messageId: "reply-u3" }, ...text("t3", "About 11 years."), { type: "finish", finishReason: "stop" }) },
  });
  open();
  expect(await screen.findByText("Your savings rate is 24%.")).toBeTruthy();
  expect(screen.getByTestId("thread-title")).toHaveTextContent("Savings rate");
  expect(screen.queryByText("Ask about your path to financial independence")).toBeNull();

  await ask("And how long until FI?");
  expect(await screen.findByText("About 11 years.")).toBeTruthy();
  const [body] = chats(api.sent);
  expect(body!.id).toBe(T1);
  expect(body!.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);

  // Another conversation from the list loads its own messages.
  fireEvent.press(screen.getByRole("button", { name: "Conversations" }));
  fireEvent.press(screen.getByRole("button", { name: "Older chat" }));
  await waitFor(() => expect(api.calls("GET", "/api/v1/coach/threads/0b5d9e0c-1111-4222-8333-944455556666/messages")).toHaveLength(1));
  // "New conversation" starts empty with a fresh thread id.
  fireEvent.press(screen.getByRole("button", { name: "New conversation" }));
  expect(await screen.findByText("Ask about your path to financial independence")).toBeTruthy();
});

test("a tool result shows as a card: its figures, and how we got them (from the question and from saved data)", async () => {
  stubApi({
    ...BASE,
    "POST /api/v1/coach/chat": {
      stream: sse(
        { type: "start", messageId: "reply-u1" },
        COACH,
        { type: "start-step" },
        { type: "tool-input-start", toolCallId: "t1", toolName: "fire_number" },
        { type: "tool-input-available", toolCallId: "t1", toolName: "fire_number", input: { annual_spending: 72000 } },
        { type: "tool-output-available", toolCallId: "t1", output: FIRE_OUTPUT },
        { type: "finish-step" },
        { type: "start-step" },
        ...text("text-ans", "At $72,000 a year your FIRE number is $1,800,000."),
        { type: "data-provenance", id: "provenance-ans", data: { tools: [], unverified: [] } },
        { type: "finish-step" },
        { type: "finish", finishReason: "stop" },
      ),
    },
  });
  open();
  await ask("What if I spend $72,000 a year?");
  const card = await screen.findByTestId("tool-card");
  expect(within(card).getByRole("header", { name: "FIRE number" })).toBeTruthy();
  expect(within(screen.getByTestId("figure-fire_number")).getByText("$1,800,000.00")).toBeTruthy();
  expect(within(screen.getByTestId("figure-annual_spending")).getByText("$72,000.00")).toBeTruthy();
  expect(screen.getByText("At $72,000 a year your FIRE number is $1,800,000.")).toBeTruthy();

  // The receipt is folded until opened.
  expect(within(card).queryByText("From your question (for this answer only):")).toBeNull();
  fireEvent.press(within(card).getByRole("button", { name: "How we got this" }));
  const stated = within(card).getByTestId("receipt-stated");
  expect(within(stated).getByText("Annual spending")).toBeTruthy();
  expect(within(stated).getByText("$72,000.00")).toBeTruthy();
  expect(within(card).getByTestId("receipt-read")).toHaveTextContent("The rest from your saved data: expenses, profile.");
  expect(within(card).getByTestId("receipt-assumptions")).toHaveTextContent(/Withdrawal rate\s*4%/);
  expect(within(card).getByText("Tax rules and limits of 2026.")).toBeTruthy();
  expect(within(card).getByText("• Amounts are in today's dollars.")).toBeTruthy();
});

test("a Help Center search shows its citations", async () => {
  stubApi({
    ...BASE,
    "POST /api/v1/coach/chat": {
      stream: sse(
        { type: "start", messageId: "r" },
        { type: "start-step" },
        { type: "tool-input-available", toolCallId: "k1", toolName: "search_knowledge_base", input: { query: "tfsa" } },
        {
          type: "tool-output-available",
          toolCallId: "k1",
          output: {
            query: "tfsa",
            results: [{ kind: "article", id: "tfsa-basics", title: "TFSA basics", category: "Accounts", section: "Room", passage: "Unused room carries forward.", link: "/educational-resources?article=tfsa-basics" }],
            provenance: { data: ["FIRE Path's help topics and education articles"] },
          },
        },
        { type: "finish-step" },
        { type: "finish", finishReason: "stop" },
      ),
    },
  });
  open();
  await ask("What is a TFSA?");
  const citations = await screen.findByTestId("citations");
  expect(within(citations).getByText("TFSA basics")).toBeTruthy();
  expect(within(citations).getByText("Article · Accounts · Room")).toBeTruthy();
  expect(within(citations).getByText("“Unused room carries forward.”")).toBeTruthy();
});

test("privacy mode hides the tool card's money but not the coach's text", async () => {
  await AsyncStorage.setItem(DEVICE_PREFS_KEY, JSON.stringify({ privacy: true }));
  stubApi({
    ...BASE,
    "POST /api/v1/coach/chat": {
      stream: sse(
        { type: "start", messageId: "r" },
        { type: "start-step" },
        { type: "tool-input-available", toolCallId: "t1", toolName: "fire_number", input: {} },
        { type: "tool-output-available", toolCallId: "t1", output: FIRE_OUTPUT },
        { type: "finish-step" },
        ...text("x", "Your FIRE number is $1,800,000."),
        { type: "finish", finishReason: "stop" },
      ),
    },
  });
  open();
  await ask("What is my FIRE number?");
  const card = await screen.findByTestId("tool-card");
  await waitFor(() => expect(within(card).queryByText("$1,800,000.00")).toBeNull());
  expect(within(screen.getByTestId("figure-fire_number")).getByText("•••••")).toBeTruthy();
  expect(within(card).getByText("FIRE number ••••• (••••• a year x 25).")).toBeTruthy();
  expect(screen.getByText("Your FIRE number is $1,800,000.")).toBeTruthy();
});

test("an approval card shows before and after; Approve sends the approval, then Undo sends the undo", async () => {
  const api = stubApi({
    ...BASE,
    "POST /api/v1/coach/chat": (body) => ({ stream: (body as Body).messages.length === 1 ? ASK_APPROVAL : SAVED }),
    "POST /api/v1/coach/changes/c1/undo": {
      body: { id: "c1", tool: "save_budget", target: "budget", summary: "Save your budget", before: null, after: null, undone_at: "2026-11-29T05:00:00Z" },
    },
  });
  open();
  await ask("Raise my wants to 30%");
  const card = await screen.findByTestId("approval-card");
  expect(within(card).getByText("Save your budget")).toBeTruthy();
  expect(within(screen.getByTestId("diff-wants_percentage-before")).getByText("15%")).toBeTruthy();
  expect(within(screen.getByTestId("diff-wants_percentage-after")).getByText("30%")).toBeTruthy();
  expect(within(screen.getByTestId("diff-monthly_take_home-before")).getByText("$5,000.00")).toBeTruthy();
  expect(within(screen.getByTestId("diff-monthly_take_home-after")).getByText("$5,200.00")).toBeTruthy();
  expect(within(card).getByText("Nothing is saved until you approve.")).toBeTruthy();
  expect(chats(api.sent)).toHaveLength(1);

  fireEvent.press(within(card).getByRole("button", { name: "Approve" }));
  expect(await screen.findByText("Saved. Your wants are now 30%.")).toBeTruthy();
  const answered = chats(api.sent)[1]!;
  expect(answered.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
  expect(answered.messages[1]!.parts.find((p) => p.type === "tool-save_budget")).toMatchObject({
    toolCallId: "w1",
    state: "approval-responded",
    approval: { id: "approval-w1", approved: true },
  });
  expect(screen.getByText("Approved")).toBeTruthy();
  expect(screen.getByText("Save your budget: Wants 15% → 30%.")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();

  fireEvent.press(screen.getByRole("button", { name: "Undo this change" }));
  expect(await screen.findByText("Undone: the previous values are back.")).toBeTruthy();
  expect(api.calls("POST", "/api/v1/coach/changes/c1/undo")).toHaveLength(1);
  expect(screen.queryByRole("button", { name: "Undo this change" })).toBeNull();
});

test("an undo the server refuses says why", async () => {
  stubApi({
    ...BASE,
    "POST /api/v1/coach/chat": (body) => ({ stream: (body as Body).messages.length === 1 ? ASK_APPROVAL : SAVED }),
    "POST /api/v1/coach/changes/c1/undo": { status: 409, body: { code: "conflict", message: "The budget changed since; undo would overwrite it" } },
  });
  open();
  await ask("Raise my wants to 30%");
  fireEvent.press(within(await screen.findByTestId("approval-card")).getByRole("button", { name: "Approve" }));
  fireEvent.press(await screen.findByRole("button", { name: "Undo this change" }));
  expect(await screen.findByText("The budget changed since; undo would overwrite it")).toBeTruthy();
});

test("Reject sends the rejection and the card says nothing was saved", async () => {
  const api = stubApi({
    ...BASE,
    "POST /api/v1/coach/chat": (body) => ({ stream: (body as Body).messages.length === 1 ? ASK_APPROVAL : DENIED }),
  });
  open();
  await ask("Raise my wants to 30%");
  fireEvent.press(within(await screen.findByTestId("approval-card")).getByRole("button", { name: "Reject" }));
  expect(await screen.findByText("All right, I left your budget as it was.")).toBeTruthy();
  expect(chats(api.sent)[1]!.messages[1]!.parts.find((p) => p.type === "tool-save_budget")).toMatchObject({
    state: "approval-responded",
    approval: { id: "approval-w1", approved: false, reason: "The user rejected the change" },
  });
  expect(screen.getByText("Not saved: you rejected this change.")).toBeTruthy();
  expect(screen.getByText("Rejected")).toBeTruthy();
  expect(api.calls("POST", "/api/v1/coach/changes/c1/undo")).toHaveLength(0);
});

test("a server error shows the server's message, and Retry asks again", async () => {
  let calls = 0;
  const api = stubApi({
    ...BASE,
    "POST /api/v1/coach/chat": () => {
      calls += 1;
      return calls === 1
        ? { status: 429, body: { code: "rate_limited", message: "Today's coach replies are used up. They reset at midnight UTC." } }
        : { stream: sse({ type: "start", messageId: "r" }, ...text("t", "Your savings rate is 24%."), { type: "finish", finishReason: "stop" }) };
    },
  });
  open();
  await ask("What is my savings rate?");
  const error = await screen.findByTestId("coach-error");
  expect(within(error).getByText("Today's coach replies are used up. They reset at midnight UTC.")).toBeTruthy();

  fireEvent.press(within(error).getByRole("button", { name: "Retry" }));
  expect(await screen.findByText("Your savings rate is 24%.")).toBeTruthy();
  expect(screen.queryByTestId("coach-error")).toBeNull();
  const retried = chats(api.sent)[1]!;
  expect(retried.trigger).toBe("regenerate-message");
  expect(retried.messages.at(-1)).toMatchObject({ role: "user", parts: [{ type: "text", text: "What is my savings rate?" }] });
});

test("an error inside the stream is shown in words", async () => {
  stubApi({
    ...BASE,
    "POST /api/v1/coach/chat": { stream: sse({ type: "start", messageId: "r" }, { type: "error", errorText: "The coach model did not answer in time." }) },
  });
  open();
  await ask("Hello");
  expect(within(await screen.findByTestId("coach-error")).getByText("The coach model did not answer in time.")).toBeTruthy();
});

test("the offline coach is announced", async () => {
  stubApi({ ...BASE, "GET /api/v1/coach/usage": { body: { day: "2026-11-29", model_calls: 0, daily_limit: 50, offline: true } } });
  open();
  expect(await screen.findByTestId("offline-coach")).toHaveTextContent(/Offline coach\..*No AI model is configured/);
});

test("while the coach answers, Send is disabled and Stop ends the answer", async () => {
  const api = stubApi(BASE);
  const encoder = new TextEncoder();
  let signal: AbortSignal | undefined;
  const spy = api.spy.getMockImplementation()!;
  api.spy.mockImplementation(async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.endsWith("/api/v1/coach/chat")) return spy(input, init);
    signal = init?.signal ?? undefined;
    // A stream that stays open: the first words, then nothing until stopped.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of sse({ type: "start", messageId: "r" }, { type: "text-start", id: "t" }, { type: "text-delta", id: "t", delta: "Let me think" }).slice(0, -1)) {
          controller.enqueue(encoder.encode(chunk));
        }
        // The server ends the response when the request is aborted.
        signal?.addEventListener("abort", () => {
          try {
            controller.close();
          } catch {
            // already cancelled by the reader
          }
        });
      },
    });
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  });
  open();
  await ask("What is my FIRE number?");
  expect(await screen.findByText("Let me think")).toBeTruthy();
  fireEvent.changeText(screen.getByLabelText("Message the coach"), "Another question");
  expect(screen.getByRole("button", { name: "Send" })).toBeDisabled();

  await act(async () => {
    fireEvent.press(screen.getByRole("button", { name: "Stop" }));
  });
  await waitFor(() => expect(screen.queryByRole("button", { name: "Stop" })).toBeNull());
  expect(signal?.aborted).toBe(true);
  expect(screen.getByRole("button", { name: "Send" })).toBeEnabled();
  expect(screen.queryByTestId("coach-error")).toBeNull();
});

describe("in French", () => {
  /** The screen in fr-CA: the coach's own answers and tool names stay as the server sends them. */
  function openFr() {
    const client = makeTestQueryClient();
    client.setDefaultOptions({ ...client.getDefaultOptions(), mutations: { retry: false, gcTime: Infinity } });
    return renderScreen(<CoachScreen />, { client, locale: "fr-CA" });
  }
  async function askFr(question: string) {
    fireEvent.changeText(await screen.findByLabelText("Message au coach"), question);
    await act(async () => {
      fireEvent.press(screen.getByRole("button", { name: "Envoyer" }));
    });
  }

  test("the empty conversation, the composer and the thread buttons speak French", async () => {
    stubApi({
      ...BASE,
      "POST /api/v1/coach/chat": { stream: sse({ type: "start", messageId: "r" }, ...text("t", "Votre taux d’épargne est de 24 %."), { type: "finish", finishReason: "stop" }) },
    });
    openFr();
    expect(await screen.findByText("Posez vos questions sur votre chemin vers l’indépendance financière")).toBeTruthy();
    expect(screen.getByLabelText("Questions suggérées")).toBeTruthy();
    expect(screen.getByTestId("thread-title")).toHaveTextContent("Nouvelle conversation");
    expect(screen.getByRole("button", { name: "Nouvelle conversation" })).toBeTruthy();
    const box = screen.getByLabelText("Message au coach");
    expect(box.props.placeholder).toBe("Posez une question sur votre chiffre FIRE, votre budget, votre impôt…");
    expect(box.props.accessibilityHint).toBe("Tapez une question, puis appuyez sur Envoyer");
    expect(screen.getByRole("button", { name: "Envoyer" })).toBeDisabled();

    await askFr("Quel est mon taux d’épargne?");
    expect(await screen.findByText("Votre taux d’épargne est de 24 %.")).toBeTruthy();
    expect(within(screen.getByTestId("message-user")).getByText("Vous")).toBeTruthy();
    expect(within(screen.getByTestId("message-assistant")).getByText("Coach")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Réessayer" }).props.accessibilityHint).toBe("Pose de nouveau la question au coach");
  });

  test("an approval card in French: before and after in French money, Approuver, then Annuler ce changement", async () => {
    const api = stubApi({
      ...BASE,
      "POST /api/v1/coach/chat": (body) => ({ stream: (body as Body).messages.length === 1 ? ASK_APPROVAL : SAVED }),
      "POST /api/v1/coach/changes/c1/undo": {
        body: { id: "c1", tool: "save_budget", target: "budget", summary: "Save your budget", before: null, after: null, undone_at: "2026-11-29T05:00:00Z" },
      },
    });
    openFr();
    await askFr("Monte mes envies à 30 %");
    const card = await screen.findByTestId("approval-card");
    expect(within(card).getByLabelText("Changement proposé : avant et après")).toBeTruthy();
    expect(within(screen.getByTestId("diff-monthly_take_home-before")).getByText("Avant")).toBeTruthy();
    expect(within(screen.getByTestId("diff-monthly_take_home-before")).getByText("5 000,00 $")).toBeTruthy();
    expect(within(screen.getByTestId("diff-monthly_take_home-after")).getByText("Après")).toBeTruthy();
    expect(within(screen.getByTestId("diff-monthly_take_home-after")).getByText("5 200,00 $")).toBeTruthy();
    expect(within(card).getByText("Rien n’est enregistré avant votre approbation.")).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Refuser" }).props.accessibilityHint).toBe("Rien n’est enregistré");
    const approve = within(card).getByRole("button", { name: "Approuver" });
    expect(approve.props.accessibilityHint).toBe("Enregistre : Save your budget");

    fireEvent.press(approve);
    expect(await screen.findByText("Saved. Your wants are now 30%.")).toBeTruthy();
    expect(screen.getByText("Approuvé")).toBeTruthy();
    fireEvent.press(screen.getByRole("button", { name: "Annuler ce changement" }));
    expect(await screen.findByText("Annulé : les valeurs précédentes sont rétablies.")).toBeTruthy();
    expect(api.calls("POST", "/api/v1/coach/changes/c1/undo")).toHaveLength(1);
  });

  test("the receipt and a Help Center citation in French", async () => {
    stubApi({
      ...BASE,
      "POST /api/v1/coach/chat": {
        stream: sse(
          { type: "start", messageId: "r1" },
          { type: "start-step" },
          { type: "tool-input-available", toolCallId: "t1", toolName: "fire_number", input: { annual_spending: 72000 } },
          { type: "tool-output-available", toolCallId: "t1", output: FIRE_OUTPUT },
          { type: "tool-input-available", toolCallId: "k1", toolName: "search_knowledge_base", input: { query: "celi" } },
          {
            type: "tool-output-available",
            toolCallId: "k1",
            output: { query: "celi", results: [{ kind: "help", id: "celi", title: "Le CELI", category: "Comptes", passage: "Les droits inutilisés s’accumulent." }] },
          },
          { type: "finish-step" },
          { type: "finish", finishReason: "stop" },
        ),
      },
    });
    openFr();
    await askFr("Et si je dépensais 72 000 $ par année?");
    const [card] = await screen.findAllByTestId("tool-card");
    if (!card) throw new Error("no tool card");
    fireEvent.press(within(card).getByRole("button", { name: "Comment nous l’avons obtenu" }));
    expect(within(card).getByText("Tiré de votre question (pour cette réponse seulement) :")).toBeTruthy();
    expect(within(card).getByTestId("receipt-read")).toHaveTextContent("Le reste tiré de vos données enregistrées : expenses, profile.");
    expect(within(card).getByText("Règles fiscales et plafonds de 2026.")).toBeTruthy();
    const citations = screen.getByTestId("citations");
    expect(within(citations).getByText("Source")).toBeTruthy();
    expect(within(citations).getByText("Rubrique d’aide · Comptes")).toBeTruthy();
  });

  test("a refused change says so in French", async () => {
    stubApi({ ...BASE, "POST /api/v1/coach/chat": (body) => ({ stream: (body as Body).messages.length === 1 ? ASK_APPROVAL : DENIED }) });
    openFr();
    await askFr("Monte mes envies à 30 %");
    fireEvent.press(within(await screen.findByTestId("approval-card")).getByRole("button", { name: "Refuser" }));
    expect(await screen.findByText("Non enregistré : vous avez refusé ce changement.")).toBeTruthy();
    expect(screen.getByText("Refusé")).toBeTruthy();
  });

  test("the offline coach, a dropped connection and the offline banner in French", async () => {
    const api = stubApi({ ...BASE, "GET /api/v1/coach/usage": { body: { day: "2026-11-29", model_calls: 0, daily_limit: 50, offline: true } } });
    openFr();
    expect(await screen.findByTestId("offline-coach")).toHaveTextContent(/Coach hors ligne\..*Aucun modèle d’IA n’est configuré/);
    await screen.findByLabelText("Message au coach");
    api.offline();
    await askFr("Bonjour");
    expect(within(await screen.findByTestId("coach-error")).getByText("Impossible de joindre votre serveur FIRE Path. Vérifiez votre connexion et réessayez.")).toBeTruthy();
  });
});

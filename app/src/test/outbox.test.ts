import AsyncStorage from "@react-native-async-storage/async-storage";
import {
  discardSave,
  enqueueSave,
  flushOutbox,
  loadOutbox,
  OUTBOX_KEY,
  outboxSnapshot,
  resetOutboxForTests,
  type PendingSave,
} from "@/features/settings/outbox";
import { makeTestQueryClient, stubApi } from "./utils";

let mockUser = "u1";
jest.mock("@/lib/auth", () => ({ getAccessToken: async () => "token-1", getUserId: async () => mockUser }));

const stored = async (): Promise<PendingSave[]> => JSON.parse((await AsyncStorage.getItem(OUTBOX_KEY)) ?? "[]");

beforeEach(async () => {
  mockUser = "u1";
  resetOutboxForTests();
  await AsyncStorage.clear();
});
afterEach(() => jest.restoreAllMocks());

const income = { label: "Income Sources", method: "PUT" as const, path: "/api/v1/income", body: { salary: 5200 }, invalidate: [["settings", "income"], ["plan"]] };

test("queued saves survive a restart and are sent in order, with the token, when the server answers", async () => {
  const api = stubApi({ "PUT /api/v1/income": { body: {} }, "POST /api/v1/goals": { status: 201, body: {} } });
  api.offline();
  await enqueueSave(income);
  await enqueueSave({ label: "Financial Goals", method: "POST", path: "/api/v1/goals", body: { name: "House" }, invalidate: [["settings", "goals"]] });
  const client = makeTestQueryClient();
  await flushOutbox(client); // still offline: nothing lost
  expect(await stored()).toHaveLength(2);

  resetOutboxForTests(); // the app restarts
  await loadOutbox();
  api.offline(false);
  const invalidate = jest.spyOn(client, "invalidateQueries");
  await flushOutbox(client);
  expect(api.calls().filter((c) => c.method !== "GET").map((c) => `${c.method} ${c.path}`).slice(-2)).toEqual([
    "PUT /api/v1/income",
    "POST /api/v1/goals",
  ]);
  expect(api.calls("PUT", "/api/v1/income").at(-1)?.body).toEqual({ salary: 5200 });
  const init = api.spy.mock.calls.at(-1)?.[1] as RequestInit;
  expect((init.headers as Record<string, string>).Authorization).toBe("Bearer token-1");
  expect(invalidate).toHaveBeenCalledWith({ queryKey: ["plan"] });
  expect(await stored()).toEqual([]);
});

test("when the record changed on the server after the edit began, the server's version wins and the person is told", async () => {
  const api = stubApi({ "GET /api/v1/income": { body: { updated_at: "2026-11-28T12:00:00Z" } }, "PUT /api/v1/income": { body: {} } });
  await enqueueSave({ ...income, baseUpdatedAt: "2026-11-28T10:00:00Z" });
  await flushOutbox(makeTestQueryClient());
  expect(api.calls("PUT", "/api/v1/income")).toHaveLength(0);
  expect(await stored()).toEqual([]);
  expect(outboxSnapshot().notices.map((n) => n.text)).toEqual([
    "Your offline change to Income Sources was not sent: it was changed on another device after you edited it, so the newer version on the server is kept.",
  ]);
});

test("an unchanged record is sent", async () => {
  const api = stubApi({ "GET /api/v1/income": { body: { updated_at: "2026-11-28T10:00:00Z" } }, "PUT /api/v1/income": { body: {} } });
  await enqueueSave({ ...income, baseUpdatedAt: "2026-11-28T10:00:00Z" });
  await flushOutbox(makeTestQueryClient());
  expect(api.calls("PUT", "/api/v1/income")).toHaveLength(1);
});

test("a save the server refuses stays, with its message, until discarded; a server error waits for later", async () => {
  let status = 503;
  stubApi({
    "PUT /api/v1/income": () =>
      status === 503
        ? { status, body: { code: "unavailable", message: "Try later" } }
        : { status, body: { code: "validation_error", message: "Salary cannot be negative" } },
  });
  const item = await enqueueSave(income);
  await flushOutbox(makeTestQueryClient());
  expect((await stored())[0]?.error).toBeUndefined(); // 503: kept for the next try
  status = 422;
  await flushOutbox(makeTestQueryClient());
  expect((await stored())[0]?.error).toBe("Salary cannot be negative");
  await discardSave(item.id);
  expect(await stored()).toEqual([]);
});

test("a save waits for the person who made it: another account signed in on the device never sends it", async () => {
  const api = stubApi({ "PUT /api/v1/income": { body: {} } });
  await enqueueSave(income);
  mockUser = "u2";
  await flushOutbox(makeTestQueryClient());
  expect(api.calls("PUT", "/api/v1/income")).toHaveLength(0);
  mockUser = "u1";
  await flushOutbox(makeTestQueryClient());
  expect(api.calls("PUT", "/api/v1/income")).toHaveLength(1);
});

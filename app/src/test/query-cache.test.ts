import AsyncStorage from "@react-native-async-storage/async-storage";
import { CACHE_KEY, clearQueryCache, makeQueryClient, persistQueryCache } from "@/lib/query";

beforeEach(async () => {
  jest.useFakeTimers();
  await AsyncStorage.clear();
});
afterEach(() => jest.useRealTimers());

test("the plan and articles are kept on the device and come back at the next start; other queries are not", async () => {
  const first = makeQueryClient();
  const stop = await persistQueryCache(first);
  first.setQueryData(["plan", "summary"], { fi_date: "2035-08-01" });
  first.setQueryData(["articles", "tfsa"], { title: "TFSA" });
  first.setQueryData(["coach", "threads"], [{ id: 1 }]);
  await jest.advanceTimersByTimeAsync(1100);
  stop();
  const saved = JSON.parse((await AsyncStorage.getItem(CACHE_KEY)) ?? "{}") as { queries: { queryKey: unknown[] }[] };
  expect(saved.queries.map((q) => q.queryKey[0]).sort()).toEqual(["articles", "plan"]);

  const next = makeQueryClient();
  await persistQueryCache(next);
  expect(next.getQueryData(["plan", "summary"])).toEqual({ fi_date: "2035-08-01" });
  expect(next.getQueryState(["plan", "summary"])?.dataUpdatedAt).toBeGreaterThan(0);
  expect(next.getQueryData(["coach", "threads"])).toBeUndefined();

  await clearQueryCache(next); // sign-out leaves nothing of the person's figures behind
  expect(await AsyncStorage.getItem(CACHE_KEY)).toBeNull();
  expect(next.getQueryData(["plan", "summary"])).toBeUndefined();
});

test("a cache that cannot be read is dropped, never fatal", async () => {
  await AsyncStorage.setItem(CACHE_KEY, "{not json");
  const client = makeQueryClient();
  await persistQueryCache(client);
  expect(await AsyncStorage.getItem(CACHE_KEY)).toBeNull();
});

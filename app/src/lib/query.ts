/** The query cache, kept on the device so the last plan, figures and articles show offline. Queries under the
 * persisted roots are written to AsyncStorage (a second after they change) and read back at start; the banner
 * says how old they are. */
import AsyncStorage from "@react-native-async-storage/async-storage";
import NetInfo from "@react-native-community/netinfo";
import { dehydrate, hydrate, onlineManager, QueryClient, type Query } from "@tanstack/react-query";

export const CACHE_KEY = "firepath.query-cache.v1";
/** Query key roots worth keeping offline. */
export const PERSISTED_ROOTS = new Set(["plan", "articles", "help", "settings", "me"]);

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 2 && !(error instanceof Error && "status" in error && Number((error as { status: number }).status) < 500),
        gcTime: 1000 * 60 * 60 * 24 * 7,
        networkMode: "offlineFirst",
      },
      mutations: { networkMode: "always" },
    },
  });
}

const shouldPersist = (query: Query) =>
  query.state.status === "success" && PERSISTED_ROOTS.has(String(query.queryKey[0]));

/** Restores the saved cache, then keeps saving it. Returns a function that stops saving. */
export async function persistQueryCache(client: QueryClient): Promise<() => void> {
  try {
    const saved = await AsyncStorage.getItem(CACHE_KEY);
    if (saved) hydrate(client, JSON.parse(saved));
  } catch {
    await AsyncStorage.removeItem(CACHE_KEY); // a cache that cannot be read is dropped, never fatal
  }
  let timer: ReturnType<typeof setTimeout> | null = null;
  const save = () => {
    timer = null;
    const state = dehydrate(client, { shouldDehydrateQuery: shouldPersist });
    void AsyncStorage.setItem(CACHE_KEY, JSON.stringify(state));
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || timer) return;
    timer = setTimeout(save, 1000);
  });
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
}

/** Clears what this device keeps of the person's figures (on sign-out). */
export async function clearQueryCache(client: QueryClient): Promise<void> {
  client.clear();
  await AsyncStorage.removeItem(CACHE_KEY);
}

/** react-query learns about the connection from NetInfo. */
export function wireOnlineManager(): () => void {
  onlineManager.setEventListener((setOnline) =>
    NetInfo.addEventListener((state) => setOnline(state.isConnected !== false && state.isInternetReachable !== false)),
  );
  return () => onlineManager.setEventListener(() => undefined);
}

/** TanStack Query defaults from spec section 9: fresh 5 min, kept 30 min, 2 retries, no refetch on focus. */
import { QueryClient } from "@tanstack/react-query";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, gcTime: 30 * 60_000, retry: 2, refetchOnWindowFocus: false },
    },
  });
}

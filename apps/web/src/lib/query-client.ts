import { QueryCache, QueryClient } from "@tanstack/react-query";
import { isApiError } from "./api-client";

/**
 * Spec §7/§8: list and fetch failures are only logged and the list stays empty, so errors are logged
 * here once. Answers the server gave on purpose (4xx) are not retried; a network blip is, once.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error("Error al cargar", query.queryKey, error),
    }),
    defaultOptions: {
      queries: {
        retry: (failureCount, error) =>
          failureCount < 1 && !(isApiError(error) && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

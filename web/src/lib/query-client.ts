import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { errorStatus } from './api-client'

interface QueryClientOptions {
  /** Called when a query is answered 401, e.g. to re-check the session after it expired. */
  onUnauthorized?: (client: QueryClient) => void
  /** Called when a change is answered 404: what the screen shows is out of date. */
  onGone?: (client: QueryClient) => void
}

/**
 * No retries, no refetch on focus or interval, and data never goes stale by itself: what a
 * screen shows changes when someone changes it, and a change refreshes the lists it touches.
 */
export function createQueryClient({ onUnauthorized, onGone }: QueryClientOptions = {}): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (errorStatus(error) === 401) onUnauthorized?.(client)
      },
    }),
    mutationCache: new MutationCache({
      onError: (error) => {
        if (errorStatus(error) === 404) onGone?.(client)
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  })
  return client
}

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Toaster } from '@/components/ui/toaster'
import { SESSION_QUERY_KEY } from '@/features/auth/api/get-session'
import { createQueryClient } from '@/lib/query-client'
import { ErrorBoundary } from './error-boundary'

/**
 * The app's query client: a query answered 401 means the session ended, so it is read again.
 * Cached data never goes stale by itself, so a change answered 404 (someone else deleted the
 * thing, or dealt with it already) refreshes what is on screen; otherwise the stale card or row
 * would stay and fail again on every click. Not the session: an unknown organization code is a
 * 404 too.
 */
export function createAppQueryClient(): QueryClient {
  return createQueryClient({
    onUnauthorized: (client) => client.invalidateQueries({ queryKey: [SESSION_QUERY_KEY] }),
    onGone: (client) => client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY }),
  })
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createAppQueryClient())
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        {children}
        <Toaster />
      </QueryClientProvider>
    </ErrorBoundary>
  )
}

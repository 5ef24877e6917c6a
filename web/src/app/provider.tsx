import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Toaster } from '@/components/ui/toaster'
import { TooltipProvider } from '@/components/ui/tooltip'
import { SESSION_QUERY_KEY } from '@/features/auth/api/get-session'
import { createQueryClient } from '@/lib/query-client'
import { ErrorBoundary } from './error-boundary'

/** The app's query client: a query answered 401 means the session ended, so it is read again. */
export function createAppQueryClient(): QueryClient {
  return createQueryClient({
    onUnauthorized: (client) => client.invalidateQueries({ queryKey: [SESSION_QUERY_KEY] }),
  })
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createAppQueryClient())
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <TooltipProvider delayDuration={300}>
          {children}
          <Toaster />
        </TooltipProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  )
}

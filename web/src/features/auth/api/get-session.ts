import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { getQueryFn } from '@/lib/api-client'
import type { sessionSchema } from './session-schema'

export const SESSION_QUERY_KEY = '/api/auth/session'

export type Session = z.output<typeof sessionSchema>

const fetchSession = getQueryFn<unknown>({ on401: 'returnNull' })

/**
 * The page says when the browser sent no session cookie (the server knows, scripts cannot):
 * the first check then needs no request. Later checks (after a sign-in) always ask.
 */
let firstCheck = true

/** The signed-in person, or null when nobody is signed in (a 401). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: [SESSION_QUERY_KEY],
    queryFn: async (context): Promise<Session | null> => {
      const first = firstCheck
      firstCheck = false
      if (first && document.querySelector('meta[name="merit-session"]')?.getAttribute('content') === 'none') return null
      // The schema (and zod with it) is loaded only when there is a reply to read, so the
      // landing page downloads neither.
      const [data, { sessionSchema }] = await Promise.all([fetchSession(context), import('./session-schema')])
      return data === null ? null : sessionSchema.parse(data)
    },
  })

export function useSession() {
  return useQuery(sessionQueryOptions())
}

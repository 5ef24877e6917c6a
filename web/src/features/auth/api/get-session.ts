import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, errorStatus, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type Session = ApiReply<'getSession'>

/** The session's key; kept when signing out clears every other query. */
export const SESSION_QUERY_KEY = queryKeys.session[0]

/**
 * The page says when the browser sent no session cookie (the server knows, scripts cannot):
 * the first check then needs no request. Later checks (after a sign-in) always ask.
 */
let firstCheck = true

/** The signed-in person, or null when nobody is signed in (a 401). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: async ({ signal }): Promise<Session | null> => {
      const first = firstCheck
      firstCheck = false
      if (first && document.querySelector('meta[name="merit-session"]')?.getAttribute('content') === 'none') return null
      try {
        return await unwrap(api.GET('/api/auth/session', { signal }))
      } catch (error) {
        if (errorStatus(error) === 401) return null
        throw error
      }
    },
  })

export function useSession() {
  return useQuery(sessionQueryOptions())
}

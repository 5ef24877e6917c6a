import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { getQueryFn } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'
import { ROLES } from '@/lib/roles'

export const SESSION_QUERY_KEY = '/api/auth/session'

export const sessionSchema = replySchema<ApiReply<'getSession'>>()(
  z.object({
    userRole: z.enum(ROLES),
    organizationId: z.number(),
    organizationName: z.string(),
    organizationSubdomain: z.string().optional(),
    forcePasswordChange: z.boolean().default(false),
  }),
)

export type Session = z.output<typeof sessionSchema>

const fetchSession = getQueryFn<unknown>({ on401: 'returnNull' })

/** The signed-in person, or null when nobody is signed in (a 401). */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: [SESSION_QUERY_KEY],
    queryFn: async (context): Promise<Session | null> => {
      const data = await fetchSession(context)
      return data === null ? null : sessionSchema.parse(data)
    },
  })

export function useSession() {
  return useQuery(sessionQueryOptions())
}

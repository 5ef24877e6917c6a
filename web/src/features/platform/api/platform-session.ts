import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { ApiError, apiJson, errorMessage } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'

export const PLATFORM_SESSION_KEY = '/api/platform/session'
export const PLATFORM_CONFIG_KEY = '/api/platform/config'

const platformSessionSchema = replySchema<ApiReply<'getPlatformSession'>>()(
  z.object({
    email: z.string(),
    name: z.string().nullable().optional(),
    method: z.string(),
  }),
)

export type PlatformSession = z.output<typeof platformSessionSchema>

/** Signed in as a platform admin; signed out (401); or signed in but not an admin (403). */
export type PlatformAccess =
  | { state: 'signed-in'; session: PlatformSession }
  | { state: 'signed-out' }
  | { state: 'denied'; message: string }

export async function getPlatformAccess(signal?: AbortSignal): Promise<PlatformAccess> {
  try {
    const session = await apiJson(platformSessionSchema, 'GET', PLATFORM_SESSION_KEY, undefined, { signal })
    return { state: 'signed-in', session }
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { state: 'signed-out' }
    if (error instanceof ApiError && error.status === 403) {
      return { state: 'denied', message: errorMessage(error, 'You are not a platform administrator.') }
    }
    throw error
  }
}

export const platformAccessQueryOptions = () =>
  queryOptions({ queryKey: [PLATFORM_SESSION_KEY], queryFn: ({ signal }) => getPlatformAccess(signal) })

export function usePlatformAccess() {
  return useQuery(platformAccessQueryOptions())
}

const platformConfigSchema = replySchema<ApiReply<'getPlatformConfig'>>()(
  z.object({
    oidcEnabled: z.boolean(),
    localEnabled: z.boolean(),
    providerName: z.string().nullable().optional(),
  }),
)

export type PlatformConfig = z.output<typeof platformConfigSchema>

export const platformConfigQueryOptions = () =>
  queryOptions({
    queryKey: [PLATFORM_CONFIG_KEY],
    queryFn: ({ signal }) => apiJson(platformConfigSchema, 'GET', PLATFORM_CONFIG_KEY, undefined, { signal }),
  })

export function usePlatformConfig() {
  return useQuery(platformConfigQueryOptions())
}

/** Where the browser goes to sign in with the external account (a full-page redirect). */
export const OIDC_LOGIN_URL = '/api/platform/oidc/login'

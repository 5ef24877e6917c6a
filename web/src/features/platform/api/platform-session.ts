import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError, errorMessage, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** The platform panel's session key; signing out clears every other query. */
export const PLATFORM_SESSION_KEY = queryKeys.platformSession[0]

export type PlatformSession = ApiReply<'getPlatformSession'>

/** Signed in as a platform admin; signed out (401); or signed in but not an admin (403). */
export type PlatformAccess =
  | { state: 'signed-in'; session: PlatformSession }
  | { state: 'signed-out' }
  | { state: 'denied'; message: string }

export async function getPlatformAccess(signal?: AbortSignal): Promise<PlatformAccess> {
  try {
    const session = await unwrap(api.GET('/api/platform/session', { signal }))
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
  queryOptions({ queryKey: queryKeys.platformSession, queryFn: ({ signal }) => getPlatformAccess(signal) })

export function usePlatformAccess() {
  return useQuery(platformAccessQueryOptions())
}

export type PlatformConfig = ApiReply<'getPlatformConfig'>

export const platformConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.platformConfig,
    queryFn: ({ signal }) => unwrap(api.GET('/api/platform/config', { signal })),
  })

export function usePlatformConfig() {
  return useQuery(platformConfigQueryOptions())
}

/** Where the browser goes to sign in with the external account (a full-page redirect). */
export const OIDC_LOGIN_URL = '/api/platform/oidc/login'

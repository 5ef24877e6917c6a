import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody, ApiSchema } from '@/lib/api-types'

export type SsoSettings = ApiSchema<'SsoSettingsRead'>
/** PUT /api/organization/sso. A clientSecret left out keeps the stored one. */
export type SsoSettingsBody = ApiBody<'saveOrganizationSso'>
export type SsoTestResult = ApiSchema<'SsoTestReply'>

const SSO_SETTINGS_KEY = ['/api/organization/sso'] as const
// The sign-in screen's "Sign in with ..." and the organisation's settings name the provider.
const SHOWING_THE_PROVIDER = [['/api/organization/current'], ['/api/auth/session']] as const

export const ssoSettingsQueryOptions = () =>
  queryOptions({
    queryKey: SSO_SETTINGS_KEY,
    queryFn: ({ signal }) => unwrap(api.GET('/api/organization/sso', { signal })),
  })

export function useSsoSettings() {
  return useQuery(ssoSettingsQueryOptions())
}

function useRefreshAfter() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all(
      [SSO_SETTINGS_KEY, ...SHOWING_THE_PROVIDER].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
}

export function useSaveSsoSettings() {
  const queryClient = useQueryClient()
  const refresh = useRefreshAfter()
  return useMutation({
    mutationFn: (body: SsoSettingsBody) => unwrap(api.PUT('/api/organization/sso', { body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(SSO_SETTINGS_KEY, saved)
      return refresh()
    },
  })
}

export function useRemoveSsoSettings() {
  const refresh = useRefreshAfter()
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/organization/sso')),
    onSuccess: () => refresh(),
  })
}

/** POST /api/organization/sso/test: reads the issuer's discovery document and signing keys. */
export function useTestSsoConnection() {
  return useMutation({
    mutationFn: (issuer: string) => unwrap(api.POST('/api/organization/sso/test', { body: { issuer } })),
  })
}

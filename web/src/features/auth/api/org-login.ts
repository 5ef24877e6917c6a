import { useMutation } from '@tanstack/react-query'
import { api, timeoutSignal, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'

/** The organization-code request gives up after 15 seconds (a RequestTimeoutError). */
export const ORG_LOGIN_TIMEOUT_MS = 15_000

export type LoginOrganization = ApiSchema<'OrganizationSummary'>

export function orgLogin(subdomain: string) {
  return unwrap(
    api.POST('/api/auth/org-login', { body: { subdomain }, signal: timeoutSignal(ORG_LOGIN_TIMEOUT_MS) }),
  )
}

export function useOrgLogin() {
  return useMutation({ mutationFn: orgLogin })
}

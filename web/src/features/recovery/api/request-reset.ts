import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'

/**
 * POST /api/auth/reset-password/request. The server answers the same whether or not the
 * address is known. The organization is named by id, by code, or (neither) by the one chosen
 * at sign-in.
 */
export type ResetRequestBody = ApiBody<'requestPasswordReset'>

export function requestPasswordReset(body: ResetRequestBody) {
  return unwrap(api.POST('/api/auth/reset-password/request', { body }))
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}

import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody, ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type ResetLinkValidation = ApiReply<'validateResetToken'>

/** POST /api/validate-reset-token: is the super admin's link still good? (It stays unused.) */
export const resetLinkQueryOptions = (token: string, role: string) =>
  queryOptions({
    queryKey: queryKeys.resetLink(token, role),
    queryFn: ({ signal }) => unwrap(api.POST('/api/validate-reset-token', { body: { token, role }, signal })),
  })

export function useResetLinkValidation(token: string, role: string, enabled: boolean) {
  return useQuery({ ...resetLinkQueryOptions(token, role), enabled })
}

export type LinkResetBody = ApiBody<'resetPassword'>

/** POST /api/reset-password: uses the link once and sets the role's new password. */
export function resetPasswordWithLink(body: LinkResetBody) {
  return unwrap(api.POST('/api/reset-password', { body }))
}

export function useResetPasswordWithLink() {
  return useMutation({ mutationFn: resetPasswordWithLink })
}

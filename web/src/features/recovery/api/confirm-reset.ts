import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'

export type ConfirmResetBody = ApiBody<'confirmPasswordReset'>

/** POST /api/auth/reset-password/confirm: a reset token (from the e-mail) and the new password. */
export function confirmPasswordReset(body: ConfirmResetBody) {
  return unwrap(api.POST('/api/auth/reset-password/confirm', { body }))
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset })
}

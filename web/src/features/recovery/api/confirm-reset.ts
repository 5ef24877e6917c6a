import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, replySchema } from '@/lib/api-types'

const confirmedSchema = replySchema<ApiReply<'confirmPasswordReset'>>()(
  z.object({ success: z.boolean(), message: z.string().nullish() }),
)

export type ConfirmResetBody = ApiBody<'confirmPasswordReset'>

/** POST /api/auth/reset-password/confirm: a reset token (from the e-mail) and the new password. */
export function confirmPasswordReset(body: ConfirmResetBody) {
  return apiJson(confirmedSchema, 'POST', '/api/auth/reset-password/confirm', body)
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset })
}

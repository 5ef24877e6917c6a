import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, replySchema } from '@/lib/api-types'

const requestedSchema = replySchema<ApiReply<'requestPasswordReset'>>()(
  z.object({ success: z.boolean(), message: z.string().optional() }),
)

/**
 * POST /api/auth/reset-password/request. The server answers the same whether or not the
 * address is known. The organization is named by id, by code, or (neither) by the one chosen
 * at sign-in.
 */
export type ResetRequestBody = ApiBody<'requestPasswordReset'>

export function requestPasswordReset(body: ResetRequestBody) {
  return apiJson(requestedSchema, 'POST', '/api/auth/reset-password/request', body)
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, replySchema } from '@/lib/api-types'
import { SESSION_QUERY_KEY } from './get-session'

const changePasswordResponseSchema = replySchema<ApiReply<'changePassword'>>()(
  z.object({
    success: z.boolean(),
    message: z.string().nullish(),
  }),
)

export type ChangePasswordBody = ApiBody<'changePassword'>

export function changePassword(body: ChangePasswordBody) {
  return apiJson(changePasswordResponseSchema, 'POST', '/api/auth/change-password', body)
}

/** After a change the session is read again, so a pending forced change clears. */
export function useChangePassword() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [SESSION_QUERY_KEY] }),
  })
}

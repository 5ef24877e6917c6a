import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'
import { ORGANIZATIONS_KEY } from './organization'

const resetReplySchema = replySchema<ApiReply<'resetOrganizationPasswords'>>()(
  z.object({
    success: z.boolean(),
    emailSent: z.boolean(),
    message: z.string(),
    links: z.array(z.object({ role: z.string(), url: z.string(), expiresAt: z.string() })).default([]),
  }),
)

export type ResetPasswordsReply = z.output<typeof resetReplySchema>

/** POST /api/organizations/{id}/reset-passwords: 2-hour, single-use links for admin and manager. */
export function useResetPasswords() {
  return useMutation({
    mutationFn: (id: number) => apiJson(resetReplySchema, 'POST', `${ORGANIZATIONS_KEY}/${id}/reset-passwords`),
  })
}

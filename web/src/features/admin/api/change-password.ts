import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, type CheckedBody, replySchema } from '@/lib/api-types'

const changedSchema = replySchema<ApiReply<'changePassword'>>()(
  z.object({ success: z.boolean(), message: z.string().nullish() }),
)

/** The admin page always asks for the current password (the API leaves it optional). */
export type AdminChangePasswordBody = CheckedBody<'changePassword', { currentPassword: string; newPassword: string }>

/** POST /api/auth/change-password with the current password (SPEC §7, admin page). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: AdminChangePasswordBody) => apiJson(changedSchema, 'POST', '/api/auth/change-password', body),
  })
}

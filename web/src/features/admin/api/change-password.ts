import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'

const replySchema = z.object({ success: z.boolean(), message: z.string().nullish() })

/** POST /api/auth/change-password with the current password (SPEC §7, admin page). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      apiJson(replySchema, 'POST', '/api/auth/change-password', body),
  })
}

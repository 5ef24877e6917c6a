import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { CheckedBody } from '@/lib/api-types'

/** The admin page always asks for the current password (the API leaves it optional). */
export type AdminChangePasswordBody = CheckedBody<'changePassword', { currentPassword: string; newPassword: string }>

/** POST /api/auth/change-password with the current password, from the admin page. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: AdminChangePasswordBody) => unwrap(api.POST('/api/auth/change-password', { body })),
  })
}

import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiReply, ApiSchema } from '@/lib/api-types'

/** What a reset did, with its links (an empty list when the API leaves them out). */
export type ResetPasswordsReply = ApiReply<'resetOrganizationPasswords'> & { links: ApiSchema<'ResetLink'>[] }

/** POST /api/organizations/{id}/reset-passwords: 2-hour, single-use links for admin and manager. */
async function resetPasswords(id: number): Promise<ResetPasswordsReply> {
  const reply = await unwrap(
    api.POST('/api/organizations/{organization_id}/reset-passwords', { params: { path: { organization_id: id } } }),
  )
  return { ...reply, links: reply.links ?? [] }
}

export function useResetPasswords() {
  return useMutation({ mutationFn: resetPasswords })
}

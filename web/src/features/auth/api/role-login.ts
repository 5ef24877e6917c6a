import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, type CheckedBody, replySchema } from '@/lib/api-types'

/** The role login screen offers only these two roles (SPEC §6). */
export const LOGIN_ROLES = ['admin', 'manager'] as const
export type LoginRole = (typeof LOGIN_ROLES)[number]

const roleLoginResponseSchema = replySchema<ApiReply<'roleLogin'>>()(
  z.object({
    success: z.boolean(),
    forcePasswordChange: z.boolean().default(false),
  }),
)

/** Only the two roles of the login screen (the API takes any role name). */
export type RoleLoginBody = CheckedBody<'roleLogin', { role: LoginRole; password: string }>

export function roleLogin(body: RoleLoginBody) {
  return apiJson(roleLoginResponseSchema, 'POST', '/api/auth/role-login', body)
}

export function useRoleLogin() {
  return useMutation({ mutationFn: roleLogin })
}

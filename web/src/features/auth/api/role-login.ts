import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { CheckedBody } from '@/lib/api-types'

/** The role login screen offers only these two roles. */
export const LOGIN_ROLES = ['admin', 'manager'] as const
export type LoginRole = (typeof LOGIN_ROLES)[number]

/** Only the two roles of the login screen (the API takes any role name). */
export type RoleLoginBody = CheckedBody<'roleLogin', { role: LoginRole; password: string }>

export function roleLogin(body: RoleLoginBody) {
  return unwrap(api.POST('/api/auth/role-login', { body }))
}

export function useRoleLogin() {
  return useMutation({ mutationFn: roleLogin })
}

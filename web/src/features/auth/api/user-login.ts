import { useMutation } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'

export type UserLoginBody = ApiBody<'userLogin'>

/** POST /api/auth/user-login: 'Sign in with your account', a person's own e-mail and password. */
export function userLogin(body: UserLoginBody) {
  return unwrap(api.POST('/api/auth/user-login', { body }))
}

export function useUserLogin() {
  return useMutation({ mutationFn: userLogin })
}

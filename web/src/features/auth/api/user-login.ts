import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, replySchema } from '@/lib/api-types'
import { ROLES } from '@/lib/roles'

const userLoginResponseSchema = replySchema<ApiReply<'userLogin'>>()(
  z.object({
    success: z.boolean(),
    forcePasswordChange: z.boolean().default(false),
    userRole: z.enum(ROLES),
  }),
)

export type UserLoginBody = ApiBody<'userLogin'>

/** POST /api/auth/user-login: 'Sign in with your account', a person's own e-mail and password. */
export function userLogin(body: UserLoginBody) {
  return apiJson(userLoginResponseSchema, 'POST', '/api/auth/user-login', body)
}

export function useUserLogin() {
  return useMutation({ mutationFn: userLogin })
}

import { queryOptions, useMutation, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, replySchema } from '@/lib/api-types'

export const VALIDATE_RESET_TOKEN_KEY = '/api/validate-reset-token'

const validationSchema = replySchema<ApiReply<'validateResetToken'>>()(
  z.object({
    valid: z.boolean(),
    role: z.string().nullish(),
    organizationName: z.string().nullish(),
    message: z.string().nullish(),
  }),
)

export type ResetLinkValidation = z.output<typeof validationSchema>

/** POST /api/validate-reset-token: is the super admin's link still good? (It stays unused.) */
export const resetLinkQueryOptions = (token: string, role: string) =>
  queryOptions({
    queryKey: [VALIDATE_RESET_TOKEN_KEY, token, role] as const,
    queryFn: ({ signal }) => {
      const body: ApiBody<'validateResetToken'> = { token, role }
      return apiJson(validationSchema, 'POST', VALIDATE_RESET_TOKEN_KEY, body, { signal })
    },
  })

export function useResetLinkValidation(token: string, role: string, enabled: boolean) {
  return useQuery({ ...resetLinkQueryOptions(token, role), enabled })
}

const resetReplySchema = replySchema<ApiReply<'resetPassword'>>()(
  z.object({
    success: z.boolean().optional(),
    message: z.string().nullish(),
    organizationSubdomain: z.string().nullish(),
  }),
)

export type LinkResetBody = ApiBody<'resetPassword'>

/** POST /api/reset-password: uses the link once and sets the role's new password. */
export function resetPasswordWithLink(body: LinkResetBody) {
  return apiJson(resetReplySchema, 'POST', '/api/reset-password', body)
}

export function useResetPasswordWithLink() {
  return useMutation({ mutationFn: resetPasswordWithLink })
}

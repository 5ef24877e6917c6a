import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, replySchema } from '@/lib/api-types'
import { organizationSummarySchema } from '@/lib/organization-schema'

/** SPEC §9: the organization-code request gives up after 15 seconds. */
export const ORG_LOGIN_TIMEOUT_MS = 15_000

export const loginOrganizationSchema = organizationSummarySchema

export type LoginOrganization = z.output<typeof loginOrganizationSchema>

const orgLoginResponseSchema = replySchema<ApiReply<'orgLogin'>>()(
  z.object({
    success: z.boolean(),
    organization: loginOrganizationSchema,
    message: z.string().optional(),
  }),
)

export function orgLogin(subdomain: string) {
  return apiJson(orgLoginResponseSchema, 'POST', '/api/auth/org-login', { subdomain } satisfies ApiBody<'orgLogin'>, {
    timeoutMs: ORG_LOGIN_TIMEOUT_MS,
  })
}

export function useOrgLogin() {
  return useMutation({ mutationFn: orgLogin })
}

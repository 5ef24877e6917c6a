import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'
import { organizationSummarySchema } from '@/lib/organization-schema'

export const CURRENT_ORGANIZATION_KEY = '/api/organization/current'

export const currentOrganizationSchema = replySchema<ApiReply<'getCurrentOrganization'>>()(
  organizationSummarySchema.extend({
    description: z.string().nullish(),
    isActive: z.boolean().default(true),
  }),
)

export type CurrentOrganization = z.output<typeof currentOrganizationSchema>

export const currentOrganizationQueryOptions = () =>
  queryOptions({
    queryKey: [CURRENT_ORGANIZATION_KEY],
    queryFn: ({ signal }) => apiJson(currentOrganizationSchema, 'GET', CURRENT_ORGANIZATION_KEY, undefined, { signal }),
  })

export function useCurrentOrganization() {
  return useQuery(currentOrganizationQueryOptions())
}

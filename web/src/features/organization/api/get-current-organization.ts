import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'

export const CURRENT_ORGANIZATION_KEY = '/api/organization/current'

export const currentOrganizationSchema = replySchema<ApiReply<'getCurrentOrganization'>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    subdomain: z.string(),
    industry: z.string().nullish(),
    size: z.string().nullish(),
    logoUrl: z.string().nullish(),
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

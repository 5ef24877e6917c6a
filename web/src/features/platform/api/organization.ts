import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiSchema, replySchema } from '@/lib/api-types'

export const ORGANIZATIONS_KEY = '/api/organizations'

export const organizationSchema = replySchema<ApiSchema<'OrganizationAdminRead'>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    subdomain: z.string(),
    schemaName: z.string(),
    description: z.string().nullable().optional(),
    industry: z.string().nullable().optional(),
    size: z.string().nullable().optional(),
    logoUrl: z.string().nullable().optional(),
    adminEmail: z.string().nullable().optional(),
    isActive: z.boolean(),
    adminForcePasswordChange: z.boolean(),
    managerForcePasswordChange: z.boolean(),
    adminLastPasswordChange: z.string().nullable().optional(),
    managerLastPasswordChange: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
)

export type Organization = z.output<typeof organizationSchema>

/** GET /api/organizations: every organisation, newest first. */
export const organizationsQueryOptions = () =>
  queryOptions({
    queryKey: [ORGANIZATIONS_KEY],
    queryFn: ({ signal }) => apiJson(z.array(organizationSchema), 'GET', ORGANIZATIONS_KEY, undefined, { signal }),
  })

export function useOrganizations() {
  return useQuery(organizationsQueryOptions())
}

export function refreshOrganizations(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: [ORGANIZATIONS_KEY] })
}

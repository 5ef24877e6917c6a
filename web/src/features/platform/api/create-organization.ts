import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { organizationSchema, ORGANIZATIONS_KEY, refreshOrganizations } from './organization'

/** POST /api/organizations (SPEC §7): optional fields are sent only when not empty. */
export type CreateOrganizationBody = ApiBody<'createOrganization'>

export function useCreateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateOrganizationBody) => apiJson(organizationSchema, 'POST', ORGANIZATIONS_KEY, body),
    onSuccess: () => refreshOrganizations(queryClient),
  })
}

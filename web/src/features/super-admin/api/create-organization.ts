import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { organizationSchema, ORGANIZATIONS_KEY, refreshOrganizations } from './organization'

/** POST /api/organizations (SPEC §7): optional fields are sent only when not empty. */
export interface CreateOrganizationBody {
  name: string
  subdomain: string
  description?: string
  industry?: string
  size?: string
  logoUrl?: string
  adminEmail?: string
}

export function useCreateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateOrganizationBody) => apiJson(organizationSchema, 'POST', ORGANIZATIONS_KEY, body),
    onSuccess: () => refreshOrganizations(queryClient),
  })
}

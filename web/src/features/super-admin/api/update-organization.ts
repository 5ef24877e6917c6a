import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { organizationSchema, ORGANIZATIONS_KEY, refreshOrganizations } from './organization'

/** PUT /api/organizations/{id}: null clears an optional field; the data stays where it is. */
export interface UpdateOrganizationBody {
  name?: string
  subdomain?: string
  description?: string | null
  industry?: string | null
  size?: string | null
  logoUrl?: string | null
  adminEmail?: string | null
  isActive?: boolean
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateOrganizationBody }) =>
      apiJson(organizationSchema, 'PUT', `${ORGANIZATIONS_KEY}/${id}`, body),
    onSuccess: () => refreshOrganizations(queryClient),
  })
}

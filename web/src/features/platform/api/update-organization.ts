import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { organizationSchema, ORGANIZATIONS_KEY, refreshOrganizations } from './organization'

/** PUT /api/organizations/{id}: null clears an optional field; the data stays where it is. */
export type UpdateOrganizationBody = ApiBody<'updateOrganization'>

export function useUpdateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateOrganizationBody }) =>
      apiJson(organizationSchema, 'PUT', `${ORGANIZATIONS_KEY}/${id}`, body),
    onSuccess: () => refreshOrganizations(queryClient),
  })
}

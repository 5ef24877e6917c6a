import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { refreshOrganizations } from './organization'

/** PUT /api/organizations/{id}: null clears an optional field; the data stays where it is. */
export type UpdateOrganizationBody = ApiBody<'updateOrganization'>

export function useUpdateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateOrganizationBody }) =>
      unwrap(api.PUT('/api/organizations/{organization_id}', { params: { path: { organization_id: id } }, body })),
    onSuccess: () => refreshOrganizations(queryClient),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { refreshOrganizations } from './organization'

/** DELETE /api/organizations/{id}: the typed subdomain confirms; a final backup is kept. */
export function useDeleteOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, confirmSubdomain }: { id: number; confirmSubdomain: string }) =>
      unwrap(
        api.DELETE('/api/organizations/{organization_id}', {
          params: { path: { organization_id: id } },
          body: { confirmSubdomain },
        }),
      ),
    onSuccess: () => refreshOrganizations(queryClient),
  })
}

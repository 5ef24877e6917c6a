import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { refreshOrganizations } from './organization'

/** POST /api/organizations: optional fields are sent only when not empty. */
export type CreateOrganizationBody = ApiBody<'createOrganization'>

export function useCreateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateOrganizationBody) => unwrap(api.POST('/api/organizations', { body })),
    onSuccess: () => refreshOrganizations(queryClient),
  })
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap, uploadFile } from '@/lib/api-client'
import type { ApiBody, ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type Organization = ApiSchema<'OrganizationRead'>

/** Shared with the organization banner: same key, so a change shows there at once. */
export const currentOrganizationQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.currentOrganization,
    queryFn: ({ signal }) => unwrap(api.GET('/api/organization/current', { signal })),
  })

export function useOrganization() {
  return useQuery(currentOrganizationQueryOptions())
}

/** PUT /api/organization/current: name and logoUrl (null removes the logo). */
export type UpdateOrganizationBody = ApiBody<'updateCurrentOrganization'>

export function useUpdateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateOrganizationBody) => unwrap(api.PUT('/api/organization/current', { body })),
    onSuccess: (organization) => {
      queryClient.setQueryData(queryKeys.currentOrganization, organization)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.currentOrganization }),
        queryClient.invalidateQueries({ queryKey: queryKeys.session }),
      ])
    },
  })
}

/** Images only, at most 2 MB (the server checks the bytes as well). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const

/** POST /api/upload/logo, then PUT the image to the upload URL. Returns the new logoUrl. */
export async function uploadLogo(file: File): Promise<string> {
  const slot = await unwrap(api.POST('/api/upload/logo'))
  await uploadFile(slot.uploadURL, file)
  return slot.logoUrl
}

/** PUT /api/organization/access: who sees what, the shared sign-ins, audit retention; only the fields sent change. */
export type AccessSettingsBody = ApiBody<'updateOrganizationAccess'>

/** The rules every screen follows come with the session: it is read again after a change. */
export function useUpdateAccessSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AccessSettingsBody) => unwrap(api.PUT('/api/organization/access', { body })),
    onSuccess: (organization) => {
      queryClient.setQueryData(queryKeys.currentOrganization, organization)
      return queryClient.invalidateQueries({ queryKey: queryKeys.session })
    },
  })
}

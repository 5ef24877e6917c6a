import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { ApiError, apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, type ApiSchema, replySchema } from '@/lib/api-types'

/** Shared with the organization banner: same key, so a change shows there at once. */
export const CURRENT_ORGANIZATION_KEY = '/api/organization/current'
const SESSION_KEY = '/api/auth/session'

export const organizationSchema = replySchema<ApiSchema<'OrganizationRead'>>()(
  z.looseObject({
    id: z.number(),
    name: z.string(),
    subdomain: z.string(),
    logoUrl: z.string().nullish(),
  }),
)

export type Organization = z.output<typeof organizationSchema>

export const currentOrganizationQueryOptions = () =>
  queryOptions({
    queryKey: [CURRENT_ORGANIZATION_KEY] as const,
    queryFn: ({ signal }) => apiJson(organizationSchema, 'GET', CURRENT_ORGANIZATION_KEY, undefined, { signal }),
  })

export function useOrganization() {
  return useQuery(currentOrganizationQueryOptions())
}

/** PUT /api/organization/current: name and logoUrl (null removes the logo). */
export type UpdateOrganizationBody = ApiBody<'updateCurrentOrganization'>

export function useUpdateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateOrganizationBody) =>
      apiJson(organizationSchema, 'PUT', CURRENT_ORGANIZATION_KEY, body),
    onSuccess: (organization) => {
      queryClient.setQueryData([CURRENT_ORGANIZATION_KEY], organization)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [CURRENT_ORGANIZATION_KEY] }),
        queryClient.invalidateQueries({ queryKey: [SESSION_KEY] }),
      ])
    },
  })
}

/** SPEC §1, §7: images only, at most 2 MB (the server checks the bytes as well). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const

const slotSchema = replySchema<ApiReply<'createLogoUpload'>>()(z.object({ uploadURL: z.string(), logoUrl: z.string() }))

/** POST /api/upload/logo, then PUT the image to the upload URL. Returns the new logoUrl. */
export async function uploadLogo(file: File): Promise<string> {
  const slot = await apiJson(slotSchema, 'POST', '/api/upload/logo')
  const res = await fetch(slot.uploadURL, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  })
  if (!res.ok) {
    // The same error as every other call: the status and the server's message.
    throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''))
  }
  return slot.logoUrl
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody, ApiSchema, CheckedBody } from '@/lib/api-types'
import { refreshOrganizations } from './organization'

/**
 * POST /api/organizations: optional fields are sent only when not empty; visibility and
 * sendSetupLink only when they differ from the server's defaults (open, no link).
 */
export type CreateOrganizationBody = CheckedBody<
  'createOrganization',
  {
    name: string
    subdomain?: string
    description?: string
    industry?: string
    size?: string
    logoUrl?: string
    adminEmail?: string
    visibility?: 'open' | 'need_to_know'
    sendSetupLink?: boolean
  },
  'visibility' | 'sendSetupLink'
>

export function createOrganization(body: CreateOrganizationBody) {
  // The generated body requires visibility and sendSetupLink (they have defaults); this body may
  // leave them out (checked above) so that the server's apply.
  return unwrap(api.POST('/api/organizations', { body: body as ApiBody<'createOrganization'> }))
}

export function useCreateOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => refreshOrganizations(queryClient),
  })
}

/** The new organisation; with a set-up link not e-mailed, the link to pass on (shown this once). */
export type CreatedOrganization = ApiSchema<'OrganizationCreated'>

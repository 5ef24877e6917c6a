import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, replySchema } from '@/lib/api-types'
import { ORGANIZATIONS_KEY, refreshOrganizations } from './organization'

const deletedSchema = replySchema<ApiReply<'deleteOrganization'>>()(
  z.object({ success: z.boolean(), message: z.string(), backupFile: z.string() }),
)

/** DELETE /api/organizations/{id}: the typed subdomain confirms; a final backup is kept. */
export function useDeleteOrganization() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, confirmSubdomain }: { id: number; confirmSubdomain: string }) =>
      apiJson(deletedSchema, 'DELETE', `${ORGANIZATIONS_KEY}/${id}`, {
        confirmSubdomain,
      } satisfies ApiBody<'deleteOrganization'>),
    onSuccess: () => refreshOrganizations(queryClient),
  })
}

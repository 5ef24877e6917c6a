import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'

/** The backup history's key, refreshed so /backup shows the new (pending) backup. */
const BACKUPS_KEY = '/api/backups'

const createdSchema = replySchema<ApiReply<'createBackup'>>()(
  z.looseObject({ success: z.boolean(), message: z.string().nullish() }),
)

/** POST /api/backups/create, for the System Backup card. */
export function useCreateBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiJson(createdSchema, 'POST', `${BACKUPS_KEY}/create`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BACKUPS_KEY] }),
  })
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson, apiRequest } from '@/lib/api-client'
import { type ApiBody, type ApiReply, type ApiSchema, replySchema } from '@/lib/api-types'

export const BACKUPS_KEY = '/api/backups'
/** SPEC §7: the history is polled every 30 seconds. */
export const BACKUP_POLL_MS = 30_000
/** While a backup is in progress, more often: it shows as done moments after the worker ends. */
export const BACKUP_PENDING_POLL_MS = 2_000

export const backupSchema = replySchema<ApiSchema<'BackupRead'>>()(
  z.looseObject({
    id: z.number(),
    filename: z.string(),
    timestamp: z.string(),
    /** Megabytes, two decimals. */
    size: z.number(),
    employeeCount: z.number(),
    status: z.enum(['pending', 'completed', 'failed']),
    kind: z.string().optional(),
    error: z.string().nullish(),
  }),
)

export type Backup = z.output<typeof backupSchema>

export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: [BACKUPS_KEY] as const,
    queryFn: ({ signal }) => apiJson(z.array(backupSchema), 'GET', BACKUPS_KEY, undefined, { signal }),
    refetchInterval: (query) =>
      query.state.data?.some((backup) => backup.status === 'pending') ? BACKUP_PENDING_POLL_MS : BACKUP_POLL_MS,
  })

export function useBackups() {
  return useQuery(backupsQueryOptions())
}

const createdSchema = replySchema<ApiReply<'createBackup'>>()(
  z.object({ success: z.boolean(), message: z.string().nullish(), backup: backupSchema }),
)

/** POST /api/backups/create: the worker makes the file; the list shows it as pending at once. */
export function useCreateBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiJson(createdSchema, 'POST', `${BACKUPS_KEY}/create`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BACKUPS_KEY] }),
  })
}

const validationSchema = replySchema<ApiReply<'validateBackup'>>()(
  z.object({
    valid: z.boolean(),
    details: z.looseObject({
      dataKeys: z.array(z.string()).nullish(),
      error: z.string().nullish(),
    }),
  }),
)

export function useValidateBackup() {
  return useMutation({
    mutationFn: (filename: string) =>
      apiJson(validationSchema, 'POST', `${BACKUPS_KEY}/${encodeURIComponent(filename)}/validate`),
  })
}

const restoreSchema = replySchema<ApiReply<'restoreBackup'>>()(
  z.object({
    success: z.boolean(),
    message: z.string().nullish(),
    safetyBackup: z.string().nullish(),
    /** Accounts removed since the backup: back, but disabled until an admin enables them. */
    disabledAccounts: z
      .array(
        z.looseObject({
          id: z.string(),
          email: z.string(),
          firstName: z.string().nullish(),
          lastName: z.string().nullish(),
          role: z.string(),
        }),
      )
      .default([]),
  }),
)

export type RestoreReply = z.output<typeof restoreSchema>

export function useRestoreBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (filename: string) =>
      apiJson(restoreSchema, 'POST', `${BACKUPS_KEY}/${encodeURIComponent(filename)}/restore`, {
        confirmRestore: true,
      } satisfies ApiBody<'restoreBackup'>),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [BACKUPS_KEY] }),
  })
}

/** GET .../download, saved by the browser under the backup's own name. */
export async function downloadBackup(filename: string): Promise<void> {
  const res = await apiRequest('GET', `${BACKUPS_KEY}/${encodeURIComponent(filename)}/download`)
  const url = URL.createObjectURL(await res.blob())
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = filename
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0)
  }
}

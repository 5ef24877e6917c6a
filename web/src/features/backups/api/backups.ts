import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, saveBlob, unwrap } from '@/lib/api-client'
import type { ApiReply, ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** The history is polled every 30 seconds, so a backup made elsewhere (or by the schedule) shows up. */
export const BACKUP_POLL_MS = 30_000
/** While a backup is in progress, more often: it shows as done moments after the worker ends. */
export const BACKUP_PENDING_POLL_MS = 2_000

/** A backup of the history; its size is in megabytes, two decimals. */
export type Backup = ApiSchema<'BackupRead'>

export const backupsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backups,
    queryFn: ({ signal }) => unwrap(api.GET('/api/backups', { signal })),
    refetchInterval: (query) =>
      query.state.data?.some((backup) => backup.status === 'pending') ? BACKUP_PENDING_POLL_MS : BACKUP_POLL_MS,
  })

export function useBackups() {
  return useQuery(backupsQueryOptions())
}

/** POST /api/backups/create: the worker makes the file; the list shows it as pending at once. */
export function useCreateBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/backups/create')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backups }),
  })
}

const byName = (filename: string) => ({ params: { path: { filename } } })

export function useValidateBackup() {
  return useMutation({
    mutationFn: (filename: string) => unwrap(api.POST('/api/backups/{filename}/validate', byName(filename))),
  })
}

/**
 * What a restore did. disabledAccounts (none when the API leaves it out) were removed since the
 * backup: back, but disabled until an admin enables them.
 */
export type RestoreReply = ApiReply<'restoreBackup'> & { disabledAccounts: ApiSchema<'DisabledAccountRead'>[] }

async function restoreBackup(filename: string): Promise<RestoreReply> {
  const reply = await unwrap(
    api.POST('/api/backups/{filename}/restore', { ...byName(filename), body: { confirmRestore: true } }),
  )
  return { ...reply, disabledAccounts: reply.disabledAccounts ?? [] }
}

export function useRestoreBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: restoreBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backups }),
  })
}

/** GET .../download, saved by the browser under the backup's own name. */
export async function downloadBackup(filename: string): Promise<void> {
  const blob = await unwrap(api.GET('/api/backups/{filename}/download', { ...byName(filename), parseAs: 'blob' }))
  saveBlob(blob, filename, { revokeAfterMs: 0 })
}

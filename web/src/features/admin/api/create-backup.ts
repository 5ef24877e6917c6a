import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** POST /api/backups/create, for the System Backup card; /backup then shows the new (pending) one. */
export function useCreateBackup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/backups/create')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.backups }),
  })
}

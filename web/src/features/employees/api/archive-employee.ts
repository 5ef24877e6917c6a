import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { refreshEmployees } from './employee'

/** POST /api/employees/{id}/archive, or /unarchive to restore. */
export function useSetArchived() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) => {
      const params = { path: { id } }
      return unwrap(
        archived
          ? api.POST('/api/employees/{id}/archive', { params })
          : api.POST('/api/employees/{id}/unarchive', { params }),
      )
    },
    onSuccess: (_, { id }) => refreshEmployees(queryClient, id),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { employeeSchema, refreshEmployees } from './employee'

/** POST /api/employees/{id}/archive, or /unarchive to restore. */
export function useSetArchived() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
      apiJson(employeeSchema, 'POST', `/api/employees/${id}/${archived ? 'archive' : 'unarchive'}`),
    onSuccess: (_, { id }) => refreshEmployees(queryClient, id),
  })
}

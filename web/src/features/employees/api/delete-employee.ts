import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'
import { refreshEmployees } from './employee'

/** DELETE /api/employees/{id}: the employee and every record of theirs, for good. */
export function useDeleteEmployee() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/employees/{id}', { params: { path: { id } } })),
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.employee(id) })
      await refreshEmployees(queryClient)
    },
  })
}

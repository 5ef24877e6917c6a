import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { refreshEmployees } from './employee'

/** PUT /api/employees/{id}: every editable field; null clears an optional one. */
export type UpdateEmployeeBody = ApiBody<'updateEmployee'>

export function useUpdateEmployee(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateEmployeeBody) => unwrap(api.PUT('/api/employees/{id}', { params: { path: { id } }, body })),
    onSuccess: () => refreshEmployees(queryClient, id),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { employeeSchema, refreshEmployees } from './employee'

/** PUT /api/employees/{id}: every editable field; null clears an optional one. */
export type UpdateEmployeeBody = ApiBody<'updateEmployee'>

export function useUpdateEmployee(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateEmployeeBody) => apiJson(employeeSchema, 'PUT', `/api/employees/${id}`, body),
    onSuccess: () => refreshEmployees(queryClient, id),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { employeeSchema, EMPLOYEES_KEY, refreshEmployees } from './employee'

/** POST /api/employees (SPEC §7): empty optional values are left out; managerId null if none. */
export type CreateEmployeeBody = ApiBody<'createEmployee'>

export function useCreateEmployee() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateEmployeeBody) => apiJson(employeeSchema, 'POST', EMPLOYEES_KEY, body),
    onSuccess: () => refreshEmployees(queryClient),
  })
}

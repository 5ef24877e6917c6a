import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { refreshEmployees } from './employee'

/** POST /api/employees: empty optional values are left out; managerId null if none. */
export type CreateEmployeeBody = ApiBody<'createEmployee'>

export function useCreateEmployee() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateEmployeeBody) => unwrap(api.POST('/api/employees', { body })),
    onSuccess: () => refreshEmployees(queryClient),
  })
}

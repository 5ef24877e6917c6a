import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { employeeSchema, EMPLOYEES_KEY, refreshEmployees } from './employee'

/** POST /api/employees (SPEC §7): empty optional values are left out; managerId null if none. */
export interface CreateEmployeeBody {
  firstName: string
  lastName: string
  email?: string
  department?: string
  position?: string
  startDate: string
  nextReviewDate?: string
  managerId: string | null
  reviewSchedule: string
  profilePhotoUrl?: string
}

export function useCreateEmployee() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateEmployeeBody) => apiJson(employeeSchema, 'POST', EMPLOYEES_KEY, body),
    onSuccess: () => refreshEmployees(queryClient),
  })
}

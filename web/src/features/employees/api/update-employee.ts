import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { employeeSchema, refreshEmployees } from './employee'

/** PUT /api/employees/{id}: every editable field; null clears an optional one. */
export interface UpdateEmployeeBody {
  employeeId: string
  firstName: string
  lastName: string
  email: string | null
  department: string | null
  position: string | null
  startDate: string | null
  nextReviewDate: string | null
  managerId: string | null
  reviewSchedule: string
  profilePhotoUrl: string | null
}

export function useUpdateEmployee(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateEmployeeBody) => apiJson(employeeSchema, 'PUT', `/api/employees/${id}`, body),
    onSuccess: () => refreshEmployees(queryClient, id),
  })
}

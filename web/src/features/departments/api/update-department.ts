import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import type { ApiBody } from '@/lib/api-types'
import { departmentSchema, refreshDepartments } from './department'

/** PUT /api/departments/{id}: name, slug, description; a new slug moves its employees along. */
export type UpdateDepartmentBody = ApiBody<'updateDepartment'>

export function useUpdateDepartment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateDepartmentBody & { id: number }) =>
      apiJson(departmentSchema, 'PUT', `/api/departments/${id}`, body),
    onSuccess: () => refreshDepartments(queryClient),
  })
}

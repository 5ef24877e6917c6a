import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { departmentSchema, refreshDepartments } from './department'

/** PUT /api/departments/{id}: name, slug, description; a new slug moves its employees along. */
export interface UpdateDepartmentBody {
  name?: string
  slug?: string
  description?: string | null
}

export function useUpdateDepartment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: UpdateDepartmentBody & { id: number }) =>
      apiJson(departmentSchema, 'PUT', `/api/departments/${id}`, body),
    onSuccess: () => refreshDepartments(queryClient),
  })
}

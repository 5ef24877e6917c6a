import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import type { CheckedBody } from '@/lib/api-types'
import { DEPARTMENTS_KEY, departmentSchema, refreshDepartments } from './department'

/** POST /api/departments (SPEC §7). A taken slug answers 409: see isDuplicateSlugError. */
export type CreateDepartmentBody = CheckedBody<
  'createDepartment',
  { name: string; slug: string; description?: string; isDefault?: boolean; organizationId?: number },
  'isDefault'
>

export function useCreateDepartment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateDepartmentBody) => apiJson(departmentSchema, 'POST', DEPARTMENTS_KEY, body),
    onSuccess: () => refreshDepartments(queryClient),
  })
}

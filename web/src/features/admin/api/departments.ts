import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, errorMessage, errorStatus, unwrap } from '@/lib/api-client'
import type { CheckedBody } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export { type Department, departmentsQueryOptions, useDepartments } from '@/lib/api/departments'

/** Employees carry their department's slug: a renamed or removed department changes them too. */
function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.departments }),
    queryClient.invalidateQueries({ queryKey: queryKeys.employees }),
  ])
}

/** The department dialog's fields; PUT sends them as they are, POST adds isDefault and organizationId. */
export type DepartmentBody = CheckedBody<'updateDepartment', { name: string; slug: string; description?: string }>

/** POST /api/departments: the dialog's fields, never the default department, in the given organisation. */
export function useCreateDepartment(organizationId?: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DepartmentBody) =>
      unwrap(
        api.POST('/api/departments', {
          body: { ...body, isDefault: false, ...(organizationId ? { organizationId } : {}) },
        }),
      ),
    onSuccess: () => refresh(queryClient),
  })
}

/** PUT /api/departments/{id}: name, slug, description. */
export function useUpdateDepartment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: DepartmentBody & { id: number }) =>
      unwrap(api.PUT('/api/departments/{id}', { params: { path: { id } }, body })),
    onSuccess: () => refresh(queryClient),
  })
}

export function useDeleteDepartment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => unwrap(api.DELETE('/api/departments/{id}', { params: { path: { id } } })),
    onSuccess: () => refresh(queryClient),
  })
}

/** A taken slug: a 409, or a reply whose message says it already exists. */
export function isDuplicateSlug(error: unknown): boolean {
  return errorStatus(error) === 409 || errorMessage(error, '').toLowerCase().includes('already exists')
}

import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson, errorMessage, errorStatus } from '@/lib/api-client'
import { type ApiBody, type ApiReply, type ApiSchema, type CheckedBody, replySchema } from '@/lib/api-types'

export const DEPARTMENTS_KEY = '/api/departments'
/** Employees carry their department's slug: a renamed or removed department changes them too. */
const EMPLOYEES_KEY = '/api/employees'

// Loose: the cache entry is shared with every screen that lists departments.
export const departmentSchema = replySchema<ApiSchema<'DepartmentRead'>>()(
  z.looseObject({
    id: z.number(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullish(),
    isDefault: z.boolean().default(false),
    employeeCount: z.number().optional(),
    archivedCount: z.number().default(0),
  }),
)

export type Department = z.output<typeof departmentSchema>

export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: [DEPARTMENTS_KEY] as const,
    queryFn: ({ signal }) => apiJson(z.array(departmentSchema), 'GET', DEPARTMENTS_KEY, undefined, { signal }),
  })

export function useDepartments() {
  return useQuery(departmentsQueryOptions())
}

function refresh(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [DEPARTMENTS_KEY] }),
    queryClient.invalidateQueries({ queryKey: [EMPLOYEES_KEY] }),
  ])
}

/** The department dialog's fields; PUT sends them as they are, POST adds isDefault and organizationId. */
export type DepartmentBody = CheckedBody<'updateDepartment', { name: string; slug: string; description?: string }>

/** POST /api/departments (SPEC §7: name, slug, description, isDefault, organizationId). */
export function useCreateDepartment(organizationId?: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: DepartmentBody) =>
      apiJson(departmentSchema, 'POST', DEPARTMENTS_KEY, {
        ...body,
        isDefault: false,
        ...(organizationId ? { organizationId } : {}),
      } satisfies ApiBody<'createDepartment'>),
    onSuccess: () => refresh(queryClient),
  })
}

/** PUT /api/departments/{id}: name, slug, description. */
export function useUpdateDepartment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: DepartmentBody & { id: number }) =>
      apiJson(departmentSchema, 'PUT', `${DEPARTMENTS_KEY}/${id}`, body),
    onSuccess: () => refresh(queryClient),
  })
}

const deletedSchema = replySchema<ApiReply<'deleteDepartment'>>()(
  z.looseObject({ success: z.boolean().optional(), message: z.string().nullish() }),
)

export function useDeleteDepartment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiJson(deletedSchema, 'DELETE', `${DEPARTMENTS_KEY}/${id}`),
    onSuccess: () => refresh(queryClient),
  })
}

/** SPEC §8: a 409, or a reply saying 'already exists', is a taken slug. */
export function isDuplicateSlug(error: unknown): boolean {
  return errorStatus(error) === 409 || errorMessage(error, '').toLowerCase().includes('already exists')
}

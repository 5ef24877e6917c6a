import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'

export const DEPARTMENTS_KEY = '/api/departments'

// Loose: the cache entry is shared with every screen that lists departments, so keep every field.
export const departmentOptionSchema = replySchema<ApiReply<'listDepartments'>[number]>()(
  z.looseObject({ id: z.number(), name: z.string(), slug: z.string() }),
)

export type DepartmentOption = z.output<typeof departmentOptionSchema>

export const departmentOptionsQueryOptions = () =>
  queryOptions({
    queryKey: [DEPARTMENTS_KEY] as const,
    queryFn: ({ signal }) => apiJson(z.array(departmentOptionSchema), 'GET', DEPARTMENTS_KEY, undefined, { signal }),
  })

/** The departments for the filter and the employee forms (value: slug, label: name). */
export function useDepartmentOptions() {
  return useQuery(departmentOptionsQueryOptions())
}

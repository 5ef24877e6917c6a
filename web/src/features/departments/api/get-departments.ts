import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { DEPARTMENTS_KEY, departmentSchema } from './department'

/** GET /api/departments: every department by name, each with its employeeCount. */
export const departmentsQueryOptions = () =>
  queryOptions({
    queryKey: [DEPARTMENTS_KEY] as const,
    queryFn: ({ signal }) => apiJson(z.array(departmentSchema), 'GET', DEPARTMENTS_KEY, undefined, { signal }),
  })

export function useDepartments() {
  return useQuery(departmentsQueryOptions())
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { employeeSchema, EMPLOYEES_KEY } from './employee'

export interface EmployeeListParams {
  search?: string
  includeArchived?: boolean
}

export const FETCH_EMPLOYEES_FAILED = 'Failed to fetch employees'

/** GET /api/employees with the optional search and includeArchived=true (SPEC §7). */
export async function getEmployees({ search = '', includeArchived = false }: EmployeeListParams, signal?: AbortSignal) {
  const params = new URLSearchParams()
  if (search.trim()) params.set('search', search.trim())
  if (includeArchived) params.set('includeArchived', 'true')
  const query = params.toString()
  const res = await fetch(query ? `${EMPLOYEES_KEY}?${query}` : EMPLOYEES_KEY, { credentials: 'include', signal })
  if (!res.ok) throw new Error(FETCH_EMPLOYEES_FAILED)
  return z.array(employeeSchema).parse(await res.json())
}

export const employeesQueryOptions = (params: EmployeeListParams = {}) => {
  const key = { search: params.search?.trim() ?? '', includeArchived: params.includeArchived ?? false }
  return queryOptions({
    queryKey: [EMPLOYEES_KEY, key] as const,
    queryFn: ({ signal }) => getEmployees(key, signal),
  })
}

export function useEmployees(params: EmployeeListParams = {}) {
  // While a new search loads, keep showing the last answer instead of skeletons.
  return useQuery({ ...employeesQueryOptions(params), placeholderData: keepPreviousData })
}

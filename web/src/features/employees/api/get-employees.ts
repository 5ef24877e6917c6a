import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { type Employee, employeeSchema, EMPLOYEES_KEY } from './employee'

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

/** What the Employees screen asks GET /api/employees for (empty values are left out). */
export interface EmployeePageParams {
  search?: string
  department?: string
  reviewSchedule?: string
  overdue?: string
  archived?: string
  sort?: string
  page: number
  pageSize: number
}

export interface EmployeePage {
  items: Employee[]
  /** Every employee matching the filters (the X-Total-Count header of a paged reply). */
  total: number
}

export async function getEmployeePage(params: EmployeePageParams, signal?: AbortSignal): Promise<EmployeePage> {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    const text = typeof value === 'string' ? value.trim() : String(value)
    if (text !== '') query.set(key, text)
  }
  const res = await fetch(`${EMPLOYEES_KEY}?${query}`, { credentials: 'include', signal })
  if (!res.ok) throw new Error(FETCH_EMPLOYEES_FAILED)
  const items = z.array(employeeSchema).parse(await res.json())
  const total = Number(res.headers.get('X-Total-Count'))
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length }
}

export function useEmployeePage(params: EmployeePageParams) {
  return useQuery({
    queryKey: [EMPLOYEES_KEY, 'page', params] as const,
    queryFn: ({ signal }) => getEmployeePage(params, signal),
    // While another page, search or filter loads, keep showing the last one.
    placeholderData: keepPreviousData,
  })
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api-client'
import type { operations } from '@/lib/api-schema'
import { queryKeys } from '@/lib/query-keys'
import type { Employee } from './employee'

export interface EmployeeListParams {
  search?: string
  includeArchived?: boolean
}

export const FETCH_EMPLOYEES_FAILED = 'Failed to fetch employees'

type ListQuery = NonNullable<operations['listEmployees']['parameters']['query']>

/** GET /api/employees; a reply that is not ok reads as FETCH_EMPLOYEES_FAILED, whatever the server said. */
async function listEmployees(query: ListQuery, signal?: AbortSignal) {
  try {
    const { data, response } = await api.GET('/api/employees', { params: { query }, signal })
    return { items: data ?? [], response }
  } catch (error) {
    throw error instanceof ApiError ? new Error(FETCH_EMPLOYEES_FAILED, { cause: error }) : error
  }
}

/** GET /api/employees with the optional search, and includeArchived=true when asked for. */
export async function getEmployees({ search = '', includeArchived = false }: EmployeeListParams, signal?: AbortSignal) {
  const query: ListQuery = {}
  if (search.trim()) query.search = search.trim()
  if (includeArchived) query.includeArchived = true
  return (await listEmployees(query, signal)).items
}

export const employeesQueryOptions = (params: EmployeeListParams = {}) => {
  const key = { search: params.search?.trim() ?? '', includeArchived: params.includeArchived ?? false }
  return queryOptions({
    queryKey: queryKeys.employeeList(key),
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
  // The screen keeps its filters as the text of its own URL; they go to the API as they are.
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    const text = typeof value === 'string' ? value.trim() : String(value)
    if (text !== '') query[key] = text
  }
  const { items, response } = await listEmployees(query as ListQuery, signal)
  const total = Number(response.headers.get('X-Total-Count'))
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length }
}

export function useEmployeePage(params: EmployeePageParams) {
  return useQuery({
    queryKey: queryKeys.employeePage(params),
    queryFn: ({ signal }) => getEmployeePage(params, signal),
    // While another page, search or filter loads, keep showing the last one.
    placeholderData: keepPreviousData,
  })
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** What Create Review offers: active employees and the templates (own keys under the shared prefix,
 * so the employees and templates screens refresh them when they change). */
export type EmployeeOption = ApiSchema<'EmployeeRead'>
export type TemplateOption = ApiSchema<'TemplateRead'>

export const employeeOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.employeeOptions,
    queryFn: ({ signal }) => unwrap(api.GET('/api/employees', { signal })),
  })

export const templateOptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templateOptions,
    queryFn: ({ signal }) => unwrap(api.GET('/api/templates', { signal })),
  })

export function useEmployeeOptions(enabled: boolean) {
  return useQuery({ ...employeeOptionsQueryOptions(), enabled })
}

export function useTemplateOptions(enabled: boolean) {
  return useQuery({ ...templateOptionsQueryOptions(), enabled })
}

/** Who reviews someone: each employee who is another's manager (the reporting line), by name. */
export function reviewersOf(employees: EmployeeOption[]): EmployeeOption[] {
  const managers = new Set(employees.map((e) => e.managerId).filter(Boolean))
  return employees
    .filter((e) => e.employeeId && managers.has(e.employeeId))
    .sort((a, b) => `${a.lastName} ${a.firstName}`.localeCompare(`${b.lastName} ${b.firstName}`))
}

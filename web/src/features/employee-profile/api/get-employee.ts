import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError } from '@/lib/api-client'
import { useDepartments } from '@/lib/api/departments'
import { employeeQueryOptions, type Employee } from '@/lib/api/employee-record'
import { queryKeys } from '@/lib/query-keys'

export { employeeQueryOptions, type Employee } from '@/lib/api/employee-record'

export function useEmployee(id: number) {
  return useQuery(employeeQueryOptions(id))
}

/** The reply's data, or null when the server refused or lacks it (a network failure or an abort still throws). */
async function dataOrNull<Data>(pending: Promise<{ data?: Data }>): Promise<Data | null> {
  try {
    return (await pending).data ?? null
  } catch (error) {
    if (error instanceof ApiError) return null
    throw error
  }
}

/** The name of the employee `managerId` names, read from the employee list (admin and hr read every record, archived too). */
async function managerFromEmployees(managerId: string, signal: AbortSignal): Promise<string | null> {
  const query = { search: managerId, includeArchived: true }
  const list = await dataOrNull(api.GET('/api/employees', { params: { query }, signal }))
  const manager = list?.find((e) => e.employeeId === managerId)
  return manager ? `${manager.firstName} ${manager.lastName}` : null
}

/**
 * The name of an employee's manager. The directory names every active employee's manager to
 * everyone signed in, where the employee list holds only the records the reader reaches (a
 * user reading their own profile reaches no manager); an archived employee is not in the
 * directory, so their manager is looked up in the list, which their readers may read.
 */
export const managerNameQueryOptions = (employee: Pick<Employee, 'id' | 'firstName' | 'lastName' | 'managerId'>) =>
  queryOptions({
    queryKey: queryKeys.managerName(employee.id, employee.managerId ?? ''),
    queryFn: async ({ signal }): Promise<string | null> => {
      const managerId = employee.managerId ?? ''
      const search = `${employee.firstName} ${employee.lastName}`
      const entries = await dataOrNull(api.GET('/api/directory', { params: { query: { search } }, signal }))
      const entry = entries?.find((e) => e.id === employee.id && e.managerId === managerId)
      if (entry) return entry.managerName ?? null
      return managerFromEmployees(managerId, signal)
    },
  })

export function useManagerName(employee: Employee) {
  return useQuery({ ...managerNameQueryOptions(employee), enabled: Boolean(employee.managerId) })
}

/** Department slug → its display name, once the departments have loaded. */
export function useDepartmentName(slug: string | null | undefined): string | undefined {
  const { data } = useDepartments({ enabled: Boolean(slug) })
  return slug ? data?.find((d) => d.slug === slug)?.name : undefined
}

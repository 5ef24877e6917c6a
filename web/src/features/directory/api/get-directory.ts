import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { operations } from '@/lib/api-schema'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type DirectoryEntry = ApiSchema<'DirectoryEntry'>

type DirectoryQuery = NonNullable<operations['listDirectory']['parameters']['query']>

export interface DirectoryParams {
  search: string
  department: string
  page: number
  pageSize: number
}

export interface DirectoryPage {
  items: DirectoryEntry[]
  /** Every entry matching the search (the X-Total-Count header of a paged reply). */
  total: number
}

/** GET /api/directory, one page: who is who, for everyone signed in. */
export async function getDirectoryPage(params: DirectoryParams, signal?: AbortSignal): Promise<DirectoryPage> {
  const query: DirectoryQuery = { page: params.page, pageSize: params.pageSize }
  if (params.search.trim()) query.search = params.search.trim()
  if (params.department) query.department = params.department
  const { data, response } = await api.GET('/api/directory', { params: { query }, signal })
  if (!response.ok || !data) throw new Error('The directory could not be loaded')
  const total = Number(response.headers.get('X-Total-Count'))
  return { items: data, total: Number.isInteger(total) && total >= 0 ? total : data.length }
}

export function useDirectoryPage(params: DirectoryParams) {
  return useQuery({
    queryKey: queryKeys.directoryPage(params),
    queryFn: ({ signal }) => getDirectoryPage(params, signal),
    // While another page or search loads, keep showing the last one.
    placeholderData: keepPreviousData,
  })
}

/**
 * The ids of the profiles a reader with a reporting line may open: the employee list answers
 * only those within the reader's reach. Not asked for when the reader reaches everyone or only
 * themselves (the caller knows those without asking).
 */
export function useReachableEmployees(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reachableEmployees,
    queryFn: async ({ signal }) => {
      const employees = await unwrap(api.GET('/api/employees', { signal }))
      return new Set(employees.map((employee) => employee.id))
    },
    enabled,
  })
}

import type { QueryClient } from '@tanstack/react-query'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type Employee = ApiSchema<'EmployeeRead'>

export const REVIEW_SCHEDULES = ['monthly', 'quarterly', 'biannual', 'annual'] as const
/** The add dialog offers three schedules; edit and bulk upload add monthly. */
export const ADD_REVIEW_SCHEDULES = ['quarterly', 'biannual', 'annual'] as const
export type ReviewSchedule = (typeof REVIEW_SCHEDULES)[number]

/** After a change: every employee list, the dashboard stats and the changed employee refresh. */
export async function refreshEmployees(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.employees }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
    id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: queryKeys.employee(id) }),
  ])
}

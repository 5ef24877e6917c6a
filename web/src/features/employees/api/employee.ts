import type { QueryClient } from '@tanstack/react-query'

export { type Employee, employeeSchema } from '@/lib/employee-schema'

/** Every employee list query starts with this, so one invalidation refreshes them all. */
export const EMPLOYEES_KEY = '/api/employees'
export const DASHBOARD_STATS_KEY = '/api/dashboard/stats'
export const employeeKey = (id: number) => [`/api/employees/${id}`] as const

export const REVIEW_SCHEDULES = ['monthly', 'quarterly', 'biannual', 'annual'] as const
/** SPEC §3: the add dialog offers three schedules; edit and bulk upload add monthly. */
export const ADD_REVIEW_SCHEDULES = ['quarterly', 'biannual', 'annual'] as const
export type ReviewSchedule = (typeof REVIEW_SCHEDULES)[number]

/** After a change: every employee list, the dashboard stats and the changed employee refresh. */
export async function refreshEmployees(queryClient: QueryClient, id?: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [EMPLOYEES_KEY] }),
    queryClient.invalidateQueries({ queryKey: [DASHBOARD_STATS_KEY] }),
    id === undefined ? undefined : queryClient.invalidateQueries({ queryKey: employeeKey(id) }),
  ])
}

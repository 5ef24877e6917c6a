import type { QueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { type ApiSchema, replySchema } from '@/lib/api-types'

/** An employee as the API answers it (GET /api/employees and /api/employees/{id}). */
export const employeeSchema = replySchema<ApiSchema<'EmployeeRead'>>()(
  z.object({
    id: z.number(),
    organizationId: z.number().nullish(),
    employeeId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullish(),
    department: z.string().nullish(),
    position: z.string().nullish(),
    startDate: z.string().nullish(),
    managerId: z.string().nullish(),
    reviewSchedule: z.string().nullish(),
    nextReviewDate: z.string().nullish(),
    profilePhotoUrl: z.string().nullish(),
    isArchived: z.boolean().default(false),
    createdAt: z.string().nullish(),
  }),
)

export type Employee = z.output<typeof employeeSchema>

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

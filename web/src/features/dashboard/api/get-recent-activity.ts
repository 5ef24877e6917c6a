import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiSchema, replySchema } from '@/lib/api-types'

export const ACTIVITY_KEY = '/api/dashboard/activity'

export const activitySchema = replySchema<ApiSchema<'ActivityItem'>>()(
  z.object({
    kind: z.enum(['review_completed', 'employee_added', 'note_added']),
    at: z.string(),
    employeeId: z.number(),
    employeeName: z.string(),
    text: z.string(),
  }),
)

export type Activity = z.output<typeof activitySchema>

export const recentActivityQueryOptions = () =>
  queryOptions({
    queryKey: [ACTIVITY_KEY],
    queryFn: ({ signal }) => apiJson(z.array(activitySchema), 'GET', ACTIVITY_KEY, undefined, { signal }),
  })

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions())
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, type ApiSchema, replySchema } from '@/lib/api-types'

export const reminderSchema = replySchema<ApiSchema<'ReminderRead'>>()(
  z.object({
    id: z.number(),
    employeeId: z.number(),
    reviewId: z.number().nullish(),
    certificationId: z.number().nullish(),
    type: z.string(),
    message: z.string(),
    dueDate: z.string().nullish(),
    isRead: z.boolean(),
    createdAt: z.string().nullish(),
    employee: z
      .object({ id: z.number(), firstName: z.string(), lastName: z.string(), department: z.string().nullish() })
      .nullish(),
  }),
)

export type Reminder = z.output<typeof reminderSchema>

export const REMINDERS_KEY = '/api/reminders'

export const remindersQueryOptions = () =>
  queryOptions({
    queryKey: [REMINDERS_KEY],
    queryFn: ({ signal }) => apiJson(z.array(reminderSchema), 'GET', REMINDERS_KEY, undefined, { signal }),
  })

export function useReminders() {
  return useQuery(remindersQueryOptions())
}

export function markReminderRead(id: number) {
  return apiJson(reminderSchema, 'PUT', `${REMINDERS_KEY}/${id}`, { isRead: true } satisfies ApiBody<'updateReminder'>)
}

export function useMarkReminderRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markReminderRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [REMINDERS_KEY] }),
  })
}

const markAllReadSchema = replySchema<ApiReply<'markAllRemindersRead'>>()(z.object({ updated: z.number() }))

/** Mark all read: every unread reminder of the organisation; answers how many. */
export function markAllRemindersRead() {
  return apiJson(markAllReadSchema, 'POST', `${REMINDERS_KEY}/mark-all-read`)
}

export function useMarkAllRemindersRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markAllRemindersRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [REMINDERS_KEY] }),
  })
}

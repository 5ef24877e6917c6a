import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type Reminder = ApiSchema<'ReminderRead'>

export const remindersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reminders,
    queryFn: ({ signal }) => unwrap(api.GET('/api/reminders', { signal })),
  })

export function useReminders() {
  return useQuery(remindersQueryOptions())
}

export function markReminderRead(id: number) {
  return unwrap(
    api.PUT('/api/reminders/{reminder_id}', { params: { path: { reminder_id: id } }, body: { isRead: true } }),
  )
}

export function useMarkReminderRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markReminderRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
  })
}

/** Mark all read: every unread reminder of the organisation; answers how many. */
export function markAllRemindersRead() {
  return unwrap(api.POST('/api/reminders/mark-all-read'))
}

export function useMarkAllRemindersRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markAllRemindersRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reminders }),
  })
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'

export type Notice = ApiSchema<'NotificationRead'>
export type Preference = ApiSchema<'PreferenceRead'>
export type Delivery = 'immediate' | 'digest' | 'off'
export type UnsubscribeResult = ApiSchema<'UnsubscribeReply'>

/** Every notification query starts with the API path: invalidating it refreshes the bell and lists. */
export const notificationKeys = {
  all: ['/api/notifications'],
  unread: ['/api/notifications', 'unread-count'],
  page: (page: number, pageSize: number) => ['/api/notifications', 'page', { page, pageSize }] as const,
  preferences: ['/api/notifications', 'preferences'],
} as const

/** How often the bell asks again while the page stays open (and on returning to the tab). */
export const UNREAD_POLL_MS = 60_000

export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.unread,
    queryFn: ({ signal }) => unwrap(api.GET('/api/notifications/unread-count', { signal })),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    enabled,
  })
}

export interface NoticePage {
  items: Notice[]
  total: number
}

async function fetchPage(page: number, pageSize: number, signal: AbortSignal): Promise<NoticePage> {
  const { data, response } = await api.GET('/api/notifications', { params: { query: { page, pageSize } }, signal })
  const items = data ?? []
  return { items, total: Number(response.headers.get('X-Total-Count') ?? items.length) }
}

/** One page of the reader's notices, newest first. */
export function useNotices(page: number, pageSize: number, enabled = true) {
  return useQuery({
    queryKey: notificationKeys.page(page, pageSize),
    queryFn: ({ signal }) => fetchPage(page, pageSize, signal),
    placeholderData: keepPreviousData,
    enabled,
  })
}

function useRefreshNotices() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: notificationKeys.all })
}

export function useMarkNoticeRead() {
  const refresh = useRefreshNotices()
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.POST('/api/notifications/{notification_id}/read', { params: { path: { notification_id: id } } })),
    onSuccess: refresh,
  })
}

export function useMarkAllNoticesRead() {
  const refresh = useRefreshNotices()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/notifications/read-all')),
    onSuccess: refresh,
  })
}

export function usePreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences,
    queryFn: ({ signal }) => unwrap(api.GET('/api/notifications/preferences', { signal })),
  })
}

export function useUpdatePreference() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (change: { kind: string; delivery: Delivery }) =>
      unwrap(api.PUT('/api/notifications/preferences', { body: [change] })),
    onSuccess: (saved) => queryClient.setQueryData(notificationKeys.preferences, saved),
  })
}

/** The e-mail's link, used with one press of a button (no sign-in: the token is the proof). */
export function unsubscribe(token: string) {
  return unwrap(api.POST('/api/notifications/unsubscribe', { params: { query: { token } } }))
}

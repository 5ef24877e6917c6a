import { lazy, Suspense, type ComponentProps } from 'react'

// The bell and its menu library load after the first paint: on every screen they cost the
// dashboard's first paint a tenth of a second on a slow phone otherwise.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
)

/** The notification bell, with a placeholder of its size while it loads. */
export function LazyNotificationBell(props: ComponentProps<typeof NotificationBell>) {
  return (
    <Suspense fallback={<span aria-hidden="true" className="inline-block size-9 shrink-0" />}>
      <NotificationBell {...props} />
    </Suspense>
  )
}

import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react'

// The bell and its menu library load after the first paint: on every screen they cost the
// dashboard's first paint a tenth of a second on a slow phone otherwise.
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
)

const placeholder = <span aria-hidden="true" className="inline-block size-9 shrink-0" />

/** True once the screen has painted and the main thread is free: the frame after the first
 * commit has gone by, then the first idle moment. */
function usePainted() {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let idle: number | undefined
    const done = () => setPainted(true)
    const frame = requestAnimationFrame(() => {
      // Then the first quiet moment (a browser without idle callbacks: right away).
      timer = setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(done, { timeout: 1000 })
        else done()
      }, 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
      if (idle !== undefined) window.cancelIdleCallback(idle)
    }
  }, [])
  return painted
}

/**
 * The notification bell, with a placeholder of its size until it has loaded. Its code (and its
 * unread count) is asked for once the screen has painted, so they do not compete with the
 * screen's own code and data for a slow phone's network.
 */
export function LazyNotificationBell(props: ComponentProps<typeof NotificationBell>) {
  const painted = usePainted()
  if (!painted) return placeholder
  return (
    <Suspense fallback={placeholder}>
      <NotificationBell {...props} />
    </Suspense>
  )
}

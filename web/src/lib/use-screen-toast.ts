import { useEffect, useMemo, useRef } from 'react'
import { toast, type ToastOptions } from '@/lib/use-toast'

/**
 * Toasts that belong to one screen, such as a sign-in step's errors: each new one replaces the
 * last, `clear` closes it when a new attempt starts, and it closes when the screen goes, so an
 * error of one step never stays over the next one.
 */
export function useScreenToast() {
  const shown = useRef<{ dismiss: () => void } | null>(null)
  useEffect(
    () => () => {
      shown.current?.dismiss()
      shown.current = null
    },
    [],
  )
  return useMemo(
    () => ({
      show(options: ToastOptions) {
        shown.current?.dismiss()
        shown.current = toast(options)
      },
      clear() {
        shown.current?.dismiss()
        shown.current = null
      },
    }),
    [],
  )
}

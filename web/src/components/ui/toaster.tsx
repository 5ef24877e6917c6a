import type { FocusEvent } from 'react'
import { passEscapeToDialog } from '@/lib/dialog-escape'
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast'
import { dismiss, pauseToast, resumeToast, useToast } from '@/lib/use-toast'

export { TOAST_DURATION } from '@/lib/use-toast'

/** Focus from the keyboard (Tab, F8) holds a toast; a tap or click that focuses it does not. */
function keyboardFocus(element: Element): boolean {
  try {
    return element.matches(':focus-visible')
  } catch {
    return true // a browser that does not know :focus-visible: hold, as for the keyboard
  }
}

/**
 * A toast closes after its duration (use-toast.ts keeps the clock, held while the mouse is on
 * the toast or the keyboard's focus in it; a finger's tap does not hold it); a swipe right past 50 px
 * dismisses it, F8 focuses the notification area.
 */
export function Toaster() {
  const { toasts } = useToast()
  return (
    // Radix's own clock is off (Infinity): its one pause for all toasts could stay set for good.
    <ToastProvider duration={Infinity} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={Infinity}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismiss(id)
          }}
          onPointerEnter={(event) => event.pointerType === 'mouse' && pauseToast(id)}
          onPointerLeave={(event) => event.pointerType === 'mouse' && resumeToast(id)}
          onFocus={(event) => keyboardFocus(event.target) && pauseToast(id)}
          onBlur={(event: FocusEvent<HTMLLIElement>) => {
            if (!event.currentTarget.contains(event.relatedTarget)) resumeToast(id)
          }}
          // Escape pressed in a dialog closes the dialog, not a toast it raised (see dialog-escape.ts).
          onEscapeKeyDown={(event) => {
            if (passEscapeToDialog(event)) event.preventDefault()
          }}
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  )
}

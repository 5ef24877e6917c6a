import { passEscapeToDialog } from '@/lib/dialog-escape'
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast'
import { dismiss, useToast } from '@/lib/use-toast'

/** A toast stays 5 seconds, a swipe right past 50 px dismisses it, F8 focuses the notification area. */
export const TOAST_DURATION = 5000

export function Toaster() {
  const { toasts } = useToast()
  return (
    <ToastProvider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant, duration, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(next) => {
            if (!next) dismiss(id)
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

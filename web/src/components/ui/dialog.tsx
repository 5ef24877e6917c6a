import * as DialogPrimitive from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import {
  createContext,
  forwardRef,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ComponentPropsWithoutRef,
  type ElementRef,
  type HTMLAttributes,
} from 'react'
import { cn } from '@/lib/utils'
import { registerDialogContent } from '@/lib/dialog-escape'

const CloseDialogContext = createContext<() => void>(() => undefined)

/** Radix's Dialog root (controlled or not) that also lets its content close it. */
export function Dialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  ...props
}: ComponentPropsWithoutRef<typeof DialogPrimitive.Root>) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen)
  const controlled = openProp !== undefined
  const setOpen = useCallback(
    (next: boolean) => {
      if (!controlled) setUncontrolledOpen(next)
      onOpenChange?.(next)
    },
    [controlled, onOpenChange],
  )
  const close = useCallback(() => setOpen(false), [setOpen])
  return (
    <CloseDialogContext.Provider value={close}>
      <DialogPrimitive.Root open={controlled ? openProp : uncontrolledOpen} onOpenChange={setOpen} {...props} />
    </CloseDialogContext.Provider>
  )
}

export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** Leave out the corner close button (for dialogs that must not be dismissed). */
  hideClose?: boolean
}

export const DialogContent = forwardRef<ElementRef<typeof DialogPrimitive.Content>, DialogContentProps>(
  ({ className, children, hideClose = false, onEscapeKeyDown, ...props }, ref) => {
    const close = useContext(CloseDialogContext)
    const [node, setNode] = useState<HTMLDivElement | null>(null)
    const setRefs = useCallback(
      (element: HTMLDivElement | null) => {
        setNode(element)
        if (typeof ref === 'function') ref(element)
        else if (ref) ref.current = element
      },
      [ref],
    )
    // The latest close and handler, so the registration below is made once per open content.
    const latest = useRef({ close, onEscapeKeyDown })
    useEffect(() => {
      latest.current = { close, onEscapeKeyDown }
    })
    useEffect(() => {
      if (!node) return
      // An Escape the toaster hands over (see dialog-escape.ts) is handled as Radix would.
      return registerDialogContent(node, (event) => {
        latest.current.onEscapeKeyDown?.(event)
        if (!event.defaultPrevented) latest.current.close()
      })
    }, [node])
    return (
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-slate-950/50 backdrop-blur-[2px]" />
        <DialogPrimitive.Content
          ref={setRefs}
          onEscapeKeyDown={onEscapeKeyDown}
          className={cn(
            'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 animate-dialog-in gap-4 overflow-y-auto rounded-xl border bg-card p-6 shadow-xl focus:outline-none',
            className,
          )}
          {...props}
        >
          {children}
          {!hideClose && (
            <DialogPrimitive.Close className="absolute right-4 top-4 rounded-md p-1 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">Close</span>
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    )
  },
)
DialogContent.displayName = 'DialogContent'

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
}

export const DialogTitle = forwardRef<
  ElementRef<typeof DialogPrimitive.Title>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Title ref={ref} className={cn('text-lg font-semibold leading-tight', className)} {...props} />
))
DialogTitle.displayName = 'DialogTitle'

export const DialogDescription = forwardRef<
  ElementRef<typeof DialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(({ className, ...props }, ref) => (
  <DialogPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />
))
DialogDescription.displayName = 'DialogDescription'

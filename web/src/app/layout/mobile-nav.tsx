import * as DialogPrimitive from '@radix-ui/react-dialog'
import { Menu, X } from 'lucide-react'
import { useState } from 'react'
import { Logo } from '@/components/logo'
import { Button } from '@/components/ui/button'
import { LazyNotificationBell as NotificationBell } from './lazy-bell'
import { Sidebar } from './sidebar'

/** Below the lg breakpoint the sidebar lives in a drawer opened from a top bar. */
export function MobileNav() {
  const [open, setOpen] = useState(false)
  return (
    <div className="sticky top-0 z-30 flex h-14 items-center justify-between border-b bg-card px-4 lg:hidden">
      <Logo />
      <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
        <div className="flex items-center gap-1">
          <NotificationBell align="end" />
          <DialogPrimitive.Trigger asChild>
            <Button variant="ghost" size="icon" aria-label="Open navigation">
              <Menu aria-hidden="true" />
            </Button>
          </DialogPrimitive.Trigger>
        </div>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 animate-fade-in bg-slate-950/50" />
          <DialogPrimitive.Content className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] border-r shadow-xl focus:outline-none">
            <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">Pages of Merit</DialogPrimitive.Description>
            <Sidebar onNavigate={() => setOpen(false)} bell={false} />
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close navigation" className="absolute right-2 top-3">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </div>
  )
}

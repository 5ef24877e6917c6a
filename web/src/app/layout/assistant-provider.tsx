import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react'
import { AssistantContext, type AssistantKind } from '@/lib/assistant'

// Loaded when an assistant is first opened: not part of every screen's first load.
const AssistantDialogs = lazy(() =>
  import('@/features/assistant/components/assistant-dialogs').then((m) => ({ default: m.AssistantDialogs })),
)

/** Owns which assistant dialog is open, for the page header and the sidebar. */
export function AssistantProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<AssistantKind | null>(null)
  // Once opened the dialogs stay mounted, so closing one animates and hands focus back as before.
  const [used, setUsed] = useState(false)
  const value = useMemo(
    () => ({
      openAssistant: (kind: AssistantKind) => {
        setUsed(true)
        setOpen(kind)
      },
    }),
    [],
  )
  return (
    <AssistantContext.Provider value={value}>
      {children}
      {used && (
        <Suspense fallback={null}>
          <AssistantDialogs open={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </AssistantContext.Provider>
  )
}

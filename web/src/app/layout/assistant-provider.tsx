import { useMemo, useState, type ReactNode } from 'react'
import { AssistantDialogs } from '@/features/assistant/components/assistant-dialogs'
import { AssistantContext, type AssistantKind } from '@/lib/assistant'

/** Owns which assistant dialog is open, for the page header and the sidebar. */
export function AssistantProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<AssistantKind | null>(null)
  const value = useMemo(() => ({ openAssistant: (kind: AssistantKind) => setOpen(kind) }), [])
  return (
    <AssistantContext.Provider value={value}>
      {children}
      <AssistantDialogs open={open} onClose={() => setOpen(null)} />
    </AssistantContext.Provider>
  )
}

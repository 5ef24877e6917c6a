import { createContext, useContext } from 'react'

export type AssistantKind = 'ai' | 'review'

interface AssistantContextValue {
  openAssistant: (kind: AssistantKind) => void
}

/**
 * Lets shared UI (the page header's help button) open an assistant dialog without importing
 * the assistant feature; the app provides it.
 */
export const AssistantContext = createContext<AssistantContextValue | null>(null)

export function useAssistant(): AssistantContextValue {
  const value = useContext(AssistantContext)
  if (!value) throw new Error('useAssistant must be used inside the AssistantProvider')
  return value
}

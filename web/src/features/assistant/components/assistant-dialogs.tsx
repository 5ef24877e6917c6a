import type { AssistantKind } from '@/lib/assistant'
import { askAiAssistant } from '../api/ask-ai-assistant'
import { askReviewAssistant } from '../api/ask-review-assistant'
import { AssistantDialog, type AssistantDialogProps } from './assistant-dialog'

type AssistantConfig = Omit<AssistantDialogProps, 'open' | 'onOpenChange'>

export const ASSISTANTS: Record<AssistantKind, AssistantConfig> = {
  ai: {
    title: 'AI Assistant',
    description: 'Ask how to do anything in Merit: employees, reviews, certifications, reminders or backups.',
    placeholder: 'e.g. How do I create a review template?',
    ask: askAiAssistant,
    failureMessage: 'Failed to get AI response. Please try again.',
  },
  review: {
    title: 'Review Assistant',
    description: 'Get HR guidance on writing fair, specific and constructive performance reviews.',
    placeholder: 'e.g. How should I phrase feedback about missed deadlines?',
    ask: askReviewAssistant,
    failureMessage: 'Failed to get response. Please try again.',
    submitKey: 'enter',
  },
}

/** Both assistants; `open` names the one showing, or null. */
export function AssistantDialogs({
  open,
  onClose,
}: {
  open: AssistantKind | null
  onClose: () => void
}) {
  return (
    <>
      {(Object.keys(ASSISTANTS) as AssistantKind[]).map((kind) => (
        <AssistantDialog
          key={kind}
          {...ASSISTANTS[kind]}
          open={open === kind}
          onOpenChange={(next) => {
            if (!next) onClose()
          }}
        />
      ))}
    </>
  )
}

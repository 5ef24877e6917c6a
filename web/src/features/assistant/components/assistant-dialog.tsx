import { useMutation } from '@tanstack/react-query'
import { Bot, LoaderCircle } from 'lucide-react'
import { useId, useState, type KeyboardEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { AssistantAnswer } from './assistant-answer'

/** The server's limit on a question (trimmed), and its words for going over it. */
export const MAX_QUESTION_LENGTH = 2000
export const TOO_LONG_MESSAGE = 'Please keep your question under 2,000 characters'

export interface AssistantDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  placeholder: string
  ask: (message: string) => Promise<{ response: string }>
  failureMessage: string
  /** 'ctrl-enter' (default): Ctrl/Cmd+Enter asks. 'enter': Enter asks, Shift+Enter adds a newline. */
  submitKey?: 'ctrl-enter' | 'enter'
}

/** The question, its answer and the ways to ask it; forgetting both when the dialog closes. */
function useAssistantQuestion({
  onOpenChange,
  ask,
  failureMessage,
  submitKey = 'ctrl-enter',
}: Pick<AssistantDialogProps, 'onOpenChange' | 'ask' | 'failureMessage' | 'submitKey'>) {
  const [question, setQuestion] = useState('')
  const mutation = useMutation({ mutationFn: ask })
  const trimmed = question.trim()
  const blank = trimmed === ''
  const tooLong = trimmed.length > MAX_QUESTION_LENGTH

  const submit = () => {
    if (mutation.isPending) return
    if (blank) {
      toast({ variant: 'destructive', title: 'Error', description: 'Please enter a question' })
      return
    }
    if (tooLong) {
      toast({ variant: 'destructive', title: 'Error', description: TOO_LONG_MESSAGE })
      return
    }
    mutation.mutate(trimmed, {
      onError: (error) => {
        // A refused question (400) or too many questions (429) says why; anything else is
        // the assistant's failure message.
        const status = errorStatus(error)
        const description = status === 400 || status === 429 ? errorMessage(error, failureMessage) : failureMessage
        toast({ variant: 'destructive', title: 'Error', description })
      },
    })
  }

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter') return
    const wantsSubmit =
      submitKey === 'enter' ? !event.shiftKey : event.ctrlKey || event.metaKey
    if (wantsSubmit) {
      event.preventDefault()
      submit()
    }
  }

  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setQuestion('')
      mutation.reset()
    }
    onOpenChange(next)
  }

  return { question, setQuestion, trimmed, blank, tooLong, mutation, submit, onKeyDown, handleOpenChange }
}

type QuestionFormProps = Pick<AssistantDialogProps, 'placeholder' | 'submitKey'> &
  Omit<ReturnType<typeof useAssistantQuestion>, 'handleOpenChange'>

function QuestionForm(props: QuestionFormProps) {
  const { placeholder, submitKey, question, setQuestion, trimmed, blank, tooLong, mutation, submit, onKeyDown } = props
  const questionId = useId()
  const shortcut = submitKey === 'enter' ? 'Enter to ask, Shift+Enter for a new line' : 'Ctrl+Enter to ask'
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Label htmlFor={questionId}>Your question</Label>
      <Textarea
        id={questionId}
        rows={3}
        value={question}
        placeholder={placeholder}
        onChange={(event) => setQuestion(event.target.value)}
        onKeyDown={onKeyDown}
        aria-invalid={tooLong ? true : undefined}
        aria-describedby={`${questionId}-shortcut`}
      />
      <div className="flex items-center justify-between gap-3">
        <p id={`${questionId}-shortcut`} className={tooLong ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
          {tooLong
            ? `${TOO_LONG_MESSAGE} (this one has ${trimmed.length.toLocaleString('en-US')}).`
            : shortcut}
        </p>
        <Button type="submit" disabled={blank || mutation.isPending}>
          {mutation.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          {mutation.isPending ? 'Thinking...' : 'Ask'}
        </Button>
      </div>
    </form>
  )
}

/** A free-text assistant: one question, one answer; closing forgets both. */
export function AssistantDialog(props: AssistantDialogProps) {
  const { open, title, description, placeholder, submitKey = 'ctrl-enter' } = props
  const { handleOpenChange, ...state } = useAssistantQuestion(props)
  const answer = state.mutation.data

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent className="max-w-[600px]">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Bot aria-hidden="true" className="size-5 text-primary" />
            {title}
          </DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>

        <QuestionForm placeholder={placeholder} submitKey={submitKey} {...state} />

        <div aria-live="polite">
          {answer && (
            <section
              aria-label="Answer"
              className="max-h-80 overflow-y-auto whitespace-pre-wrap rounded-lg bg-muted p-4 text-sm leading-relaxed"
            >
              <AssistantAnswer text={answer.response} onNavigate={() => handleOpenChange(false)} />
            </section>
          )}
        </div>
      </DialogContent>
    </Dialog>
  )
}

import { Textarea } from '@/components/ui/textarea'
import { cn } from '@/lib/utils'
import type { ReviewQuestion } from '../api/get-reviews'
import { TEXT_ANSWER_MAX } from '../lib/review-rules'

const choice =
  'flex cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-sm font-medium transition-colors hover:bg-muted has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring'

interface ChoiceListProps {
  name: string
  label: string
  choices: { value: string | number; label: string }[]
  value: unknown
  onChange: (value: string | number) => void
  className?: string
}

export function ChoiceList({ name, label, choices, value, onChange, className }: ChoiceListProps) {
  return (
    <div role="radiogroup" aria-label={label} className={cn('flex flex-wrap gap-2', className)}>
      {choices.map((c) => (
        <label key={String(c.value)} className={choice}>
          <input
            type="radio"
            className="sr-only"
            name={name}
            value={String(c.value)}
            checked={value === c.value}
            onChange={() => onChange(c.value)}
          />
          {c.label}
        </label>
      ))}
    </div>
  )
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
]

/** The input for one question, shaped by its type. */
export function AnswerInput({
  question,
  value,
  onChange,
}: {
  question: ReviewQuestion
  value: unknown
  onChange: (value: unknown) => void
}) {
  const common = { name: `answer-${question.id}`, label: question.question, value, onChange }
  switch (question.type) {
    case 'rating': {
      const scale = question.scale ?? 5
      return (
        <div className="flex flex-col gap-2">
          <ChoiceList
            {...common}
            choices={Array.from({ length: scale }, (_, i) => ({ value: i + 1, label: String(i + 1) }))}
            className="[&>label]:size-11"
          />
          <p className="text-xs text-muted-foreground">1 is the lowest, {scale} the highest.</p>
        </div>
      )
    }
    case 'multiple-choice':
      return (
        <ChoiceList
          {...common}
          choices={(question.options ?? []).map((o) => ({ value: o, label: o }))}
          className="flex-col [&>label]:justify-start"
        />
      )
    case 'yes-no':
      return <ChoiceList {...common} choices={YES_NO} className="[&>label]:w-24" />
    default:
      return (
        <Textarea
          aria-label={question.question}
          rows={5}
          maxLength={TEXT_ANSWER_MAX}
          placeholder="Your answer"
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
        />
      )
  }
}

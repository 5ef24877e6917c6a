import { ChoiceList } from '@/components/ui/choice-list'
import { Textarea } from '@/components/ui/textarea'
import type { ReviewQuestion } from '../api/get-reviews'
import { TEXT_ANSWER_MAX } from '../lib/review-rules'

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

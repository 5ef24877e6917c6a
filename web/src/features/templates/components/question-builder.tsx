import { ArrowDown, ArrowUp, Plus, Trash2, X } from 'lucide-react'
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FieldError } from '@/components/ui/field-error'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { TextareaField } from '@/components/ui/text-field'
import { QUESTION_TYPES, QUESTION_TYPE_LABELS } from '../api/get-templates'
import { blankQuestion, MAX_QUESTIONS, SCALES, type TemplateFormValues } from '../lib/template-form'

function OptionsEditor({ index }: { index: number }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<TemplateFormValues>()
  const { fields, append, remove } = useFieldArray({ control, name: `questions.${index}.options` })
  const error = errors.questions?.[index]?.options
  const errorId = `question-${index}-options-error`

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium">Options</legend>
      {fields.map((field, optionIndex) => (
        <div key={field.id} className="flex items-center gap-2">
          <Input
            aria-label={`Question ${index + 1} option ${optionIndex + 1}`}
            placeholder={`Option ${optionIndex + 1}`}
            {...register(`questions.${index}.options.${optionIndex}.value`)}
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove option ${optionIndex + 1} of question ${index + 1}`}
            onClick={() => remove(optionIndex)}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ))}
      <Button variant="outline" size="sm" className="self-start" onClick={() => append({ value: '' })}>
        <Plus aria-hidden="true" />
        Add Option
      </Button>
      <FieldError id={errorId} message={error?.message ?? error?.root?.message} />
    </fieldset>
  )
}

interface QuestionEditorProps {
  index: number
  count: number
  onMove: (from: number, to: number) => void
  onRemove: (index: number) => void
}

/** Move up, move down and remove, beside the question's number. */
function QuestionHeader({ index, count, onMove, onRemove }: QuestionEditorProps) {
  const number = index + 1
  return (
    <div className="flex items-center justify-between gap-2">
      <span className="text-sm font-semibold">Question {number}</span>
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move question ${number} up`}
          disabled={index === 0}
          onClick={() => onMove(index, index - 1)}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Move question ${number} down`}
          disabled={index === count - 1}
          onClick={() => onMove(index, index + 1)}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Remove question ${number}`}
          title={count === 1 ? 'The last question cannot be removed' : undefined}
          disabled={count === 1}
          onClick={() => onRemove(index)}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}

/** The question's type, its rating scale when it is a rating, and whether it is required. */
function QuestionSettings({ index }: { index: number }) {
  const { register, control, getValues, setValue } = useFormContext<TemplateFormValues>()
  const type = useWatch({ control, name: `questions.${index}.type` })
  const base = `question-${index}`

  const typeField = register(`questions.${index}.type`, {
    onChange: (event: { target: { value: string } }) => {
      // A new multiple-choice question starts with two empty options to fill in.
      if (event.target.value === 'multiple-choice' && getValues(`questions.${index}.options`).length === 0) {
        setValue(`questions.${index}.options`, [{ value: '' }, { value: '' }])
      }
    },
  })

  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${base}-type`}>Type</Label>
        <NativeSelect id={`${base}-type`} {...typeField}>
          {QUESTION_TYPES.map((t) => (
            <option key={t} value={t}>
              {QUESTION_TYPE_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {type === 'rating' && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${base}-scale`}>Scale</Label>
          <NativeSelect id={`${base}-scale`} {...register(`questions.${index}.scale`, { valueAsNumber: true })}>
            {SCALES.map((s) => (
              <option key={s} value={s}>
                1 to {s}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium">
        <input type="checkbox" className="size-4 accent-primary" {...register(`questions.${index}.required`)} />
        Required
      </label>
    </div>
  )
}

function QuestionEditor(props: QuestionEditorProps) {
  const { index } = props
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<TemplateFormValues>()
  const type = useWatch({ control, name: `questions.${index}.type` })
  const error = errors.questions?.[index]?.question

  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-muted/30 p-4" aria-label={`Question ${index + 1}`}>
      <QuestionHeader {...props} />
      <TextareaField
        id={`question-${index}-text`}
        label="Question text"
        rows={2}
        placeholder="e.g. How well does this person communicate with the team?"
        error={error?.message}
        {...register(`questions.${index}.question`)}
      />
      <QuestionSettings index={index} />
      {type === 'multiple-choice' && <OptionsEditor index={index} />}
    </li>
  )
}

/** Add, remove (never the last one), reorder and shape the questions of a template. */
export function QuestionBuilder() {
  const {
    control,
    formState: { errors },
  } = useFormContext<TemplateFormValues>()
  const { fields, append, remove, move } = useFieldArray({ control, name: 'questions' })
  const listError = errors.questions?.message ?? errors.questions?.root?.message

  return (
    <section aria-labelledby="question-builder-heading" className="flex flex-col gap-3">
      <div className="flex items-center justify-between">
        <h3 id="question-builder-heading" className="text-sm font-semibold">
          Questions ({fields.length})
        </h3>
        <Button
          variant="outline"
          size="sm"
          disabled={fields.length >= MAX_QUESTIONS}
          onClick={() => append(blankQuestion(), { shouldFocus: true })}
        >
          <Plus aria-hidden="true" />
          Add Question
        </Button>
      </div>
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => (
          <QuestionEditor
            key={field.id}
            index={index}
            count={fields.length}
            onMove={move}
            onRemove={(i) => {
              if (fields.length > 1) remove(i)
            }}
          />
        ))}
      </ol>
      <FieldError id="questions-error" message={listError} />
    </section>
  )
}

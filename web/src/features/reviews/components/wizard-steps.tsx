import { ChevronLeft, ChevronRight } from 'lucide-react'
import { type MutableRefObject, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { DialogFooter } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/lib/use-toast'
import { errorMessage, errorStatus } from '@/lib/api-client'
import { useOneAtATime } from '@/lib/use-one-at-a-time'
import type { Review, ReviewStatus } from '../api/get-reviews'
import { useUpdateReview } from '../api/save-review'
import { ChoiceList } from '@/components/ui/choice-list'
import { AnswerInput } from './answer-input'
import { autoOverallRating, cleanAnswers, currentAnswers, isAnswerValid } from '../lib/review-rules'

/** The toast after a review could not be saved, when the server gives no reason. */
export const REVIEW_UPDATE_FAILED = 'Failed to update the review. Please try again.'

type Question = NonNullable<Review['template']>['questions'][number]

/** Focus a step's answer: its chosen option, else its first field. */
export function focusAnswer(step: Element | null | undefined): boolean {
  const field =
    step?.querySelector<HTMLElement>('input:checked') ?? step?.querySelector<HTMLElement>('input, textarea, select')
  field?.focus()
  return Boolean(field)
}

/** What the wizard would save, to tell whether anything changed since it opened. */
function snapshot(answers: Record<string, unknown>, rating: number | null, notes: string): string {
  return JSON.stringify([cleanAnswers(answers), rating, notes.trim()])
}

/** The answers, overall rating and notes being edited, starting from what the review has saved. */
function useReviewDraft(review: Review) {
  const questions = review.template?.questions ?? []
  const [answers, setAnswers] = useState<Record<string, unknown>>(() => currentAnswers(questions, review.responses))
  // A saved rating equal to the automatic one keeps following the answers.
  const [chosenRating, setChosenRating] = useState<number | null>(() =>
    review.rating == null || review.rating === autoOverallRating(questions, currentAnswers(questions, review.responses))
      ? null
      : review.rating,
  )
  const [notes, setNotes] = useState(review.reviewerNotes ?? '')
  const rating = chosenRating ?? autoOverallRating(questions, answers)
  const [opened] = useState(() => snapshot(answers, chosenRating, notes))
  const dirty = snapshot(answers, chosenRating, notes) !== opened
  return { questions, answers, setAnswers, chosenRating, setChosenRating, rating, notes, setNotes, dirty }
}

/** Tells the dialog about unsaved changes, and makes reloading or closing the tab ask first. */
function useUnsavedGuard(dirty: boolean, unsavedRef: MutableRefObject<boolean>) {
  // Set as the change is committed (not in a later effect), so an Escape pressed right after
  // a click already knows about it; cleared when the wizard goes (a review shown read-only).
  useLayoutEffect(() => {
    unsavedRef.current = dirty
    return () => {
      unsavedRef.current = false
    }
  }, [dirty, unsavedRef])
  useEffect(() => {
    if (!dirty) return
    // The browser words the question.
    const ask = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [dirty])
}

/** Saves the draft with a status; a double click saves once. */
function useSaveReview(review: Review, draft: ReturnType<typeof useReviewDraft>, onDone: () => void) {
  const update = useUpdateReview()
  const oneAtATime = useOneAtATime()
  const save = (status: ReviewStatus) =>
    oneAtATime((finish) =>
      update.mutate(
        {
          id: review.id,
          responses: cleanAnswers(draft.answers),
          rating: draft.rating,
          reviewerNotes: draft.notes.trim(),
          status,
          expectedUpdatedAt: review.updatedAt ?? null,
        },
        {
          onSettled: finish,
          onSuccess: () => {
            toast({
              title: 'Review Updated',
              description: status === 'completed' ? 'The review is complete.' : 'Your draft was saved.',
            })
            onDone()
          },
          onError: (error) => {
            // The server's reason when it gives one (e.g. a completed review only an admin may change).
            const reason = (errorStatus(error) ?? 500) < 500 ? errorMessage(error, '') : ''
            toast({
              variant: 'destructive',
              title: 'Error',
              description: reason ? `Failed to update the review. ${reason}` : REVIEW_UPDATE_FAILED,
            })
          },
        },
      ),
    )
  return { save, saving: update.isPending }
}

function WizardProgress({ step, questionCount }: { step: number; questionCount: number }) {
  const last = questionCount // the final step: overall rating and notes
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between text-sm text-muted-foreground">
        <span>{step === last ? 'Overall rating' : `Question ${step + 1} of ${questionCount}`}</span>
        <span>
          Step {step + 1} of {last + 1}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Review progress"
        aria-valuemin={1}
        aria-valuemax={last + 1}
        aria-valuenow={step + 1}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${((step + 1) / (last + 1)) * 100}%` }} />
      </div>
    </div>
  )
}

interface QuestionStepProps {
  sectionRef: RefObject<HTMLElement>
  question: Question
  value: unknown
  onChange: (value: unknown) => void
  valid: boolean
}

function QuestionStep({ sectionRef, question, value, onChange, valid }: QuestionStepProps) {
  return (
    <section ref={sectionRef} data-wizard-step aria-labelledby="wizard-question" className="flex flex-col gap-3">
      <h3 id="wizard-question" className="font-medium">
        {question.question}
        {question.required && (
          <span className="text-destructive" aria-label="required">
            {' '}
            *
          </span>
        )}
      </h3>
      <AnswerInput question={question} value={value} onChange={onChange} />
      {!valid && question.required && <p className="text-xs text-muted-foreground">This question is required.</p>}
    </section>
  )
}

function OverallStep({ sectionRef, draft }: { sectionRef: RefObject<HTMLElement>; draft: ReturnType<typeof useReviewDraft> }) {
  return (
    <section ref={sectionRef} data-wizard-step aria-labelledby="wizard-overall" className="flex flex-col gap-4">
      <div className="flex flex-col gap-2">
        <h3 id="wizard-overall" className="font-medium">
          Overall rating
        </h3>
        <ChoiceList
          name="overall-rating"
          label="Overall rating"
          value={draft.rating}
          onChange={(value) => draft.setChosenRating(Number(value))}
          choices={[1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }))}
          className="[&>label]:size-11"
        />
        <p className="text-xs text-muted-foreground">
          {draft.chosenRating === null
            ? 'Filled in from the average of the rating answers; choose another to override it.'
            : '1 is the lowest, 5 the highest.'}
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="reviewer-notes">Reviewer notes</Label>
        <Textarea
          id="reviewer-notes"
          rows={4}
          maxLength={5000}
          placeholder="Anything else the employee or HR should know"
          value={draft.notes}
          onChange={(e) => draft.setNotes(e.target.value)}
        />
      </div>
    </section>
  )
}

interface WizardFooterProps {
  step: number
  onStep: (step: number) => void
  onFinalStep: boolean
  /** The form status: in_progress, or completed when the review already is. */
  formStatus: ReviewStatus
  canGoOn: boolean
  canComplete: boolean
  saving: boolean
  onSave: (status: ReviewStatus) => void
}

function WizardFooter({ step, onStep, onFinalStep, formStatus, canGoOn, canComplete, saving, onSave }: WizardFooterProps) {
  return (
    <DialogFooter className="gap-2 sm:justify-between">
      <Button variant="outline" disabled={step === 0} onClick={() => onStep(step - 1)}>
        <ChevronLeft aria-hidden="true" />
        Back
      </Button>
      <div className="flex flex-col-reverse gap-2 sm:flex-row">
        {formStatus !== 'completed' && (
          <Button variant="secondary" disabled={saving} onClick={() => onSave('in_progress')}>
            Save as Draft
          </Button>
        )}
        {onFinalStep ? (
          <Button disabled={!canComplete || saving} onClick={() => onSave('completed')}>
            {saving ? 'Saving...' : formStatus === 'completed' ? 'Save Changes' : 'Complete Review'}
          </Button>
        ) : (
          <Button disabled={!canGoOn} onClick={() => onStep(step + 1)}>
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        )}
      </div>
    </DialogFooter>
  )
}

interface WizardStepsProps {
  review: Review
  onDone: () => void
  /** Whether there are answers, a rating or notes not saved yet. */
  unsavedRef: MutableRefObject<boolean>
}

/** The review's editor: one step per question, then the overall rating and notes. */
export function WizardSteps({ review, onDone, unsavedRef }: WizardStepsProps) {
  const draft = useReviewDraft(review)
  const { questions, answers } = draft
  const [step, setStep] = useState(0)
  const onFinalStep = step === questions.length
  const question = questions[step]
  const currentValid = onFinalStep || (question !== undefined && isAnswerValid(question, answers[question.id]))
  useUnsavedGuard(draft.dirty, unsavedRef)
  const { save, saving } = useSaveReview(review, draft, onDone)

  // Each step starts at its question's answer (named by the question, so it is read out), so
  // after Next or Back the focus is not left on a button of the step before.
  const stepSection = useRef<HTMLElement>(null)
  useEffect(() => {
    focusAnswer(stepSection.current)
  }, [step])

  return (
    <div className="flex flex-col gap-5">
      <WizardProgress step={step} questionCount={questions.length} />
      {question && !onFinalStep ? (
        <QuestionStep
          sectionRef={stepSection}
          question={question}
          value={answers[question.id]}
          onChange={(value) => draft.setAnswers((prev) => ({ ...prev, [question.id]: value }))}
          valid={currentValid}
        />
      ) : (
        <OverallStep sectionRef={stepSection} draft={draft} />
      )}
      <WizardFooter
        step={step}
        onStep={setStep}
        onFinalStep={onFinalStep}
        formStatus={review.status === 'completed' ? 'completed' : 'in_progress'}
        canGoOn={currentValid}
        canComplete={questions.every((q) => isAnswerValid(q, answers[q.id]))}
        saving={saving}
        onSave={save}
      />
    </div>
  )
}

import type { ReviewQuestion } from '../api/get-reviews'

/** The overall rating is 1-5 and defaults to 3. */
export const DEFAULT_OVERALL_RATING = 3
export const TEXT_ANSWER_MAX = 5000

export function isUnanswered(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
}

/** Review completion: a required question must be answered; ratings within the scale. */
export function isAnswerValid(question: ReviewQuestion, value: unknown): boolean {
  if (isUnanswered(value)) return !question.required
  switch (question.type) {
    case 'rating': {
      const scale = question.scale ?? 5
      return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= scale
    }
    case 'multiple-choice':
      return typeof value === 'string' && (question.options ?? []).includes(value)
    case 'yes-no':
      return value === 'yes' || value === 'no'
    default:
      return typeof value === 'string' && value.length <= TEXT_ANSWER_MAX
  }
}

/** The rounded average of the rating answers, 3 when there are none. */
export function autoOverallRating(questions: readonly ReviewQuestion[], answers: Record<string, unknown>): number {
  const ratings = questions
    .filter((q) => q.type === 'rating')
    .map((q) => answers[q.id])
    .filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
  if (ratings.length === 0) return DEFAULT_OVERALL_RATING
  const average = ratings.reduce((sum, v) => sum + v, 0) / ratings.length
  return Math.min(5, Math.max(1, Math.round(average)))
}

/**
 * The saved answers the template still accepts. A template edited while the review was open
 * (questions removed, reordered or retyped) leaves answers behind that would otherwise be
 * sent back and refused; those are asked again instead.
 */
export function currentAnswers(
  questions: readonly ReviewQuestion[],
  responses: Record<string, unknown>,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {}
  for (const q of questions) {
    const value = responses[q.id]
    if (!isUnanswered(value) && isAnswerValid(q, value)) kept[q.id] = value
  }
  return kept
}

/** Answers as sent: unanswered questions are left out, text is trimmed. */
export function cleanAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  const clean: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(answers)) {
    if (isUnanswered(value)) continue
    clean[key] = typeof value === 'string' ? value.trim() : value
  }
  return clean
}

export function answerText(question: ReviewQuestion | undefined, value: unknown): string {
  if (isUnanswered(value)) return 'No answer'
  if (question?.type === 'rating') return `${String(value)} / ${question.scale ?? 5}`
  if (question?.type === 'yes-no') return value === 'yes' ? 'Yes' : 'No'
  return String(value)
}

import { z } from '@/lib/zod'
import { QUESTION_TYPES, type Template } from '../api/get-templates'
import type { TemplateInput } from '../api/save-template'

/** The template rules: 1-50 questions, text 10-500, scale defaults to 5. */
export const MAX_QUESTIONS = 50
export const DEFAULT_SCALE = 5
export const SCALES = [2, 3, 4, 5] as const

const questionFormSchema = z
  .object({
    /** The saved question's id (q1, q2, ...), absent for a new one: sent back with the edit. */
    questionId: z.string().optional(),
    question: z
      .string()
      .trim()
      .min(1, 'Question is required')
      .min(10, 'Question must be at least 10 characters')
      .max(500, 'Question must not exceed 500 characters'),
    type: z.enum(QUESTION_TYPES),
    required: z.boolean(),
    options: z.array(z.object({ value: z.string() })),
    scale: z.number().int().min(2).max(5),
  })
  .superRefine((q, ctx) => {
    if (q.type !== 'multiple-choice') return
    const options = q.options.map((o) => o.value.trim()).filter(Boolean)
    if (options.length < 2) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Multiple-choice questions need at least two options' })
    } else if (new Set(options.map((o) => o.toLowerCase())).size !== options.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must be unique' })
    }
  })

export const templateFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(3, 'Template name must be at least 3 characters')
    .max(100, 'Template name must not exceed 100 characters'),
  description: z.string().trim().max(500, 'Description must not exceed 500 characters'),
  questions: z
    .array(questionFormSchema)
    .min(1, 'At least one question is required')
    .max(MAX_QUESTIONS, 'No more than 50 questions allowed'),
})

export type TemplateFormValues = z.input<typeof templateFormSchema>
export type QuestionFormValues = TemplateFormValues['questions'][number]

export function blankQuestion(): QuestionFormValues {
  return { question: '', type: 'text', required: true, options: [], scale: DEFAULT_SCALE }
}

export function emptyTemplateForm(): TemplateFormValues {
  return { name: '', description: '', questions: [blankQuestion()] }
}

export function templateToForm(template: Template): TemplateFormValues {
  return {
    name: template.name,
    description: template.description ?? '',
    questions: template.questions.map((q) => ({
      questionId: q.id,
      question: q.question,
      type: q.type,
      required: q.required,
      options: (q.options ?? []).map((value) => ({ value })),
      scale: q.scale ?? DEFAULT_SCALE,
    })),
  }
}

/**
 * The request body; options only for multiple choice. The server renumbers the ids (q1, q2, ...)
 * on every save; a saved question goes with the id it had, so the answers open reviews gave it
 * follow it, wherever it moved and however it was reworded.
 */
export function formToTemplateInput(values: TemplateFormValues): TemplateInput {
  const data = templateFormSchema.parse(values)
  return {
    name: data.name,
    description: data.description,
    questions: data.questions.map((q) => ({
      ...(q.questionId ? { id: q.questionId } : {}),
      question: q.question,
      type: q.type,
      required: q.required,
      ...(q.type === 'multiple-choice'
        ? { options: q.options.map((o) => o.value.trim()).filter(Boolean) }
        : {}),
      ...(q.type === 'rating' ? { scale: q.scale } : {}),
    })),
  }
}

import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiSchema, replySchema } from '@/lib/api-types'

export const QUESTION_TYPES = ['text', 'rating', 'multiple-choice', 'yes-no'] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Text',
  rating: 'Rating',
  'multiple-choice': 'Multiple choice',
  'yes-no': 'Yes / No',
}

export const questionSchema = replySchema<ApiSchema<'QuestionRead'>>()(
  z.object({
    id: z.string(),
    question: z.string(),
    type: z.enum(QUESTION_TYPES),
    required: z.boolean().default(false),
    options: z.array(z.string()).nullish(),
    scale: z.number().nullish(),
  }),
)

export const templateSchema = replySchema<ApiSchema<'TemplateRead'>>()(
  z.object({
    id: z.number(),
    name: z.string(),
    description: z.string().nullish(),
    questions: z.array(questionSchema),
    isDefault: z.boolean().default(false),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
  }),
)

export type Question = z.output<typeof questionSchema>
export type Template = z.output<typeof templateSchema>

export const TEMPLATES_KEY = '/api/templates'

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: [TEMPLATES_KEY],
    queryFn: ({ signal }) => apiJson(z.array(templateSchema), 'GET', TEMPLATES_KEY, undefined, { signal }),
  })

export function useTemplates() {
  return useQuery(templatesQueryOptions())
}

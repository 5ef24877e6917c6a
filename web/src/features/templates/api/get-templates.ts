import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export const QUESTION_TYPES = ['text', 'rating', 'multiple-choice', 'yes-no'] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]

export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  text: 'Text',
  rating: 'Rating',
  'multiple-choice': 'Multiple choice',
  'yes-no': 'Yes / No',
}

export type Question = ApiSchema<'QuestionRead'>
export type Template = ApiSchema<'TemplateRead'>

export const templatesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.templates,
    queryFn: ({ signal }) => unwrap(api.GET('/api/templates', { signal })),
  })

export function useTemplates() {
  return useQuery(templatesQueryOptions())
}

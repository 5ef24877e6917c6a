import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import type { ApiBody, CheckedBody } from '@/lib/api-types'
import { TEMPLATES_KEY, templateSchema, type QuestionType } from './get-templates'

export interface TemplateQuestionInput {
  /** A saved question's current id; the server renumbers them all on save. */
  id?: string
  question: string
  type: QuestionType
  required: boolean
  options?: string[]
  scale?: number
}

/** The template form's fields; a new template is never the default one, so isDefault is left out. */
export type TemplateInput = CheckedBody<
  'createTemplate',
  { name: string; description: string; questions: TemplateQuestionInput[] },
  'isDefault'
>

export function createTemplate(body: TemplateInput) {
  return apiJson(templateSchema, 'POST', TEMPLATES_KEY, body)
}

export function updateTemplate({ id, ...body }: TemplateInput & { id: number }) {
  return apiJson(templateSchema, 'PUT', `${TEMPLATES_KEY}/${id}`, body satisfies ApiBody<'updateTemplate'>)
}

export function useCreateTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES_KEY] }),
  })
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES_KEY] }),
  })
}

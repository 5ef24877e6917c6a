import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { TEMPLATES_KEY, templateSchema, type QuestionType } from './get-templates'

export interface TemplateQuestionInput {
  question: string
  type: QuestionType
  required: boolean
  options?: string[]
  scale?: number
}

export interface TemplateInput {
  name: string
  description: string
  questions: TemplateQuestionInput[]
}

export function createTemplate(body: TemplateInput) {
  return apiJson(templateSchema, 'POST', TEMPLATES_KEY, body)
}

export function updateTemplate({ id, ...body }: TemplateInput & { id: number }) {
  return apiJson(templateSchema, 'PUT', `${TEMPLATES_KEY}/${id}`, body)
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

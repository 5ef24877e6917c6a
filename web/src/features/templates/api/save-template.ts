import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiBody, CheckedBody } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'
import type { QuestionType } from './get-templates'

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
  // The generated body requires isDefault because it has a default; TemplateInput leaves it out
  // (checked above) so that the server's applies.
  return unwrap(api.POST('/api/templates', { body: body as ApiBody<'createTemplate'> }))
}

export function updateTemplate({ id, ...body }: TemplateInput & { id: number }) {
  return unwrap(api.PUT('/api/templates/{template_id}', { params: { path: { template_id: id } }, body }))
}

export function useCreateTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
  })
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiJson } from '@/lib/api-client'
import { TEMPLATES_KEY, templateSchema } from './get-templates'

export function duplicateTemplate(id: number) {
  return apiJson(templateSchema, 'POST', `${TEMPLATES_KEY}/${id}/duplicate`)
}

export function useDuplicateTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: duplicateTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES_KEY] }),
  })
}

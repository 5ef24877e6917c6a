import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api-client'
import { TEMPLATES_KEY } from './get-templates'

export async function deleteTemplate(id: number): Promise<void> {
  await apiRequest('DELETE', `${TEMPLATES_KEY}/${id}`)
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [TEMPLATES_KEY] }),
  })
}

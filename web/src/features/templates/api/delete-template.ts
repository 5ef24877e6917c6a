import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

export async function deleteTemplate(id: number): Promise<void> {
  await api.DELETE('/api/templates/{template_id}', { params: { path: { template_id: id } } })
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.templates }),
  })
}

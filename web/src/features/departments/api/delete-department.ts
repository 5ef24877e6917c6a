import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'
import { refreshDepartments } from './department'

const deleteReplySchema = replySchema<ApiReply<'deleteDepartment'>>()(
  z.object({ success: z.boolean().optional(), message: z.string().nullish() }),
)

/**
 * DELETE /api/departments/{id}. A department people still belong to is refused with 409 and
 * "This department has N employees. Move them to another department before deleting it."
 */
export function useDeleteDepartment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiJson(deleteReplySchema, 'DELETE', `/api/departments/${id}`),
    onSuccess: () => refreshDepartments(queryClient),
  })
}

import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'
import { employeeKey, refreshEmployees } from './employee'

const deleteReplySchema = replySchema<ApiReply<'deleteEmployee'>>()(
  z.object({ success: z.boolean().optional(), message: z.string().nullish() }),
)

/** DELETE /api/employees/{id}: the employee and every record of theirs, for good. */
export function useDeleteEmployee() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => apiJson(deleteReplySchema, 'DELETE', `/api/employees/${id}`),
    onSuccess: async (_, id) => {
      queryClient.removeQueries({ queryKey: employeeKey(id) })
      await refreshEmployees(queryClient)
    },
  })
}

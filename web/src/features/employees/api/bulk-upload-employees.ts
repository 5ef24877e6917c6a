import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiBody, type ApiReply, replySchema } from '@/lib/api-types'
import { DASHBOARD_STATS_KEY, EMPLOYEES_KEY } from './employee'

export const BULK_UPLOAD_URL = '/api/employees/bulk-upload'

export const bulkUploadResultSchema = replySchema<ApiReply<'bulkUploadEmployees'>>()(
  z.object({
    successful: z.array(z.object({ name: z.string(), employeeId: z.string(), row: z.number() })),
    failed: z.array(
      z.object({
        row: z.number(),
        // SPEC §3: a string, or a list of objects with a message.
        error: z.union([z.string(), z.array(z.looseObject({ message: z.string().optional() }))]).nullish(),
      }),
    ),
    total: z.number(),
  }),
)

export type BulkUploadResult = z.output<typeof bulkUploadResultSchema>
export type CsvRow = Record<string, string>

/** The text shown for a failed row: the error, each message of a list, else 'Unknown error'. */
export function failureText(error: BulkUploadResult['failed'][number]['error']): string {
  if (typeof error === 'string' && error.trim()) return error
  if (Array.isArray(error)) {
    const messages = error.map((e) => e.message).filter((m): m is string => Boolean(m))
    if (messages.length) return messages.join('; ')
  }
  return 'Unknown error'
}

export function useBulkUploadEmployees() {
  const queryClient = useQueryClient()
  return useMutation({
    // The text as it is: the server reads it as CSV and numbers each record it could not read.
    mutationFn: (csvText: string) =>
      apiJson(bulkUploadResultSchema, 'POST', BULK_UPLOAD_URL, { csvText } satisfies ApiBody<'bulkUploadEmployees'>),
    onSuccess: async (result) => {
      if (result.successful.length === 0) return
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [EMPLOYEES_KEY] }),
        queryClient.invalidateQueries({ queryKey: [DASHBOARD_STATS_KEY] }),
      ])
    },
  })
}

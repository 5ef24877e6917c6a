import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export type BulkUploadResult = ApiReply<'bulkUploadEmployees'>
export type CsvRow = Record<string, string>

/** A failed row's error: a string, or (as validation errors come) a list of objects with a message. */
type RowError = string | { message?: string }[] | null | undefined

/** The text shown for a failed row: the error, each message of a list, else 'Unknown error'. */
export function failureText(error: RowError): string {
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
    mutationFn: (csvText: string) => unwrap(api.POST('/api/employees/bulk-upload', { body: { csvText } })),
    onSuccess: async (result) => {
      if (result.successful.length === 0) return
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.employees }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardStats }),
      ])
    },
  })
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiSchema, CheckedBody } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export const NOTE_CATEGORIES = ['recognition', 'redirection'] as const
export type NoteCategory = (typeof NOTE_CATEGORIES)[number]

/** Who a note is from when nobody signed it: the HR department as a whole. */
export const DEFAULT_NOTE_AUTHOR = 'HR Admin'

export type EmployeeNote = ApiSchema<'EmployeeNoteRead'>

export const employeeNotesQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: queryKeys.employeeNotes(employeeId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/employee-notes', { params: { query: { employeeId } }, signal })),
  })

export function useEmployeeNotes(employeeId: number) {
  return useQuery(employeeNotesQueryOptions(employeeId))
}

/** The note dialog always sends the day and the author (the API leaves both optional). */
export type CreateNoteInput = CheckedBody<
  'createEmployeeNote',
  {
    employeeId: number
    /** YYYY-MM-DD: a note is about a calendar day, not an instant. */
    date: string
    category: NoteCategory
    note: string
    createdBy: string
  }
>

export function createEmployeeNote(body: CreateNoteInput) {
  return unwrap(api.POST('/api/employee-notes', { body }))
}

export function useCreateEmployeeNote(employeeId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createEmployeeNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.employeeNotes(employeeId) }),
  })
}

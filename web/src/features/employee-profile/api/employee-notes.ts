import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiSchema, type CheckedBody, replySchema } from '@/lib/api-types'

export const NOTE_CATEGORIES = ['recognition', 'redirection'] as const
export type NoteCategory = (typeof NOTE_CATEGORIES)[number]

/** SPEC §9: the default note author. */
export const DEFAULT_NOTE_AUTHOR = 'HR Admin'

export const employeeNoteSchema = replySchema<ApiSchema<'EmployeeNoteRead'>>()(
  z.object({
    id: z.number(),
    employeeId: z.number(),
    date: z.string(),
    category: z.string(),
    note: z.string(),
    createdBy: z.string().nullish(),
    createdAt: z.string().nullish(),
  }),
)

export type EmployeeNote = z.output<typeof employeeNoteSchema>

export const employeeNotesKey = (employeeId: number) => ['/api/employee-notes', { employeeId }] as const

export const employeeNotesQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeeNotesKey(employeeId),
    queryFn: ({ signal }) =>
      apiJson(z.array(employeeNoteSchema), 'GET', `/api/employee-notes?employeeId=${employeeId}`, undefined, {
        signal,
      }),
  })

export function useEmployeeNotes(employeeId: number) {
  return useQuery(employeeNotesQueryOptions(employeeId))
}

/** The note dialog always sends the day and the author (the API leaves both optional). */
export type CreateNoteInput = CheckedBody<
  'createEmployeeNote',
  {
    employeeId: number
    /** YYYY-MM-DD (SPEC §5: dates in notes are sent as the calendar day). */
    date: string
    category: NoteCategory
    note: string
    createdBy: string
  }
>

export function createEmployeeNote(body: CreateNoteInput) {
  return apiJson(employeeNoteSchema, 'POST', '/api/employee-notes', body)
}

export function useCreateEmployeeNote(employeeId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createEmployeeNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeNotesKey(employeeId) }),
  })
}

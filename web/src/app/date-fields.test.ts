// Every form's date fields keep to the days the server accepts, with the server's message.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { assignFormSchema } from '@/features/certifications/components/assign-certification-dialog'
import { noteFormSchema } from '@/features/employee-profile/components/add-note-dialog'
import { uploadFormSchema } from '@/features/employee-profile/components/upload-document-dialog'
import {
  addEmployeeDefaults,
  addEmployeeSchema,
  editEmployeeDefaults,
  editEmployeeSchema,
} from '@/features/employees/lib/employee-form-schema'
import { createReviewSchema } from '@/features/reviews/components/create-review-dialog'
import { localToday } from '@/lib/date-range'

const today = localToday()
const range = (label: string) => `${label} must be between 1900-01-01 and 2100-12-31`

interface DateField {
  form: string
  schema: z.ZodType
  valid: object
  field: string
  /** The message a day outside the range gets: the range one, unless a rule of the field comes first. */
  refusal: (day: string) => string
  /** Days at the ends of the range that the field accepts (some refuse past or future days). */
  accepted: string[]
}

const added = { ...addEmployeeDefaults(), firstName: 'A', lastName: 'B' }
const edited = editEmployeeDefaults({ id: 1, employeeId: 'EMP0001', firstName: 'A', lastName: 'B', startDate: '2020-01-01' })
const assigned = { certificationTypeId: '1', issueDate: today, expirationDate: '', certificateNumber: '', file: null }
const uploaded = {
  file: new File(['x'], 'a.pdf', { type: 'application/pdf' }),
  documentType: 'contract',
  title: 'Contract',
  description: '',
  tags: '',
  signedDate: '',
  expirationDate: '',
  isConfidential: false,
}
const review = { employeeId: '1', templateId: '1', reviewType: 'quarterly', dueDate: today }
const note = { date: today, category: 'recognition', note: 'Well done' }
const both = ['1900-01-01', '2100-12-31']

const fields: DateField[] = [
  { form: 'add employee', schema: addEmployeeSchema, valid: added, field: 'startDate', refusal: () => range('Start date'), accepted: ['1900-01-01'] },
  { form: 'add employee', schema: addEmployeeSchema, valid: added, field: 'nextReviewDate', refusal: () => range('Next review date'), accepted: ['2100-12-31'] },
  { form: 'edit employee', schema: editEmployeeSchema, valid: edited, field: 'startDate', refusal: () => range('Start date'), accepted: both },
  { form: 'edit employee', schema: editEmployeeSchema, valid: edited, field: 'nextReviewDate', refusal: () => range('Next review date'), accepted: both },
  { form: 'create review', schema: createReviewSchema, valid: review, field: 'dueDate', refusal: () => range('Due date'), accepted: ['2100-12-31'] },
  {
    form: 'assign certification',
    schema: assignFormSchema(today),
    valid: assigned,
    field: 'issueDate',
    // As on the server: a future issue date is refused as such before its range is checked.
    refusal: (day) => (day > today ? 'Issue date cannot be in the future' : range('Issue date')),
    accepted: ['1900-01-01'],
  },
  {
    form: 'assign certification',
    schema: assignFormSchema(today),
    valid: assigned,
    field: 'expirationDate',
    refusal: (day) => (day < today ? 'Expiration date cannot be in the past' : range('Expiration date')),
    accepted: ['2100-12-31'],
  },
  { form: 'add note', schema: noteFormSchema, valid: note, field: 'date', refusal: () => range('Date'), accepted: both },
  { form: 'upload document', schema: uploadFormSchema, valid: uploaded, field: 'signedDate', refusal: () => range('Signed date'), accepted: both },
  { form: 'upload document', schema: uploadFormSchema, valid: uploaded, field: 'expirationDate', refusal: () => range('Expiration date'), accepted: both },
]

/** The message of the first problem with `field`, the one the form shows; null when valid. */
function messageFor({ schema, valid, field }: DateField, day?: string): string | null {
  const result = schema.safeParse(day === undefined ? valid : { ...valid, [field]: day })
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message ?? null
}

describe.each(fields)('$form: $field', (date) => {
  it('is valid as filled in', () => {
    expect(messageFor(date)).toBeNull()
  })

  it.each(['9999-12-31', '2101-01-01', '1899-12-31'])('refuses %s with the field message', (day) => {
    expect(messageFor(date, day)).toBe(date.refusal(day))
  })

  it.each(date.accepted)('accepts %s', (day) => {
    expect(messageFor(date, day)).toBeNull()
  })
})

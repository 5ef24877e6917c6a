import { formatDate, formatSize, humanize } from '@/lib/format'
import { ROLE_LABELS, type Role } from '@/lib/roles'
import type { AuditEvent } from '../api/audit-events'
import { formatMoment } from './labels'

/**
 * What people call the recorded fields, in the order they read a record (name first, then
 * where the person works); fields not named here follow, by label.
 */
const FIELDS: Readonly<Record<string, string>> = {
  first_name: 'First name',
  last_name: 'Last name',
  name: 'Name',
  title: 'Title',
  employee_id: 'Employee',
  position: 'Position',
  department: 'Department',
  manager_id: 'Manager',
  email: 'Email',
  start_date: 'Start date',
  review_schedule: 'Review schedule',
  next_review_date: 'Next review',
  role: 'Role',
  is_active: 'Active',
  force_password_change: 'Must set a new password',
  password_hash: 'Password',
  template_id: 'Template',
  review_type: 'Review type',
  status: 'Status',
  due_date: 'Due date',
  rating: 'Rating',
  responses: 'Answers',
  reviewer_notes: 'Reviewer notes',
  completed_at: 'Completed',
  certification_type_id: 'Certification',
  issuing_organization: 'Issued by',
  issue_date: 'Issued',
  expiration_date: 'Expires',
  certificate_number: 'Certificate number',
  validity_months: 'Valid for (months)',
  is_required: 'Required',
  category: 'Category',
  date: 'Date',
  note: 'Note',
  created_by: 'Written by',
  document_type: 'Document type',
  file_name: 'File',
  file_size: 'Size',
  mime_type: 'File type',
  file_path: 'Stored as',
  uploaded_by: 'Uploaded by',
  is_confidential: 'Confidential',
  signed_date: 'Signed',
  slug: 'Short name',
  is_default: 'Default',
  description: 'Description',
  profile_photo_url: 'Photo',
  attachment_url: 'Attachment',
  is_archived: 'Archived',
}
const ORDER = new Map(Object.keys(FIELDS).map((field, i) => [field, i]))

/** Fields whose values are one of a few codes ("quarterly", "in_progress"). */
const CODED = new Set(['review_schedule', 'review_type', 'status', 'category', 'document_type', 'visibility'])

/** "manager_id" → "Manager"; an employee's own employee_id is their code, "Employee ID". */
export function fieldLabel(field: string, resource = ''): string {
  if (field === 'employee_id' && resource === 'employee') return 'Employee ID'
  const known = FIELDS[field]
  if (known) return known
  const words = field.replace(/_id$/, '').replace(/_/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const LONGEST_VALUE = 80
const DAY = /^\d{4}-\d{2}-\d{2}$/
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

function shortened(text: string): string {
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE)}…` : text
}

/**
 * One side of a change as a person reads it: '—' for nothing, Yes or No, dates as the rest of
 * the app writes them, codes as words, a role by its name, lists and maps as JSON (cut short).
 */
export function shownValue(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number') return field === 'file_size' ? formatSize(value) : String(value)
  if (typeof value !== 'string') return shortened(JSON.stringify(value))
  if (DAY.test(value)) return formatDate(value)
  if (MOMENT.test(value)) return formatMoment(value)
  if (field === 'role') return ROLE_LABELS[value as Role] ?? humanize(value)
  if (CODED.has(field)) return humanize(value)
  return shortened(value)
}

export interface ChangeLine {
  field: string
  label: string
  /** "Analyst → Lead"; a record created shows what it was set to, one removed what it was. */
  text: string
  /** The full values, when the text cuts one short. */
  title?: string
}

/** What the server writes instead of a secret's value. */
const REDACTED = '[redacted]'

/** A secret's change says what happened to it, never to what. */
function secretText(action: string, [before, after]: readonly unknown[]): string {
  if (action === 'delete') return 'was set'
  if (before === null || before === undefined) return 'set'
  return after === null || after === undefined ? 'removed' : 'changed'
}

function side(event: AuditEvent, field: string, index: 0 | 1): string {
  // The name the server found for a code (a department, a manager), else the value itself.
  const named = event.changeNames?.[field]?.[index]
  return named ?? shownValue(event.changes?.[field]?.[index], field)
}

function raw(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null)
}

function lineText(event: AuditEvent, field: string): { text: string; title?: string } {
  const pair = event.changes?.[field] ?? []
  if (pair.includes(REDACTED)) return { text: secretText(event.action, pair) }
  const shown: [unknown, string][] = []
  if (event.action !== 'create') shown.push([pair[0], side(event, field, 0)])
  if (event.action !== 'delete') shown.push([pair[1], side(event, field, 1)])
  const text = shown.map(([, value]) => value).join(' → ')
  const cut = shown.some(([value, text]) => text.endsWith('…') && raw(value) !== text)
  return { text, title: cut ? shown.map(([value]) => raw(value)).join(' → ') : undefined }
}

/** The event's changed fields, labelled and in reading order. */
export function changeLines(event: AuditEvent): ChangeLine[] {
  const rank = (field: string) => ORDER.get(field) ?? ORDER.size
  const lines = Object.keys(event.changes ?? {}).map((field) => ({
    field,
    label: fieldLabel(field, event.resource),
    ...lineText(event, field),
  }))
  return lines.sort((a, b) => rank(a.field) - rank(b.field) || a.label.localeCompare(b.label))
}

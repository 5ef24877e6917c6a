import { humanize } from '@/lib/format'

/** What the log's record filter offers, by the resource names the server records. */
export const RESOURCES: readonly { value: string; label: string }[] = [
  { value: 'employee', label: 'Employees' },
  { value: 'review', label: 'Reviews' },
  { value: 'template', label: 'Review templates' },
  { value: 'note', label: 'HR notes' },
  { value: 'document', label: 'Documents' },
  { value: 'employee_certification', label: 'Held certifications' },
  { value: 'certification', label: 'Certifications (free-form)' },
  { value: 'certification_type', label: 'Certification types' },
  { value: 'department', label: 'Departments' },
  { value: 'user', label: 'User accounts' },
  { value: 'session', label: 'Sign-ins' },
  { value: 'role', label: 'Shared sign-in passwords' },
  { value: 'organization', label: 'Organization settings' },
  { value: 'sso', label: 'Single sign-on' },
  { value: 'backup', label: 'Backups' },
  { value: 'audit', label: 'Audit log' },
]

export const ACTIONS: readonly { value: string; label: string }[] = [
  { value: 'create', label: 'Created' },
  { value: 'update', label: 'Updated' },
  { value: 'delete', label: 'Deleted' },
  { value: 'archive', label: 'Archived' },
  { value: 'restore', label: 'Restored' },
  { value: 'complete', label: 'Completed' },
  { value: 'reopen', label: 'Reopened' },
  { value: 'sign_in', label: 'Signed in' },
  { value: 'sign_out', label: 'Signed out' },
  { value: 'sign_in_failed', label: 'Sign-in refused' },
  { value: 'password_change', label: 'Password changed' },
  { value: 'role_change', label: 'Role or access changed' },
  { value: 'settings', label: 'Settings changed' },
  { value: 'backup', label: 'Backup' },
  { value: 'export', label: 'Export' },
]

const ACTION_LABELS = new Map(ACTIONS.map((a) => [a.value, a.label]))
const RESOURCE_LABELS = new Map(RESOURCES.map((r) => [r.value, r.label]))

export function actionLabel(action: string): string {
  return ACTION_LABELS.get(action) ?? humanize(action)
}

export function resourceLabel(resource: string): string {
  return RESOURCE_LABELS.get(resource) ?? humanize(resource)
}

/** Refusals and removals stand out in the table. */
export function actionTone(action: string): 'default' | 'secondary' | 'destructive' | 'outline' {
  if (action === 'delete' || action === 'sign_in_failed') return 'destructive'
  if (action === 'create' || action === 'complete') return 'default'
  if (action === 'update' || action === 'settings' || action === 'role_change') return 'secondary'
  return 'outline'
}

const LONGEST_VALUE = 80

/** One side of a change as a person reads it: '—' for nothing, JSON for lists and maps. */
export function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return text.length > LONGEST_VALUE ? `${text.slice(0, LONGEST_VALUE)}…` : text
}

/** "first_name" → "First name". */
export function fieldLabel(field: string): string {
  const words = field.replace(/_/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** When, to the minute, in the reader's own time: "Jan 5, 2026, 3:04 PM". */
export function formatMoment(value: string): string {
  const moment = new Date(value)
  if (Number.isNaN(moment.getTime())) return value
  return moment.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })
}

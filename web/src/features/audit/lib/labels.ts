import { humanize } from '@/lib/format'
import { ROLE_LABELS, type Role } from '@/lib/roles'

/** What the log's record filter offers, by the resource names the server records. */
export const RESOURCES: readonly { value: string; label: string }[] = [
  { value: 'employee', label: 'Employees' },
  { value: 'review', label: 'Reviews' },
  { value: 'template', label: 'Review templates' },
  { value: 'cycle', label: 'Review cycles' },
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
  { value: 'launch', label: 'Launched' },
  { value: 'close', label: 'Closed' },
  { value: 'reassign', label: 'Reviewer changed' },
]

const ACTION_LABELS = new Map(ACTIONS.map((a) => [a.value, a.label]))
const RESOURCE_LABELS = new Map(RESOURCES.map((r) => [r.value, r.label]))

export function actionLabel(action: string): string {
  return ACTION_LABELS.get(action) ?? humanize(action)
}

export function resourceLabel(resource: string): string {
  return RESOURCE_LABELS.get(resource) ?? humanize(resource)
}

/** One record of each kind, as the log names it ("Employee #12"). */
const RECORD_NAMES: Readonly<Record<string, string>> = {
  employee: 'Employee',
  review: 'Review',
  template: 'Review template',
  cycle: 'Review cycle',
  note: 'HR note',
  document: 'Document',
  employee_certification: 'Held certification',
  certification: 'Certification',
  certification_type: 'Certification type',
  department: 'Department',
  user: 'Account',
  session: 'Sign-in',
  role: 'Shared sign-in',
  organization: 'Organization',
  settings: 'Organization settings',
  sso: 'Single sign-on',
  backup: 'Backup',
  audit: 'Audit log',
}

/** Ids longer than this (an account's UUID) show their first characters only. */
const LONGEST_ID = 12
const SHORT_ID = 8

export interface RecordName {
  /** "Account #89a81179…" */
  text: string
  /** The full id, when the text shortens it. */
  title?: string
}

/** The record an event concerns: its kind and a short id, the whole id on hover. */
export function recordName(resource: string, recordId: string | null): RecordName {
  const kind = RECORD_NAMES[resource] ?? humanize(resource)
  if (!recordId) return { text: kind }
  // A shared sign-in's record is its role.
  if (resource === 'role') return { text: `${ROLE_LABELS[recordId as Role] ?? humanize(recordId)} sign-in` }
  if (recordId.length <= LONGEST_ID) return { text: `${kind} #${recordId}` }
  return { text: `${kind} #${recordId.slice(0, SHORT_ID)}…`, title: `${kind} ${recordId}` }
}

/** Refusals and removals stand out in the table. */
export function actionTone(action: string): 'default' | 'secondary' | 'destructive' | 'outline' {
  if (action === 'delete' || action === 'sign_in_failed') return 'destructive'
  if (action === 'create' || action === 'complete') return 'default'
  if (action === 'update' || action === 'settings' || action === 'role_change') return 'secondary'
  return 'outline'
}

const DAY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' }
const TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' }

/** When, to the minute, in the reader's own time: "Jan 5, 2026, 3:04 PM". */
export function formatMoment(value: string): string {
  const moment = new Date(value)
  if (Number.isNaN(moment.getTime())) return value
  return moment.toLocaleString('en-US', { ...DAY, ...TIME })
}

/** The day and the time apart ("Jan 5, 2026" and "3:04 PM"), for a narrow column. */
export function momentParts(value: string): { day: string; time: string } {
  const moment = new Date(value)
  if (Number.isNaN(moment.getTime())) return { day: value, time: '' }
  return { day: moment.toLocaleDateString('en-US', DAY), time: moment.toLocaleTimeString('en-US', TIME) }
}

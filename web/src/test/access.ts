import { viewerFrom, type Reach, type ServerPermission, type Viewer, type Visibility } from '@/lib/access'
import type { Role } from '@/lib/roles'

type Rule = Reach[]
const ALL: Rule = ['all']
const LINE: Rule = ['line', 'own']
const OWN: Rule = ['own']
const NONE: Rule = []
const ASSIGNED: Rule = ['assigned']
const LINE_ASSIGNED: Rule = ['line', 'own', 'assigned']
const OWN_ASSIGNED: Rule = ['own', 'assigned']
const LINE_ONLY_ASSIGNED: Rule = ['line', 'assigned']

type Row = [Rule, Rule, Rule, Rule, Rule, Rule]

/**
 * The server's table (api/access/policy.py) row for row, so tests build the session reply the
 * server sends: admin, hr, manager and user under "open", then manager and user under "need to know".
 */
// prettier-ignore
const POLICY: Record<ServerPermission, Row> = {
  'directory.read':              [ALL, ALL,  ALL,  ALL,   ALL,       ALL],
  'employees.read':              [ALL, ALL,  ALL,  ALL,   LINE,      OWN],
  'employees.write':             [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'departments.read':            [ALL, ALL,  ALL,  ALL,   ALL,       ALL],
  'departments.write':           [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'templates.read':              [ALL, ALL,  ALL,  ALL,   ALL,       ALL],
  'templates.write':             [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'reviews.read':                [ALL, ALL,  ALL,  ALL,   LINE_ASSIGNED, OWN_ASSIGNED],
  'reviews.create':              [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'reviews.fill':                [ALL, ALL,  ALL,  ASSIGNED, LINE_ONLY_ASSIGNED, ASSIGNED],
  'reviews.change_completed':    [ALL, NONE, NONE, NONE,  NONE,      NONE],
  'reviews.export':              [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'reviews.respond':             [OWN, OWN,  OWN,  OWN,   OWN,       OWN],
  'cycles.manage':               [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'feedback.request':            [ALL, ALL,  ASSIGNED, ASSIGNED, ASSIGNED, ASSIGNED],
  'feedback.read':               [ALL, ALL,  ASSIGNED, ASSIGNED, ASSIGNED, ASSIGNED],
  'feedback.answer':             [OWN, OWN,  OWN,  OWN,   OWN,       OWN],
  'my_work.read':                [ALL, ALL,  ALL,  ALL,   ALL,       ALL],
  'notifications.use':           [ALL, ALL,  ALL,  ALL,   ALL,       ALL],
  'review_assistant.use':        [ALL, ALL,  ALL,  NONE,  ALL,       NONE],
  'reminders.read':              [ALL, ALL,  ALL,  ALL,   LINE,      NONE],
  'reminders.mark':              [ALL, ALL,  ALL,  ALL,   LINE,      NONE],
  'notes.read':                  [ALL, ALL,  ALL,  ALL,   NONE,      NONE],
  'notes.write':                 [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'certification_types.read':    [ALL, ALL,  ALL,  ALL,   ALL,       ALL],
  'certification_types.write':   [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'certifications.read':         [ALL, ALL,  ALL,  ALL,   LINE,      OWN],
  'certifications.write':        [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'documents.read':              [ALL, ALL,  ALL,  ALL,   LINE,      OWN],
  'documents.write':             [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'confidential_documents.read': [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'dashboard.read':              [ALL, ALL,  ALL,  ALL,   LINE,      OWN],
  'analytics.read':              [ALL, ALL,  NONE, NONE,  NONE,      NONE],
  'organization.read':           [ALL, ALL,  ALL,  ALL,   ALL,       ALL],
  'organization.write':          [ALL, NONE, NONE, NONE,  NONE,      NONE],
  'users.manage':                [ALL, NONE, NONE, NONE,  NONE,      NONE],
  'backups.manage':              [ALL, NONE, NONE, NONE,  NONE,      NONE],
  'audit.read':                  [ALL, ALL,  NONE, NONE,  NONE,      NONE],
}

function column(role: Role, visibility: Visibility): number {
  if (role === 'admin') return 0
  if (role === 'hr') return 1
  const offset = visibility === 'need_to_know' ? 4 : 2
  return offset + (role === 'manager' ? 0 : 1)
}

/** The `access` of GET /api/auth/session for a role under a setting. */
export function accessReply(role: Role, visibility: Visibility = 'open'): Record<string, Reach[]> {
  const index = column(role, visibility)
  return Object.fromEntries(Object.entries(POLICY).map(([key, row]) => [key, [...row[index]!].sort()]))
}

/** A whole GET /api/auth/session reply. */
export function sessionReply(
  role: Role,
  { visibility = 'open', employeeId = null, forcePasswordChange = false }: SessionOptions = {},
) {
  return {
    userRole: role,
    userName: role === 'admin' ? 'Administrator' : role,
    organizationId: 1,
    organizationName: 'Demo Inc',
    organizationSubdomain: 'demo',
    forcePasswordChange,
    visibility,
    employeeId,
    access: accessReply(role, visibility),
  }
}

export interface SessionOptions {
  visibility?: Visibility
  employeeId?: number | null
  forcePasswordChange?: boolean
}

/** The viewer the signed-in app builds from that reply. */
export function viewerFor(role: Role, options: SessionOptions = {}): Viewer {
  return viewerFrom(sessionReply(role, options))
}

import { createContext, createElement, useContext, type ReactNode } from 'react'
import type { ApiSchema } from './api-types'
import type { Role } from './roles'

type SessionReply = ApiSchema<'SessionReply'>
export type Visibility = SessionReply['visibility']
/** Whose records a rule reaches: everyone's, the reporting line's, or the reader's own. */
export type Reach = 'all' | 'line' | 'own' | 'assigned'

/** The server's rules, "<resource>.<action>", as the session reply lists them. */
export type ServerPermission =
  | 'directory.read'
  | 'employees.read'
  | 'employees.write'
  | 'departments.read'
  | 'departments.write'
  | 'templates.read'
  | 'templates.write'
  | 'reviews.read'
  | 'reviews.create'
  | 'reviews.fill'
  | 'reviews.change_completed'
  | 'reviews.export'
  | 'reviews.respond'
  | 'cycles.manage'
  | 'feedback.request'
  | 'feedback.read'
  | 'feedback.answer'
  | 'my_work.read'
  | 'notifications.use'
  | 'review_assistant.use'
  | 'reminders.read'
  | 'reminders.mark'
  | 'notes.read'
  | 'notes.write'
  | 'certification_types.read'
  | 'certification_types.write'
  | 'certifications.read'
  | 'certifications.write'
  | 'documents.read'
  | 'documents.write'
  | 'confidential_documents.read'
  | 'dashboard.read'
  | 'analytics.read'
  | 'organization.read'
  | 'organization.write'
  | 'users.manage'
  | 'backups.manage'
  | 'audit.read'

/** Every rule the screens apply comes from the server's table; the client adds none of its own. */
export type Permission = ServerPermission

export type Access = Readonly<Partial<Record<Permission, readonly Reach[]>>>

/** The signed-in reader: what the screens show them follows from this alone. */
export interface Viewer {
  role: Role
  visibility: Visibility
  /** The employee record the account is linked to; null for shared sign-ins and unlinked accounts. */
  employeeId: number | null
  /** A personal account's name, or the shared sign-in's role name. */
  name?: string
  access: Access
}

/** An account linked to no employee has no own record and no reporting line: those rules reach nobody. */
function withoutPersonalReach(rules: readonly Reach[]): readonly Reach[] {
  return rules.filter((reach) => reach === 'all')
}

/** The viewer a session reply describes, with the rules as the screens apply them. */
export function viewerFrom(
  session: Pick<SessionReply, 'userRole' | 'visibility' | 'employeeId' | 'access'> & Partial<Pick<SessionReply, 'userName'>>,
): Viewer {
  const access: Partial<Record<Permission, readonly Reach[]>> = {}
  for (const [key, rules] of Object.entries(session.access)) {
    access[key as Permission] = session.employeeId === null ? withoutPersonalReach(rules) : rules
  }
  return { role: session.userRole, visibility: session.visibility, employeeId: session.employeeId, access, name: session.userName }
}

/** Whether the reader has the action at all, on at least some records. */
export function can(access: Access, permission: Permission): boolean {
  return (access[permission]?.length ?? 0) > 0
}

/** Whether the action reaches every record of the organisation (not only the reader's own or line). */
export function reachesEveryone(access: Access, permission: Permission): boolean {
  return access[permission]?.includes('all') ?? false
}

/**
 * How far the action reaches, for wording a screen by what the reader sees: everyone's records,
 * their reporting line's (with their own), their own alone, or none.
 */
export function widestReach(access: Access, permission: Permission): 'all' | 'line' | 'own' | 'none' {
  const rules = access[permission] ?? []
  return (['all', 'line', 'own'] as const).find((reach) => rules.includes(reach)) ?? 'none'
}

/** Whether any of the listed actions is the reader's. */
export function canAny(access: Access, permissions: readonly Permission[]): boolean {
  return permissions.some((permission) => can(access, permission))
}

const ViewerContext = createContext<Viewer | null>(null)

export function ViewerProvider({ viewer, children }: { viewer: Viewer; children: ReactNode }) {
  return createElement(ViewerContext.Provider, { value: viewer }, children)
}

/** The signed-in reader; the signed-in app provides it from the session reply. */
export function useViewer(): Viewer {
  const viewer = useContext(ViewerContext)
  if (!viewer) throw new Error('useViewer needs a ViewerProvider (the signed-in app gives one)')
  return viewer
}

/** The signed-in reader's rules, for can(access, 'employees.write') and the like. */
export function useAccess(): Access {
  return useViewer().access
}

/**
 * Whether the action reaches one employee's records: anyone's with 'all', the reader's own with
 * 'own', and another's with 'line' (the server sends the reader only records within their reach,
 * so a record of someone else in hand under 'line' is one of their reports').
 */
export function reachesEmployee(
  { access, employeeId }: Pick<Viewer, 'access' | 'employeeId'>,
  permission: Permission,
  employee: number,
): boolean {
  const rules = access[permission] ?? []
  if (rules.includes('all')) return true
  return rules.includes(employee === employeeId ? 'own' : 'line')
}

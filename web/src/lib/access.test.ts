import { describe, expect, it } from 'vitest'
import { accessReply, viewerFor } from '@/test/access'
import { can, reachesEmployee, reachesEveryone, viewerFrom, widestReach } from './access'

describe('viewerFrom', () => {
  it('keeps the session reply’s rules for a linked account', () => {
    const viewer = viewerFor('manager', { visibility: 'need_to_know', employeeId: 4 })
    expect(viewer.access['employees.read']).toEqual(['line', 'own'])
    // Their line's reviews, and any they are the named reviewer of.
    expect(viewer.access['reviews.fill']).toEqual(['assigned', 'line'])
    expect(viewer.employeeId).toBe(4)
    expect(viewer.visibility).toBe('need_to_know')
  })

  it('gives an account linked to nobody no own record and no line, but keeps what reaches everyone', () => {
    const viewer = viewerFor('manager', { visibility: 'need_to_know', employeeId: null })
    expect(can(viewer.access, 'employees.read')).toBe(false)
    expect(can(viewer.access, 'reviews.fill')).toBe(false)
    expect(can(viewer.access, 'directory.read')).toBe(true)
    expect(can(viewer.access, 'review_assistant.use')).toBe(true)
  })

  it('changes nothing under open for a shared sign-in but what only a person has (their own review, feedback asked of them)', () => {
    for (const role of ['admin', 'manager', 'user'] as const) {
      const viewer = viewerFor(role)
      for (const [key, rules] of Object.entries(accessReply(role))) {
        // Only a person answers their own review or feedback, or is the named reviewer.
        const personal = rules.every((reach) => reach === 'own' || reach === 'assigned')
        expect(viewer.access[key as keyof typeof viewer.access], `${role} ${key}`).toEqual(personal ? [] : rules)
      }
    }
  })

  it('gives hr exactly what the server’s table gives hr: all but backups, organisation settings and accounts', () => {
    const hr = viewerFor('hr', { visibility: 'need_to_know', employeeId: 2 }).access
    for (const [key, rules] of Object.entries(accessReply('hr', 'need_to_know'))) {
      expect(hr[key as keyof typeof hr], key).toEqual(rules)
    }
    for (const key of ['templates.write', 'certification_types.write', 'analytics.read', 'review_assistant.use'] as const) {
      expect(reachesEveryone(hr, key), key).toBe(true)
    }
    for (const key of ['backups.manage', 'organization.write', 'users.manage', 'reviews.change_completed'] as const) {
      expect(can(hr, key), key).toBe(false)
    }
  })

  it('takes who changes a completed review from the session reply, not from the role', () => {
    expect(can(viewerFor('admin').access, 'reviews.change_completed')).toBe(true)
    for (const role of ['hr', 'manager', 'user'] as const) {
      expect(can(viewerFor(role).access, 'reviews.change_completed')).toBe(false)
    }
    const admin = { userRole: 'admin', visibility: 'open', employeeId: null } as const
    expect(can(viewerFrom({ ...admin, access: { 'reviews.change_completed': [] } }).access, 'reviews.change_completed')).toBe(false)
    const hr = { userRole: 'hr', visibility: 'open', employeeId: null } as const
    expect(can(viewerFrom({ ...hr, access: { 'reviews.change_completed': ['all'] } }).access, 'reviews.change_completed')).toBe(true)
  })

  it('reads rules the server adds later as they come', () => {
    const viewer = viewerFrom({ userRole: 'user', visibility: 'open', employeeId: 3, access: { 'employees.read': ['all'] } })
    expect(reachesEveryone(viewer.access, 'employees.read')).toBe(true)
    expect(can(viewer.access, 'employees.write')).toBe(false)
  })
})

describe('reachesEmployee', () => {
  it('tells the reader’s own record from their reports’ by the rule', () => {
    const manager = viewerFor('manager', { visibility: 'need_to_know', employeeId: 4 })
    expect(reachesEmployee(manager, 'reviews.fill', 9)).toBe(true)
    expect(reachesEmployee(manager, 'reviews.fill', 4)).toBe(false)
    expect(reachesEmployee(manager, 'reviews.read', 4)).toBe(true)
    expect(reachesEmployee(manager, 'notes.read', 9)).toBe(false)

    const user = viewerFor('user', { visibility: 'need_to_know', employeeId: 5 })
    expect(reachesEmployee(user, 'documents.read', 5)).toBe(true)
    expect(reachesEmployee(user, 'documents.read', 6)).toBe(false)
    expect(reachesEmployee(viewerFor('user'), 'notes.read', 6)).toBe(true)
  })
})

describe('widestReach', () => {
  it('names the widest reach of a rule, none for a rule the reader lacks or an account linked to nobody', () => {
    expect(widestReach(viewerFor('hr').access, 'employees.read')).toBe('all')
    expect(widestReach(viewerFor('manager', { visibility: 'need_to_know', employeeId: 4 }).access, 'employees.read')).toBe('line')
    expect(widestReach(viewerFor('user', { visibility: 'need_to_know', employeeId: 5 }).access, 'reviews.read')).toBe('own')
    expect(widestReach(viewerFor('user', { visibility: 'need_to_know' }).access, 'reviews.read')).toBe('none')
    expect(widestReach(viewerFor('user').access, 'reviews.fill')).toBe('none')
  })
})

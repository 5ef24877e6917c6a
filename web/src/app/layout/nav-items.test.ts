import { describe, expect, it } from 'vitest'
import { viewerFor } from '@/test/access'
import { navItemsFor } from './nav-items'

const labels = (...args: Parameters<typeof viewerFor>) => navItemsFor(viewerFor(...args)).map((item) => item.label)

describe('navItemsFor', () => {
  it('shows each role under open the screens the server’s table gives it', () => {
    const base = ['Dashboard', 'Employees', 'Reviews', 'Reminders']
    // Cycles (admin and hr manage them) come right after Reviews.
    const managing = ['Dashboard', 'Employees', 'Reviews', 'Cycles', 'Reminders', 'Templates', 'Certifications']
    expect(labels('admin')).toEqual([...managing, 'Analytics', 'Admin', 'Backup'])
    // hr has everything but backups, the organisation's settings and accounts (the Admin page still opens).
    expect(labels('hr')).toEqual([...managing, 'Analytics', 'Admin'])
    expect(labels('manager')).toEqual(base)
    expect(labels('user')).toEqual(base)
  })

  it('gives a manager under need to know their line, the directory, reviews and reminders', () => {
    expect(labels('manager', { visibility: 'need_to_know', employeeId: 4 })).toEqual([
      'Dashboard',
      'My Reviews',
      'Employees',
      'Directory',
      'Reviews',
      'Reminders',
    ])
  })

  it('gives a user under need to know a link to their own profile instead of a list of one', () => {
    const items = navItemsFor(viewerFor('user', { visibility: 'need_to_know', employeeId: 5 }))
    expect(items.map((item) => [item.label, item.href])).toEqual([
      ['Dashboard', '/'],
      ['My Reviews', '/my-reviews'],
      ['My Profile', '/employees/5'],
      ['Directory', '/directory'],
      ['Reviews', '/reviews'],
    ])
  })

  it('leaves an account linked to nobody the dashboard and the directory under need to know', () => {
    expect(labels('user', { visibility: 'need_to_know' })).toEqual(['Dashboard', 'Directory'])
    expect(labels('manager', { visibility: 'need_to_know' })).toEqual(['Dashboard', 'Directory'])
  })

  it('offers My Reviews to a person (an account linked to an employee), never to a shared sign-in', () => {
    expect(labels('admin', { employeeId: 2 })).toContain('My Reviews')
    expect(labels('user', { employeeId: 9 })[1]).toBe('My Reviews')
    for (const role of ['admin', 'hr', 'manager', 'user'] as const) expect(labels(role)).not.toContain('My Reviews')
  })

  it('keeps admin and hr menus the same under need to know', () => {
    expect(labels('admin', { visibility: 'need_to_know' })).toEqual(labels('admin'))
    expect(labels('hr', { visibility: 'need_to_know' })).toEqual(labels('hr'))
  })
})

import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { AuditEvent } from '../api/audit-events'
import { formatMoment } from '../lib/labels'
import { AuditEventTable, TABLE_QUERY } from './audit-event-table'

const ACCOUNT = '89a81179-2893-4250-aa05-1cfb0e752f09'

const event = (id: number, over: Partial<AuditEvent> = {}): AuditEvent => ({
  id,
  at: '2026-03-04T14:05:00Z',
  actorUserId: ACCOUNT,
  actorName: 'Olivia Owens',
  actorRole: 'admin',
  action: 'update',
  resource: 'employee',
  recordId: '2',
  employeeId: 2,
  employeeName: 'Paula Price',
  summary: 'Updated employee Paula Price (EMP0002): department, manager_id',
  changes: { manager_id: [null, 'EMP0001'], department: [null, 'engineering'] },
  changeNames: { manager_id: [null, 'Olivia Owens'], department: [null, 'Engineering'] },
  ip: '10.1.2.3',
  requestId: 'req-1',
  ...over,
})

const CREATED_ACCOUNT = event(2, {
  actorUserId: null,
  actorName: 'Administrator',
  action: 'create',
  resource: 'user',
  recordId: ACCOUNT,
  employeeId: 1,
  employeeName: 'Olivia Owens',
  summary: 'Created user Olivia Owens (olivia@example.com)',
  changes: {
    role: [null, 'admin'],
    is_active: [null, true],
    email: [null, 'olivia@example.com'],
    force_password_change: [null, false],
    employee_id: [null, 1],
    first_name: [null, 'Olivia'],
    last_name: [null, 'Owens'],
    password_hash: [null, '[redacted]'],
  },
  changeNames: { employee_id: [null, 'Olivia Owens'] },
})

/** A window `wide` or not as TABLE_QUERY asks, which the test can resize. */
function windowOf(wide: boolean) {
  const listeners = new Set<() => void>()
  const state = { wide }
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === TABLE_QUERY ? state.wide : false
    },
    media: query,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  }))
  return {
    resize(next: boolean) {
      state.wide = next
      act(() => listeners.forEach((listener) => listener()))
    },
  }
}

const changes = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('AuditEventTable on a wide screen', () => {
  it('names the person, not their account id, and the record by a short id', () => {
    windowOf(true)
    render(<AuditEventTable events={[event(1), CREATED_ACCOUNT]} label="Audit events" />)
    const [, update, created] = within(screen.getByRole('table', { name: 'Audit events' })).getAllByRole('row')
    expect(within(update!).getByText('Olivia Owens', { selector: '[title]' })).toHaveAttribute('title', `Account ${ACCOUNT}`)
    expect(update).not.toHaveTextContent(ACCOUNT)
    expect(within(update!).getByText('Employee #2')).toBeInTheDocument()
    expect(within(update!).getByRole('link', { name: 'Paula Price' })).toHaveAttribute('href', '/employees/2')
    // An account's UUID is cut to its first characters, the whole of it on hover.
    const record = within(created!).getByText('Account #89a81179…')
    expect(record).toHaveAttribute('title', `Account ${ACCOUNT}`)
    expect(within(created!).getByText('Shared sign-in')).toBeInTheDocument()
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent)
    expect(headers).toEqual(['When', 'Who', 'Action', 'What', 'From'])
  })

  it('shows codes by the names they point to, under the labels people use', () => {
    windowOf(true)
    render(<AuditEventTable events={[event(1)]} label="Audit events" />)
    expect(changes(screen.getByRole('list', { name: 'Changes' }))).toEqual([
      'Department: — → Engineering',
      'Manager: — → Olivia Owens',
    ])
  })

  it('shows a record created by what it was set to, in reading order, the rest on request', async () => {
    windowOf(true)
    render(<AuditEventTable events={[CREATED_ACCOUNT]} label="Audit events" />)
    const list = screen.getByRole('list', { name: 'Changes' })
    expect(changes(list)).toEqual([
      'First name: Olivia',
      'Last name: Owens',
      'Employee: Olivia Owens',
      'Email: olivia@example.com',
      'Role: Administrator',
      'Active: Yes',
    ])
    await userEvent.click(screen.getByRole('button', { name: 'Show 2 more' }))
    // A secret says that it was set or changed, never to what.
    expect(changes(list).slice(6)).toEqual(['Must set a new password: No', 'Password: set'])
    expect(screen.queryByRole('button', { name: /more/ })).not.toBeInTheDocument()
  })

  it('says a secret changed without showing it, and a long value in full on hover', () => {
    windowOf(true)
    const long = 'x'.repeat(120)
    const reset = event(5, {
      resource: 'user',
      action: 'password_change',
      changes: { password_hash: ['[redacted]', '[redacted]'], description: ['short', long] },
      changeNames: null,
    })
    render(<AuditEventTable events={[reset]} label="Audit events" />)
    expect(changes(screen.getByRole('list', { name: 'Changes' }))).toEqual([
      'Password: changed',
      `Description: short → ${'x'.repeat(80)}…`,
    ])
    expect(screen.getByText(/^Description/).closest('li')).toHaveAttribute('title', `short → ${long}`)
  })

  it('writes dates and times as the rest of the app does, and a removed record by what it was', () => {
    windowOf(true)
    const removed = event(3, {
      action: 'delete',
      resource: 'employee_certification',
      changes: { issue_date: ['2024-01-10', null], is_active: [true, null] },
      changeNames: null,
    })
    const completed = event(4, {
      action: 'complete',
      resource: 'review',
      changes: { completed_at: [null, '2026-03-04T14:05:00+00:00'], status: ['in_progress', 'completed'] },
      changeNames: null,
    })
    render(<AuditEventTable events={[removed, completed]} label="Audit events" />)
    const [first, second] = screen.getAllByRole('list', { name: 'Changes' })
    expect(changes(first!)).toEqual(['Active: Yes', 'Issued: Jan 10, 2024'])
    expect(changes(second!)).toEqual([
      'Status: In Progress → Completed',
      `Completed: — → ${formatMoment('2026-03-04T14:05:00Z')}`,
    ])
  })
})

describe('AuditEventTable on a narrow screen', () => {
  it('lists the events as cards with who, when, the action, the record, what changed and from where', () => {
    windowOf(false)
    render(<AuditEventTable events={[event(1), CREATED_ACCOUNT]} label="Employee history" linkEmployee={false} />)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    const cards = Array.from(screen.getByRole('list', { name: 'Employee history' }).children) as HTMLElement[]
    expect(cards).toHaveLength(2)
    const [update] = cards
    expect(within(update!).getByText('Olivia Owens', { selector: '[title]' })).toBeInTheDocument()
    expect(within(update!).getByText(formatMoment('2026-03-04T14:05:00Z'))).toBeInTheDocument()
    expect(within(update!).getByText('Updated')).toBeInTheDocument()
    expect(within(update!).getByText('Employee #2')).toBeInTheDocument()
    expect(within(update!).queryByRole('link')).not.toBeInTheDocument()
    expect(within(update!).getByRole('list', { name: 'Changes' })).toHaveTextContent('Manager: — → Olivia Owens')
    expect(within(update!).getByText('10.1.2.3')).toHaveAttribute('title', 'req-1')
  })

  it('turns from cards into a table and back as the window is resized', () => {
    const screenSize = windowOf(false)
    render(<AuditEventTable events={[event(1)]} label="Audit events" />)
    expect(screen.getByRole('list', { name: 'Audit events' })).toBeInTheDocument()
    screenSize.resize(true)
    expect(screen.getByRole('table', { name: 'Audit events' })).toBeInTheDocument()
    screenSize.resize(false)
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import AuditLogPage, { AUDIT_PER_PAGE } from './audit-log-page'

const event = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  at: '2026-03-04T14:05:00Z',
  actorUserId: null,
  actorName: 'Administrator',
  actorRole: 'admin',
  action: 'update',
  resource: 'employee',
  recordId: '7',
  employeeId: 7,
  employeeName: 'Grace Hopper',
  summary: 'Updated employee Grace Hopper (EMP0007): position',
  changes: { position: ['Engineer', 'Lead'] },
  ip: '10.1.2.3',
  requestId: 'req-1',
  ...over,
})

const EVENTS = [
  event(3),
  event(2, {
    actorUserId: 'u-hanna',
    actorName: 'Hanna Rask',
    actorRole: 'hr',
    action: 'sign_in_failed',
    resource: 'session',
    recordId: null,
    employeeId: null,
    employeeName: null,
    summary: 'Sign-in refused for Hanna Rask',
    changes: null,
  }),
]

const ACTORS = [
  { userId: null, name: 'Administrator', role: 'admin' },
  { userId: 'u-hanna', name: 'Hanna Rask', role: 'hr' },
]

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/audit-events': () =>
      new Response(JSON.stringify(EVENTS), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '2' },
      }),
    'GET /api/audit-events/actors': jsonResponse(200, ACTORS),
    ...extra,
  })
}

function renderPage() {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      <AuditLogPage />
    </AssistantContext.Provider>,
    { as: 'admin' },
  )
}

const lastQuery = (fetchMock: ReturnType<typeof mockApi>, path: string) =>
  Object.fromEntries(
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), window.location.origin))
      .filter((url) => url.pathname === path)
      .at(-1)!.searchParams,
  )

const rows = async () => within(await screen.findByRole('table', { name: 'Audit events' })).getAllByRole('row').slice(1)

afterEach(() => window.history.replaceState(null, '', '/'))

describe('AuditLogPage', () => {
  it('lists who did what, to which record, with the fields before and after, and from where', async () => {
    api()
    renderPage()
    const [update, refused] = await rows()
    expect(within(update!).getByText('Administrator')).toBeInTheDocument()
    expect(within(update!).getByText('Shared sign-in')).toBeInTheDocument()
    expect(within(update!).getByText('Updated')).toBeInTheDocument()
    expect(within(update!).getByText('Employee #7')).toBeInTheDocument()
    expect(within(update!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/employees/7')
    expect(within(update!).getByRole('list', { name: 'Changes' })).toHaveTextContent('Position: Engineer → Lead')
    expect(within(update!).getByText('10.1.2.3')).toHaveAttribute('title', 'req-1')
    expect(within(refused!).getByText('Hanna Rask')).toHaveAttribute('title', 'Account u-hanna')
    expect(within(refused!).queryByText('Shared sign-in')).not.toBeInTheDocument()
    expect(within(refused!).getByText('Sign-in refused')).toHaveAttribute('data-variant', 'destructive')
    expect(screen.getByText('Showing 1–2 of 2 events')).toBeInTheDocument()
  })

  it('asks the server for the person, record, action and dates chosen, one page at a time', async () => {
    const fetchMock = api()
    renderPage()
    await rows()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'u-hanna')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'employee')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'archive')
    await userEvent.type(screen.getByLabelText('Record ID'), '42')
    await userEvent.type(screen.getByLabelText('From'), '2026-01-01')
    await userEvent.type(screen.getByLabelText('To'), '2026-01-31')
    await waitFor(() =>
      expect(lastQuery(fetchMock, '/api/audit-events')).toEqual({
        actor: 'u-hanna',
        resource: 'employee',
        action: 'archive',
        recordId: '42',
        from: '2026-01-01',
        to: '2026-01-31',
        page: '1',
        pageSize: String(AUDIT_PER_PAGE),
      }),
    )
    // The shared sign-ins are chosen by their role.
    expect(screen.getByRole('option', { name: 'Administrator (shared sign-in)' })).toHaveValue('admin')
  })

  it('exports the filtered log as CSV', async () => {
    const fetchMock = api({
      'GET /api/audit-events/export': new Response('When,Who\r\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    })
    // jsdom has no object URLs; lend it a pair for this test only.
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    const createObjectURL = vi.fn(() => 'blob:audit')
    URL.createObjectURL = createObjectURL
    URL.revokeObjectURL = vi.fn()
    onTestFinished(() => {
      URL.createObjectURL = saved.create
      URL.revokeObjectURL = saved.revoke
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderPage()
    await rows()
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'delete')
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(click).toHaveBeenCalled())
    expect(createObjectURL).toHaveBeenCalled()
    expect(lastQuery(fetchMock, '/api/audit-events/export')).toEqual({ action: 'delete' })
  })

  it('says when nothing matches and when the log cannot be loaded', async () => {
    api({ 'GET /api/audit-events': jsonResponse(200, []) })
    const { unmount } = renderPage()
    expect(await screen.findByText('No events match these filters')).toBeInTheDocument()
    unmount()

    api({ 'GET /api/audit-events': jsonResponse(400, { message: "'to' must not be before 'from'" }) })
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent("'to' must not be before 'from'")
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { UserManagementCard } from './user-management-card'

const user = (over: Record<string, unknown>) => ({
  role: 'user',
  isActive: true,
  hasPassword: true,
  lastName: null,
  employeeId: null,
  employee: null,
  createdAt: '2030-01-01T00:00:00Z',
  updatedAt: '2030-01-01T00:00:00Z',
  ...over,
})

const ADA = user({ id: 'u-1', email: 'ada@acme.test', firstName: 'Ada', role: 'admin' })
const GRACE = user({
  id: 'u-2',
  email: 'grace@acme.test',
  firstName: 'Grace',
  role: 'manager',
  employeeId: 12,
  employee: { id: 12, name: 'Grace Hopper' },
})

const EMPLOYEES = [
  { id: 12, firstName: 'Grace', lastName: 'Hopper', position: 'Principal Engineer', email: 'grace@acme.test' },
  { id: 14, firstName: 'Ada', lastName: 'Lovelace', position: 'CTO', email: 'ada@acme.test' },
]

/** The users, the employee search and the link route, with every request's body kept. */
function api(linkReply?: (body: { employeeId: number | null }) => Response) {
  const sent: { url: string; body: unknown }[] = []
  mockApi({
    'GET /api/users': jsonResponse(200, [ADA, GRACE]),
    'GET /api/auth/user': jsonResponse(200, { id: 'u-1', role: 'admin', name: 'Ada' }),
    'GET /api/employees': (_, url) => {
      const search = (url.searchParams.get('search') ?? '').toLowerCase()
      return jsonResponse(200, EMPLOYEES.filter((e) => `${e.firstName} ${e.lastName}`.toLowerCase().includes(search)))
    },
    'PUT /api/users/u-1/employee': (init) => {
      const body = JSON.parse(String(init.body)) as { employeeId: number | null }
      sent.push({ url: '/api/users/u-1/employee', body })
      return linkReply?.(body) ?? jsonResponse(200, { ...ADA, employeeId: body.employeeId })
    },
    'PUT /api/users/u-2/employee': (init) => {
      const body = JSON.parse(String(init.body)) as { employeeId: number | null }
      sent.push({ url: '/api/users/u-2/employee', body })
      return jsonResponse(200, { ...GRACE, employeeId: null, employee: null })
    },
    'POST /api/users': (init) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>
      sent.push({ url: '/api/users', body })
      return jsonResponse(201, user({ ...body }))
    },
  })
  return sent
}

describe('User Management: the employee of each account', () => {
  it('shows the linked employee, with a link to the profile, or that there is none', async () => {
    api()
    renderWithProviders(<UserManagementCard />, { as: 'admin' })
    expect(await screen.findByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/employees/12')
    expect(screen.getByText('No employee linked')).toBeInTheDocument()
  })

  it('links an account to the employee chosen by searching', async () => {
    const sent = api()
    renderWithProviders(<UserManagementCard />, { as: 'admin' })
    await userEvent.click(await screen.findByRole('button', { name: 'Employee of Ada' }))
    const dialog = await screen.findByRole('dialog', { name: 'Employee of Ada' })
    expect(within(dialog).getByText(/sees no records until it is linked/)).toBeInTheDocument()
    await userEvent.type(within(dialog).getByLabelText('Employee'), 'love')
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Ada Lovelace/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link Employee' }))
    await waitFor(() => expect(sent).toEqual([{ url: '/api/users/u-1/employee', body: { employeeId: 14 } }]))
    expect(await screen.findByText('Employee linked')).toBeInTheDocument()
  })

  it("keeps the dialog open with the server's refusal", async () => {
    api(() => jsonResponse(409, { message: 'This employee is already linked to another account' }))
    renderWithProviders(<UserManagementCard />, { as: 'admin' })
    await userEvent.click(await screen.findByRole('button', { name: 'Employee of Ada' }))
    const dialog = await screen.findByRole('dialog', { name: 'Employee of Ada' })
    await userEvent.type(within(dialog).getByLabelText('Employee'), 'grace')
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Grace Hopper/ }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Link Employee' }))
    expect(await within(dialog).findByText('This employee is already linked to another account')).toBeInTheDocument()
  })

  it('unlinks an account from its employee', async () => {
    const sent = api()
    renderWithProviders(<UserManagementCard />, { as: 'admin' })
    await userEvent.click(await screen.findByRole('button', { name: 'Employee of Grace' }))
    const dialog = await screen.findByRole('dialog', { name: 'Employee of Grace' })
    expect(within(dialog).getByText(/Linked to Grace Hopper/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }))
    await waitFor(() => expect(sent).toEqual([{ url: '/api/users/u-2/employee', body: { employeeId: null } }]))
    expect(await screen.findByText('Employee unlinked')).toBeInTheDocument()
  })

  it('links a new account to the employee chosen when adding it', async () => {
    const sent = api()
    renderWithProviders(<UserManagementCard />, { as: 'admin' })
    await userEvent.click(await screen.findByRole('button', { name: 'Add User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add User' })
    await userEvent.type(within(dialog).getByLabelText('Email'), 'ada.l@acme.test')
    await userEvent.type(within(dialog).getByLabelText('First password'), 'Welcome2026!')
    await userEvent.type(within(dialog).getByLabelText('Employee (optional)'), 'ada{Enter}')
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Ada Lovelace/ }))
    expect(within(dialog).getByText(/Chosen:/)).toHaveTextContent('Chosen: Ada Lovelace')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add User' }))
    await waitFor(() => expect(sent.map((s) => s.url)).toEqual(['/api/users']))
    expect(sent[0]!.body).toMatchObject({ email: 'ada.l@acme.test', employeeId: 14 })
  })
})

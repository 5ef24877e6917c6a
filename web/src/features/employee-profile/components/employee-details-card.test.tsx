import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import type { Employee } from '../api/get-employee'
import { EmployeeDetailsCard } from './employee-details-card'

const employee = {
  id: 12,
  employeeId: 'EMP012',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  department: 'engineering',
  position: 'Principal Engineer',
  startDate: '2020-03-02',
  managerId: null,
  reviewSchedule: 'quarterly',
  nextReviewDate: '2030-06-30',
  isArchived: false,
} as Employee

const review = (id: number, dueDate: string, status = 'pending') => ({
  id,
  status,
  reviewType: 'quarterly',
  dueDate,
  completedAt: null,
  responses: {},
  rating: null,
  template: { name: 'Quarterly', questions: [] },
})

function show(reviews: unknown[], person: Employee = employee) {
  mockApi({
    'GET /api/reviews': jsonResponse(200, reviews),
    'GET /api/departments': jsonResponse(200, []),
  })
  renderWithProviders(<EmployeeDetailsCard employee={person} />)
}

const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling

describe('EmployeeDetailsCard review dates', () => {
  it('shows the open review due date apart from the next scheduled review, and marks it overdue', async () => {
    show([review(1, '2020-01-10', 'completed'), review(2, '2030-09-01'), review(3, '2021-02-03', 'in_progress')])
    expect(await screen.findByText('Due Feb 3, 2021')).toBeInTheDocument()
    expect(detail('Open Review')).toHaveTextContent('Due Feb 3, 2021 · Overdue')
    expect(detail('Next Scheduled Review')).toHaveTextContent(
      'Jun 30, 2030A review is created 14 days before, unless one is open',
    )
  })

  it('says when the open review is the scheduled one, and when none is open', async () => {
    show([review(2, '2030-06-30')])
    expect(await screen.findByText('Its review is open')).toBeInTheDocument()
    expect(detail('Open Review')).toHaveTextContent(/^Due Jun 30, 2030$/)
  })

  it('says none is open and not scheduled', async () => {
    show([review(1, '2020-01-10', 'completed')], { ...employee, nextReviewDate: null })
    expect(await screen.findByText('None open')).toBeInTheDocument()
    expect(detail('Next Scheduled Review')).toHaveTextContent(/^Not scheduled$/)
  })
})

describe('EmployeeDetailsCard manager', () => {
  const reporting = { ...employee, managerId: 'EMP001' } as Employee
  const entry = (over: Record<string, unknown>) => ({
    id: 12,
    firstName: 'Grace',
    lastName: 'Hopper',
    position: 'Principal Engineer',
    department: 'engineering',
    departmentName: 'Engineering',
    email: 'grace@example.com',
    managerId: 'EMP001',
    managerName: 'Ada King',
    ...over,
  })

  it('names the manager from the directory for a reader whose employee list holds only themselves', async () => {
    const fetchMock = mockApi({
      'GET /api/reviews': jsonResponse(200, []),
      'GET /api/departments': jsonResponse(200, []),
      // A user under need to know: the list answers their own record only.
      'GET /api/employees': jsonResponse(200, [reporting]),
      'GET /api/directory': (_init, url) =>
        jsonResponse(200, url.searchParams.get('search') === 'Grace Hopper' ? [entry({ id: 40 }), entry({})] : []),
    })
    renderWithProviders(<EmployeeDetailsCard employee={reporting} />)
    await screen.findByText('Ada King')
    expect(detail('Manager')).toHaveTextContent(/^Ada King \(EMP001\)$/)
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/employees'))).toBe(false)
  })

  it('looks an archived employee’s manager up in the employee list (the directory leaves them out)', async () => {
    mockApi({
      'GET /api/reviews': jsonResponse(200, []),
      'GET /api/departments': jsonResponse(200, []),
      'GET /api/directory': jsonResponse(200, []),
      'GET /api/employees': jsonResponse(200, [{ ...employee, id: 1, employeeId: 'EMP001', firstName: 'Ada', lastName: 'King' }]),
    })
    renderWithProviders(<EmployeeDetailsCard employee={{ ...reporting, isArchived: true }} />)
    await screen.findByText('Ada King')
    expect(detail('Manager')).toHaveTextContent(/^Ada King \(EMP001\)$/)
  })

  it('shows the manager’s ID when no name can be found', async () => {
    mockApi({ 'GET /api/reviews': jsonResponse(200, []), 'GET /api/departments': jsonResponse(200, []) })
    renderWithProviders(<EmployeeDetailsCard employee={reporting} />)
    await waitFor(() => expect(detail('Manager')).toHaveTextContent(/^EMP001$/))
  })
})

describe('EmployeeDetailsCard header', () => {
  // jsdom lays nothing out: the test holds the structure the phone layout rests on.
  it('puts the actions below the name and position on a phone, beside them from the sm breakpoint', async () => {
    mockApi({ 'GET /api/reviews': jsonResponse(200, []), 'GET /api/departments': jsonResponse(200, []) })
    const onEdit = vi.fn()
    renderWithProviders(<EmployeeDetailsCard employee={employee} onEdit={onEdit} />)
    const name = screen.getByRole('heading', { name: 'Grace Hopper' })
    const actions = screen.getByRole('group', { name: 'Profile actions' })
    const edit = within(actions).getByRole('button', { name: 'Edit Employee' })
    // Name and position in one block, the actions in another: neither shares a row with the other.
    const identity = name.closest('div.flex-1')!.parentElement!
    expect(identity).toContainElement(screen.getByText('Principal Engineer · ID EMP012'))
    expect(identity).not.toContainElement(edit)
    // The two stack (a column) below sm and sit side by side (a row) from sm up.
    const header = identity.parentElement!
    expect(header).toBe(actions.parentElement)
    expect(header).toHaveClass('flex-col', 'sm:flex-row')
    expect(edit).toHaveClass('w-full', 'sm:w-auto')
    await userEvent.setup().click(edit)
    expect(onEdit).toHaveBeenCalledOnce()
  })

  it('shows no actions to a reader who cannot edit the employee', () => {
    mockApi({ 'GET /api/reviews': jsonResponse(200, []), 'GET /api/departments': jsonResponse(200, []) })
    renderWithProviders(<EmployeeDetailsCard employee={employee} />)
    expect(screen.getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Profile actions' })).not.toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import type { Employee } from '../api/employee'
import { EditEmployeeDialog } from './edit-employee-dialog'
import { bodyOf, DEPARTMENTS, makeEmployee, PEOPLE } from './test-data'

const LISTS = {
  'GET /api/departments': jsonResponse(200, DEPARTMENTS),
  'GET /api/employees': jsonResponse(200, PEOPLE),
}

const SAM = makeEmployee({
  id: 3,
  employeeId: 'EMP0003',
  firstName: 'Sam',
  lastName: 'Seller',
  email: 'sam@example.com',
  department: 'sales',
  position: 'Account Executive',
  managerId: 'EMP0002',
  reviewSchedule: 'monthly',
  startDate: '2022-02-01',
  nextReviewDate: '2020-05-01',
  profilePhotoUrl: 'https://cdn.example.com/sam.png',
})

async function renderDialog(employee: Employee = SAM) {
  const onOpenChange = vi.fn()
  renderWithProviders(<EditEmployeeDialog employee={employee} open onOpenChange={onOpenChange} />)
  await screen.findByLabelText('Employee ID')
  return { onOpenChange }
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))

describe('EditEmployeeDialog', () => {
  it('starts from the employee, with monthly among four schedules and the manager selected', async () => {
    mockApi(LISTS)
    await renderDialog()
    expect(screen.getByLabelText('Employee ID')).toHaveValue('EMP0003')
    expect(screen.getByLabelText('First Name')).toHaveValue('Sam')
    expect(screen.getByLabelText('Email Address')).toHaveValue('sam@example.com')
    expect(screen.getByLabelText('Department')).toHaveValue('sales')
    expect(screen.getByLabelText('Manager')).toHaveValue('EMP0002')
    expect(screen.getByLabelText('Review Schedule')).toHaveValue('monthly')
    expect(screen.getByLabelText('Start Date')).toHaveValue('2022-02-01')
    expect(screen.getByLabelText('Next Review Date')).toHaveValue('2020-05-01')
    expect(screen.getByLabelText('Profile Photo URL')).toHaveValue('https://cdn.example.com/sam.png')
    const schedules = within(screen.getByLabelText('Review Schedule')).getAllByRole('option')
    expect(schedules.map((o) => o.textContent)).toEqual(['Monthly', 'Quarterly', 'Biannual', 'Annual'])
    // Nobody manages themself.
    const managers = within(screen.getByLabelText('Manager')).getAllByRole('option').map((o) => o.textContent)
    expect(managers).toEqual(['No manager', 'Ada Lovelace (EMP0001)', 'Grace Hopper (EMP0002)'])
  })

  it('saves every field; the manager "none" goes as null and blanks clear', async () => {
    const fetchMock = mockApi({ ...LISTS, 'PUT /api/employees/3': jsonResponse(200, SAM) })
    const { onOpenChange } = await renderDialog()
    await userEvent.selectOptions(screen.getByLabelText('Manager'), 'none')
    await userEvent.clear(screen.getByLabelText('Email Address'))
    await userEvent.clear(screen.getByLabelText('Profile Photo URL'))
    await userEvent.clear(screen.getByLabelText('Position'))
    await userEvent.type(screen.getByLabelText('Position'), ' Sales Lead ')
    await save()

    expect(await screen.findByText('Employee updated')).toBeInTheDocument()
    expect(bodyOf(fetchMock, 'PUT', '/api/employees/3')).toEqual({
      employeeId: 'EMP0003',
      firstName: 'Sam',
      lastName: 'Seller',
      email: null,
      department: 'sales',
      position: 'Sales Lead',
      startDate: '2022-02-01',
      // A next review date in the past is fine when editing.
      nextReviewDate: '2020-05-01',
      managerId: null,
      reviewSchedule: 'monthly',
      profilePhotoUrl: null,
    })
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
  })

  it('lists the server\'s validation messages', async () => {
    const fetchMock = mockApi(LISTS)
    await renderDialog()
    await userEvent.clear(screen.getByLabelText('Employee ID'))
    await userEvent.type(screen.getByLabelText('Employee ID'), 'AB')
    await userEvent.clear(screen.getByLabelText('First Name'))
    await userEvent.clear(screen.getByLabelText('Last Name'))
    await userEvent.type(screen.getByLabelText('Last Name'), 'L'.repeat(51))
    await userEvent.clear(screen.getByLabelText('Email Address'))
    await userEvent.type(screen.getByLabelText('Email Address'), 'sam@')
    await userEvent.clear(screen.getByLabelText('Start Date'))
    await userEvent.clear(screen.getByLabelText('Profile Photo URL'))
    await userEvent.type(screen.getByLabelText('Profile Photo URL'), 'not a url')
    await save()

    const summary = await screen.findByRole('alert')
    expect(within(summary).getByText('Please fix the following errors:')).toBeInTheDocument()
    expect(within(summary).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Employee ID must be between 3 and 20 characters',
      'First name is required',
      'Last name must not exceed 50 characters',
      'Invalid email format',
      'Invalid start date',
      'Invalid profile photo URL',
    ])
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false)
  })

  it("shows the server's text when saving fails", async () => {
    mockApi({
      ...LISTS,
      'PUT /api/employees/3': jsonResponse(400, { message: 'This manager assignment would create a reporting cycle' }),
    })
    const { onOpenChange } = await renderDialog()
    await save()
    expect(await screen.findByText('This manager assignment would create a reporting cycle')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalledWith(false)
  })

  it("falls back to 'Failed to update employee. Please try again.'", async () => {
    mockApi({ ...LISTS, 'PUT /api/employees/3': new Response('', { status: 500 }) })
    await renderDialog()
    await save()
    expect(await screen.findByText('Failed to update employee. Please try again.')).toBeInTheDocument()
  })

  it('keeps a manager who is not in the active list selectable', async () => {
    mockApi(LISTS)
    await renderDialog(makeEmployee({ id: 1, managerId: 'EMP0999', department: null }))
    expect(screen.getByLabelText('Manager')).toHaveValue('EMP0999')
    expect(screen.getByLabelText('Department')).toHaveValue('')
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { localToday } from '@/lib/date-range'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { AddEmployeeDialog } from './add-employee-dialog'
import { bodyOf, DEPARTMENTS, makeEmployee, PEOPLE } from './test-data'

const LISTS = {
  'GET /api/departments': jsonResponse(200, DEPARTMENTS),
  'GET /api/employees': jsonResponse(200, PEOPLE),
}

function shift(days: number): string {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return localToday(d)
}

async function renderDialog() {
  const onOpenChange = vi.fn()
  const utils = renderWithProviders(<AddEmployeeDialog open onOpenChange={onOpenChange} />)
  await screen.findByLabelText('First Name')
  return { onOpenChange, ...utils }
}

async function fillRequired() {
  await userEvent.type(screen.getByLabelText('First Name'), '  Alan ')
  await userEvent.type(screen.getByLabelText('Last Name'), 'Turing')
}

async function setDate(label: string, value: string) {
  const input = screen.getByLabelText(label)
  await userEvent.clear(input)
  if (value) await userEvent.type(input, value)
}

describe('AddEmployeeDialog', () => {
  it('has the employee fields with three review schedules and every department and manager', async () => {
    mockApi(LISTS)
    await renderDialog()
    for (const label of ['Email Address', 'Position', 'Start Date', 'Next Review Date', 'Profile photo']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument()
    }
    expect(screen.getByText('PNG, JPG up to 5MB')).toBeInTheDocument()
    const schedules = within(screen.getByLabelText('Review Schedule')).getAllByRole('option')
    expect(schedules.map((o) => o.textContent)).toEqual(['Quarterly', 'Biannual', 'Annual'])
    expect(screen.getByLabelText('Review Schedule')).toHaveValue('quarterly')
    expect(within(screen.getByLabelText('Department')).getByRole('option', { name: 'Sales' })).toHaveValue('sales')
    expect(within(screen.getByLabelText('Manager')).getByRole('option', { name: 'Grace Hopper (EMP0002)' })).toBeInTheDocument()
    expect(screen.getByLabelText('Manager')).toHaveValue('none')
    expect(screen.getByLabelText('Start Date')).toHaveValue(localToday())
  })

  it('lists every problem under "Please fix the following errors:" and sends nothing', async () => {
    const fetchMock = mockApi(LISTS)
    await renderDialog()
    await userEvent.type(screen.getByLabelText('First Name'), 'x'.repeat(51))
    await userEvent.type(screen.getByLabelText('Email Address'), 'not-an-email')
    await userEvent.type(screen.getByLabelText('Position'), 'P')
    await setDate('Start Date', '')
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }))

    const summary = await screen.findByRole('alert')
    expect(within(summary).getByText('Please fix the following errors:')).toBeInTheDocument()
    expect(within(summary).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'First name must not exceed 50 characters',
      'Last name is required',
      'Invalid email format',
      'Position must be at least 2 characters',
      'Invalid start date',
    ])
    expect(screen.getByLabelText('Last Name')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })

  it.each([
    ['Start date cannot be in the future', 'Start Date', shift(1)],
    ['Start date must be between 1900-01-01 and 2100-12-31', 'Start Date', '1899-12-31'],
    ['Start date must be between 1900-01-01 and 2100-12-31', 'Start Date', '9999-12-31'],
    ['Next review date must be between 1900-01-01 and 2100-12-31', 'Next Review Date', '9999-12-31'],
    ['Next review date cannot be in the past', 'Next Review Date', shift(-1)],
  ])('checks the dates of the add dialog: %s', async (message, label, value) => {
    mockApi(LISTS)
    await renderDialog()
    await fillRequired()
    await setDate(label, value)
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  it('adds the employee: trimmed, e-mail lowercased, empty optional values left out', async () => {
    const fetchMock = mockApi({ ...LISTS, 'POST /api/employees': jsonResponse(201, makeEmployee({ id: 9 })) })
    const { onOpenChange } = await renderDialog()
    await fillRequired()
    await setDate('Start Date', '2021-06-01')
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }))

    expect(await screen.findByText('Employee added successfully!')).toBeInTheDocument()
    expect(screen.getByText('Success')).toBeInTheDocument()
    expect(bodyOf(fetchMock, 'POST', '/api/employees')).toEqual({
      firstName: 'Alan',
      lastName: 'Turing',
      startDate: '2021-06-01',
      managerId: null,
      reviewSchedule: 'quarterly',
    })
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
  })

  it('sends every field that was filled in', async () => {
    const fetchMock = mockApi({ ...LISTS, 'POST /api/employees': jsonResponse(201, makeEmployee({ id: 9 })) })
    await renderDialog()
    await fillRequired()
    await userEvent.type(screen.getByLabelText('Email Address'), 'Alan.Turing@Example.com')
    await userEvent.selectOptions(screen.getByLabelText('Department'), 'sales')
    await userEvent.type(screen.getByLabelText('Position'), 'Cryptanalyst')
    await setDate('Start Date', '2020-01-15')
    await userEvent.selectOptions(screen.getByLabelText('Manager'), 'EMP0002')
    await userEvent.selectOptions(screen.getByLabelText('Review Schedule'), 'annual')
    await setDate('Next Review Date', shift(10))
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }))

    await screen.findByText('Employee added successfully!')
    expect(bodyOf(fetchMock, 'POST', '/api/employees')).toEqual({
      firstName: 'Alan',
      lastName: 'Turing',
      email: 'alan.turing@example.com',
      department: 'sales',
      position: 'Cryptanalyst',
      startDate: '2020-01-15',
      nextReviewDate: shift(10),
      managerId: 'EMP0002',
      reviewSchedule: 'annual',
    })
  })

  it("shows the server's message when adding fails and stays open", async () => {
    mockApi({
      ...LISTS,
      'POST /api/employees': jsonResponse(409, { message: "An employee with email 'a@b.co' already exists" }),
    })
    const { onOpenChange } = await renderDialog()
    await fillRequired()
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }))
    expect(await screen.findByText("An employee with email 'a@b.co' already exists")).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
    expect(onOpenChange).not.toHaveBeenCalledWith(false)
  })

  it("falls back to 'Failed to add employee' without a server message", async () => {
    mockApi({ ...LISTS, 'POST /api/employees': new Response('', { status: 502 }) })
    await renderDialog()
    await fillRequired()
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }))
    expect(await screen.findByText('Failed to add employee')).toBeInTheDocument()
  })

  it('checks the profile photo but does not send it', async () => {
    mockApi(LISTS)
    await renderDialog()
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' })
    await userEvent.upload(screen.getByLabelText('Profile photo'), big)
    expect(await screen.findByText('The photo must be 5MB or smaller')).toBeInTheDocument()
    await userEvent.upload(screen.getByLabelText('Profile photo'), new File(['x'], 'me.jpg', { type: 'image/jpeg' }))
    expect(await screen.findByText('me.jpg')).toBeInTheDocument()
    expect(screen.queryByText('The photo must be 5MB or smaller')).not.toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import type { Role } from '@/lib/roles'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { viewerFor } from '@/test/access'
import EmployeesPage, { EMPLOYEES_PER_PAGE, employeesSubtitle } from './employees-page'
import { DEPARTMENTS, listUrls, makeEmployee, PEOPLE } from './test-data'

/** The page carries the shared header, whose help button needs the assistant context. */
function renderPage(role: Role = 'admin') {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      <EmployeesPage />
    </AssistantContext.Provider>,
    { as: role },
  )
}

const cards = () => within(screen.getByRole('list', { name: 'Employees' })).getAllByRole('article')

describe('EmployeesPage', () => {
  it('shows 6 skeletons while loading', () => {
    mockApi({
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
      'GET /api/employees': () => new Promise<Response>(() => {}),
    })
    renderPage()
    expect(screen.getAllByTestId('employee-skeleton')).toHaveLength(6)
  })

  it('shows a card per employee with their details', async () => {
    mockApi({
      'GET /api/employees': jsonResponse(200, [
        makeEmployee({ isArchived: true, nextReviewDate: '2030-01-15', startDate: '2023-03-01' }),
      ]),
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
    })
    renderPage()
    const card = await screen.findByRole('article', { name: 'Ada Lovelace' })
    const inCard = within(card)
    expect(inCard.getByText('AL')).toBeInTheDocument()
    expect(inCard.getByText('Archived')).toBeInTheDocument()
    expect(inCard.getByText('Software Engineer')).toBeInTheDocument()
    expect(inCard.getByText('ada@example.com')).toBeInTheDocument()
    expect(await inCard.findByText('Engineering')).toBeInTheDocument()
    expect(inCard.getByText('EMP0001')).toBeInTheDocument()
    expect(inCard.getByText('Mar 1, 2023')).toBeInTheDocument()
    expect(inCard.getByText('Quarterly')).toBeInTheDocument()
    expect(inCard.getByText('Jan 15, 2030')).toBeInTheDocument()
    expect(inCard.getByRole('link', { name: 'View Profile of Ada Lovelace' })).toHaveAttribute('href', '/employees/1')
  })

  it("says 'No employees found' when nothing matches", async () => {
    mockApi({ 'GET /api/employees': jsonResponse(200, []), 'GET /api/departments': jsonResponse(200, DEPARTMENTS) })
    renderPage()
    expect(await screen.findByText('No employees found')).toBeInTheDocument()
  })

  it("says 'Failed to fetch employees' when the list cannot be loaded", async () => {
    mockApi({ 'GET /api/employees': jsonResponse(500, { message: 'x' }), 'GET /api/departments': jsonResponse(200, []) })
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch employees')
  })

  it('filters by department and asks the server for archived people and for searches', async () => {
    const fetchMock = mockApi({
      'GET /api/employees': (_, url) => {
        const department = url.searchParams.get('department')
        return jsonResponse(200, PEOPLE.filter((e) => !department || e.department === department))
      },
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
    })
    renderPage()
    await screen.findByRole('article', { name: 'Sam Seller' })
    expect(cards()).toHaveLength(3)
    const filter = screen.getByLabelText('Department')
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'All Departments',
      'Engineering',
      'Sales',
    ])
    await userEvent.selectOptions(filter, 'sales')
    await waitFor(() => expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual(['Sam Seller']))
    expect(window.location.search).toBe('?department=sales')
    await userEvent.selectOptions(filter, '')
    await waitFor(() => expect(cards()).toHaveLength(3))

    await userEvent.click(screen.getByRole('button', { name: 'Show Archived' }))
    await waitFor(() => expect(listUrls(fetchMock).at(-1)?.searchParams.get('archived')).toBe('all'))
    expect(screen.getByRole('button', { name: 'Hide Archived' })).toBeInTheDocument()

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search employees' }), 'grace')
    await waitFor(() => expect(listUrls(fetchMock).at(-1)?.searchParams.get('search')).toBe('grace'))
    // Typing is debounced: one request for the whole word, not one per letter.
    expect(listUrls(fetchMock).filter((u) => u.searchParams.has('search'))).toHaveLength(1)
    expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({ archived: 'all', q: 'grace' })
  })

  it('asks the server for one page at a time and pages with the total it counts', async () => {
    const fetchMock = mockApi({
      'GET /api/employees': () =>
        new Response(JSON.stringify(PEOPLE), {
          status: 200,
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': '50' },
        }),
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
    })
    renderPage()
    expect(await screen.findByText(`Showing 1–${EMPLOYEES_PER_PAGE} of 50 employees`)).toBeInTheDocument()
    expect(listUrls(fetchMock).at(-1)?.searchParams.get('pageSize')).toBe(String(EMPLOYEES_PER_PAGE))
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    await waitFor(() => expect(listUrls(fetchMock).at(-1)?.searchParams.get('page')).toBe('2'))
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument()
    expect(window.location.search).toBe('?page=2')
  })

  it('opens from its address with the same filters, sort, view and page (a shared link, a reload)', async () => {
    window.history.replaceState(
      null,
      '',
      '/employees?q=ada&department=engineering&reviewSchedule=annual&overdue=true&archived=archived&sort=-startDate&view=table&page=2',
    )
    const fetchMock = mockApi({
      'GET /api/employees': jsonResponse(200, [PEOPLE[0]]),
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
    })
    renderPage()
    const table = await screen.findByRole('table', { name: 'Employees' })
    expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/employees/1')
    expect(within(table).getByText('Software Engineer')).toBeInTheDocument()
    expect(Object.fromEntries(listUrls(fetchMock).at(-1)?.searchParams ?? [])).toEqual({
      search: 'ada',
      department: 'engineering',
      reviewSchedule: 'annual',
      overdue: 'true',
      archived: 'archived',
      sort: '-startDate',
      page: '2',
      pageSize: String(EMPLOYEES_PER_PAGE),
    })
    expect(screen.getByRole('searchbox', { name: 'Search employees' })).toHaveValue('ada')
    await waitFor(() => expect(screen.getByLabelText('Department')).toHaveValue('engineering'))
    expect(screen.getByLabelText('Review schedule')).toHaveValue('annual')
    expect(screen.getByLabelText('Next review')).toHaveValue('true')
    expect(screen.getByLabelText('Sort by')).toHaveValue('-startDate')
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true')

    // Back to cards: the address says so, the rest stays.
    await userEvent.click(screen.getByRole('button', { name: 'Cards' }))
    await screen.findByRole('list', { name: 'Employees' })
    expect(new URLSearchParams(window.location.search).get('view')).toBeNull()
    expect(new URLSearchParams(window.location.search).get('department')).toBe('engineering')
  })

  it.each<Role>(['manager', 'user'])('gives %s no add, upload or card menu', async (role) => {
    mockApi({ 'GET /api/employees': jsonResponse(200, PEOPLE), 'GET /api/departments': jsonResponse(200, DEPARTMENTS) })
    renderPage(role)
    await screen.findByRole('article', { name: 'Ada Lovelace' })
    expect(screen.queryByRole('button', { name: 'Add Employee' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Bulk Upload' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Actions for Ada Lovelace' })).not.toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /View Profile/ })).toHaveLength(3)
  })

  it('opens the add and bulk upload dialogs for hr', async () => {
    mockApi({ 'GET /api/employees': jsonResponse(200, PEOPLE), 'GET /api/departments': jsonResponse(200, DEPARTMENTS) })
    renderPage('hr')
    await screen.findByRole('article', { name: 'Ada Lovelace' })
    await userEvent.click(screen.getByRole('button', { name: 'Add Employee' }))
    expect(await screen.findByRole('dialog', { name: 'Add New Employee' })).toBeInTheDocument()
    await userEvent.keyboard('{Escape}')
    await userEvent.click(screen.getByRole('button', { name: 'Bulk Upload' }))
    expect(await screen.findByRole('dialog', { name: 'Bulk Employee Upload' })).toBeInTheDocument()
  })

  it('archives from the card menu and refreshes the list', async () => {
    const fetchMock = mockApi({
      'GET /api/employees': jsonResponse(200, PEOPLE),
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
      'POST /api/employees/1/archive': jsonResponse(200, makeEmployee({ isArchived: true })),
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }))
    const menu = screen.getByRole('menu', { name: 'Actions for Ada Lovelace' })
    expect(within(menu).getAllByRole('menuitem').map((m) => m.textContent)).toEqual([
      'Edit Employee',
      'Archive',
      'Delete Permanently',
    ])
    const listCalls = listUrls(fetchMock).length
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Archive' }))
    expect(await screen.findByText('Employee archived successfully')).toBeInTheDocument()
    await waitFor(() => expect(listUrls(fetchMock).length).toBeGreaterThan(listCalls))
  })

  it('restores an archived employee, with a failure toast when that fails', async () => {
    mockApi({
      'GET /api/employees': jsonResponse(200, [makeEmployee({ isArchived: true })]),
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
      'POST /api/employees/1/unarchive': new Response('', { status: 500 }),
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Restore' }))
    expect(await screen.findByText('Failed to unarchive employee')).toBeInTheDocument()
    expect(screen.getByText('Error')).toBeInTheDocument()
  })

  it('deletes permanently only after confirming', async () => {
    const fetchMock = mockApi({
      'GET /api/employees': jsonResponse(200, PEOPLE),
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
      'DELETE /api/employees/1': jsonResponse(200, { success: true, message: 'Employee deleted successfully' }),
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Permanently' }))
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Ada Lovelace permanently?' })
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)

    await userEvent.click(screen.getByRole('button', { name: 'Actions for Ada Lovelace' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Permanently' }))
    const again = await screen.findByRole('alertdialog')
    await userEvent.click(within(again).getByRole('button', { name: 'Delete Permanently' }))
    expect(await screen.findByText('Employee deleted successfully')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(true)
  })

  it("shows the server's message when deleting fails", async () => {
    mockApi({
      'GET /api/employees': jsonResponse(200, PEOPLE),
      'GET /api/departments': jsonResponse(200, DEPARTMENTS),
      'DELETE /api/employees/1': jsonResponse(404, { message: 'Employee not found' }),
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Ada Lovelace' }))
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete Permanently' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Permanently' }))
    expect(await screen.findByText('Employee not found')).toBeInTheDocument()
  })

  it('opens Edit Employee from the card menu, and the menu works from the keyboard', async () => {
    mockApi({ 'GET /api/employees': jsonResponse(200, PEOPLE), 'GET /api/departments': jsonResponse(200, DEPARTMENTS) })
    renderPage()
    const button = await screen.findByRole('button', { name: 'Actions for Grace Hopper' })
    button.focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitem', { name: 'Edit Employee' })).toHaveFocus()
    await userEvent.keyboard('{ArrowUp}')
    expect(screen.getByRole('menuitem', { name: 'Delete Permanently' })).toHaveFocus()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByRole('menu')).not.toBeInTheDocument()
    expect(button).toHaveFocus()
    await userEvent.click(button)
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit Employee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Employee' })
    expect(await within(dialog).findByLabelText('Employee ID')).toHaveValue('EMP0002')
  })
})

describe('employeesSubtitle', () => {
  it('says who is listed: managed by admin and hr, read by the others as far as they reach', () => {
    const ntk = { visibility: 'need_to_know' } as const
    expect(employeesSubtitle(viewerFor('hr').access)).toBe('Manage your team members and their information')
    expect(employeesSubtitle(viewerFor('user').access)).toBe('Everyone in the organization and their information')
    expect(employeesSubtitle(viewerFor('manager', { ...ntk, employeeId: 4 }).access)).toBe('You and the people who report to you')
    expect(employeesSubtitle(viewerFor('user', { ...ntk, employeeId: 5 }).access)).toBe('Your own record')
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Viewer } from '@/lib/access'
import { AssistantContext } from '@/lib/assistant'
import type { Role } from '@/lib/roles'
import { viewerFor } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import DirectoryPage, { DIRECTORY_PER_PAGE } from './directory-page'

const entry = (id: number, firstName: string, lastName: string, over: Record<string, unknown> = {}) => ({
  id,
  firstName,
  lastName,
  position: 'Engineer',
  department: 'engineering',
  departmentName: 'Engineering',
  email: `${firstName.toLowerCase()}@acme.test`,
  managerId: 'EMP001',
  managerName: 'Ada King',
  ...over,
})

const PEOPLE = [
  entry(1, 'Ada', 'King', { position: 'CTO', managerId: null, managerName: null }),
  entry(2, 'Grace', 'Hopper'),
  entry(3, 'Alan', 'Turing', { email: null }),
]

function renderPage(as: Role | Viewer) {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      <DirectoryPage />
    </AssistantContext.Provider>,
    { as },
  )
}

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/directory': () =>
      new Response(JSON.stringify(PEOPLE), {
        status: 200,
        headers: { 'Content-Type': 'application/json', 'X-Total-Count': '3' },
      }),
    'GET /api/departments': jsonResponse(200, [{ id: 1, name: 'Engineering', slug: 'engineering' }]),
    ...extra,
  })
}

const rows = async () => within(await screen.findByRole('list', { name: 'Directory' })).getAllByRole('listitem')

describe('DirectoryPage', () => {
  it('lists everyone with position, department, manager and e-mail', async () => {
    api()
    renderPage('manager')
    const [ada, grace, alan] = await rows()
    expect(within(ada!).getByText('CTO')).toBeInTheDocument()
    expect(within(grace!).getByText('Engineering')).toBeInTheDocument()
    expect(within(grace!).getByText('Reports to Ada King')).toBeInTheDocument()
    expect(within(grace!).getByRole('link', { name: 'grace@acme.test' })).toHaveAttribute('href', 'mailto:grace@acme.test')
    expect(within(alan!).getByText('No e-mail')).toBeInTheDocument()
    expect(screen.getByText('Showing 1–3 of 3 people')).toBeInTheDocument()
  })

  it('asks the server for the search, the department and a page', async () => {
    const fetchMock = api()
    renderPage('user')
    await rows()
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the directory' }), 'hop')
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Department' }), 'engineering')
    await waitFor(() => {
      const asked = fetchMock.mock.calls
        .map(([input]) => new URL(String(input), window.location.origin))
        .filter((url) => url.pathname === '/api/directory')
        .at(-1)!
      expect(Object.fromEntries(asked.searchParams)).toEqual({
        search: 'hop',
        department: 'engineering',
        page: '1',
        pageSize: String(DIRECTORY_PER_PAGE),
      })
    })
    window.history.replaceState(null, '', '/')
  })

  it('links every name to the profile for a reader who reads every profile', async () => {
    api()
    renderPage('user')
    for (const row of await rows()) expect(within(row).getAllByRole('link')[0]).toHaveAttribute('href', expect.stringMatching(/^\/employees\/\d$/))
  })

  it('under need to know links a user only to their own profile', async () => {
    const fetchMock = api()
    renderPage(viewerFor('user', { visibility: 'need_to_know', employeeId: 2 }))
    const [ada, grace] = await rows()
    expect(within(grace!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/employees/2')
    expect(within(ada!).queryByRole('link', { name: 'Ada King' })).not.toBeInTheDocument()
    expect(within(ada!).getByText('Ada King')).toBeInTheDocument()
    // A user has no line: the employee list is not asked.
    expect(fetchMock.mock.calls.some(([input]) => new URL(String(input), window.location.origin).pathname === '/api/employees')).toBe(false)
  })

  it('under need to know links a manager to the profiles in their reach', async () => {
    api({ 'GET /api/employees': jsonResponse(200, [{ id: 1 }, { id: 3 }]) })
    renderPage(viewerFor('manager', { visibility: 'need_to_know', employeeId: 1 }))
    expect(await screen.findByRole('link', { name: 'Alan Turing' })).toHaveAttribute('href', '/employees/3')
    expect(screen.getByRole('link', { name: 'Ada King' })).toHaveAttribute('href', '/employees/1')
    expect(screen.queryByRole('link', { name: 'Grace Hopper' })).not.toBeInTheDocument()
  })

  it('says when nothing matches and when the directory cannot be loaded', async () => {
    api({ 'GET /api/directory': jsonResponse(200, []) })
    const { unmount } = renderPage('user')
    expect(await screen.findByText('Nobody matches this search')).toBeInTheDocument()
    unmount()

    api({ 'GET /api/directory': jsonResponse(500, { message: 'x' }) })
    renderPage('user')
    expect(await screen.findByRole('alert')).toHaveTextContent('The directory could not be loaded')
  })
})

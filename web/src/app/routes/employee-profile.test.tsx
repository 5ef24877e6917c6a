import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Viewer } from '@/lib/access'
import { AssistantContext } from '@/lib/assistant'
import type { Role } from '@/lib/roles'
import { viewerFor } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import EmployeeProfileRoute from './employee-profile'

const employee = {
  id: 12,
  organizationId: 1,
  employeeId: 'EMP012',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  department: 'engineering',
  position: 'Principal Engineer',
  startDate: '2020-03-02',
  managerId: 'EMP001',
  reviewSchedule: 'quarterly',
  nextReviewDate: '2026-06-30',
  profilePhotoUrl: null,
  isArchived: false,
}

const doc = (over: Record<string, unknown>) => ({
  id: 1,
  employeeId: 12,
  documentType: 'contract',
  title: 'Employment contract',
  fileName: 'contract.pdf',
  fileSize: 2048,
  mimeType: 'application/pdf',
  filePath: '/api/employee-documents/files/aaa',
  isConfidential: false,
  tags: [],
  createdAt: '2026-01-05T10:00:00Z',
  ...over,
})

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/employees/12': jsonResponse(200, employee),
    'GET /api/employees': jsonResponse(200, [{ ...employee, id: 1, employeeId: 'EMP001', firstName: 'Ada', lastName: 'King', managerId: null }]),
    'GET /api/departments': jsonResponse(200, [{ id: 1, name: 'Engineering & Research', slug: 'engineering' }]),
    'GET /api/reviews': jsonResponse(200, []),
    'GET /api/employee-certifications': jsonResponse(200, [
      {
        id: 4,
        certificationTypeId: 2,
        issueDate: '2025-01-10',
        expirationDate: '2027-01-10',
        isActive: true,
        status: 'active',
        statusLabel: 'Active',
        certificationType: { name: 'First Aid', issuingOrganization: 'Red Cross' },
      },
    ]),
    'GET /api/employee-notes': jsonResponse(200, [
      { id: 1, employeeId: 12, date: '2026-02-14', category: 'recognition', note: 'Shipped the compiler', createdBy: 'HR Admin' },
    ]),
    'GET /api/employees/12/documents': jsonResponse(200, [
      doc({ id: 1 }),
      doc({ id: 2, title: 'Medical note', isConfidential: true, filePath: '/api/employee-documents/files/bbb' }),
    ]),
    ...extra,
  })
}

function renderPage(as: Role | Viewer, ui?: ReactElement) {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      {ui ?? <EmployeeProfileRoute id="12" />}
    </AssistantContext.Provider>,
    { as },
  )
}

describe('EmployeeProfileRoute', () => {
  it('shows the person, their notes, certifications and documents', async () => {
    api()
    renderPage('admin')
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Employees' })).toHaveAttribute('href', '/employees')
    expect(screen.getByText('grace@example.com')).toBeInTheDocument()
    expect(await screen.findByText('Engineering & Research')).toBeInTheDocument()
    expect(await screen.findByText('Ada King')).toBeInTheDocument()
    expect(screen.getByText('Mar 2, 2020')).toBeInTheDocument()
    expect(screen.getByText('Quarterly')).toBeInTheDocument()

    const table = await screen.findByRole('table')
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date',
      'Category',
      'Note',
      'Created By',
    ])
    expect(within(table).getByText('Feb 14, 2026')).toBeInTheDocument()
    expect(within(table).getByText('Recognition')).toBeInTheDocument()
    expect(within(table).getByText('HR Admin')).toBeInTheDocument()

    expect(await screen.findByText('First Aid')).toBeInTheDocument()
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument()
    const docs = await screen.findByRole('list', { name: 'Documents' })
    expect(within(docs).getByText('HR/Admin only')).toBeInTheDocument()

    expect(screen.getByRole('button', { name: /Add Note/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Upload Document/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Assign Certification/ })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Delete Employment contract' })).toBeInTheDocument()
  })

  it.each(['manager', 'user'] as const)('a %s reads but gets no admin buttons', async (role) => {
    api({ 'GET /api/employees/12/documents': jsonResponse(200, [doc({ id: 1 })]) })
    renderPage(role)
    expect(await screen.findByRole('button', { name: 'Download Employment contract' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Add Note/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Upload Document/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Assign Certification/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument()
  })

  it('opens the Edit Employee dialog from the profile', async () => {
    api()
    renderPage('admin')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Employee' }))
    expect(await screen.findByRole('dialog', { name: 'Edit Employee' })).toBeInTheDocument()
  })

  it('downloads a document and says so', async () => {
    const fetchMock = api({
      'GET /api/employee-documents/files/aaa': () => new Response('%PDF', { status: 200 }),
    })
    // jsdom has no object URLs; lend it a pair for this test only.
    const saved = { create: URL.createObjectURL, revoke: URL.revokeObjectURL }
    URL.createObjectURL = vi.fn(() => 'blob:doc')
    URL.revokeObjectURL = vi.fn()
    onTestFinished(() => {
      URL.createObjectURL = saved.create
      URL.revokeObjectURL = saved.revoke
    })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderPage('user')
    await userEvent.click(await screen.findByRole('button', { name: 'Download Employment contract' }))
    expect(await screen.findByText('Download started')).toBeInTheDocument()
    expect(click).toHaveBeenCalled()
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/employee-documents/files/aaa')).toBe(true)
  })

  it('says when a download fails', async () => {
    api({ 'GET /api/employee-documents/files/aaa': jsonResponse(404, { message: 'Document not found' }) })
    renderPage('admin')
    await userEvent.click(await screen.findByRole('button', { name: 'Download Employment contract' }))
    expect(await screen.findByText('Download failed')).toBeInTheDocument()
    expect(screen.getByText('Failed to download document. Please try again.')).toBeInTheDocument()
  })

  it('deletes a document after confirmation', async () => {
    let deleted = false
    api({
      'DELETE /api/employee-documents/1': () => {
        deleted = true
        return jsonResponse(200, { success: true, message: 'Document deleted' })
      },
      'GET /api/employees/12/documents': () => jsonResponse(200, deleted ? [] : [doc({ id: 1 })]),
    })
    renderPage('admin')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Employment contract' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete Document' }))
    expect(await screen.findByText('Document deleted')).toBeInTheDocument()
    expect(await screen.findByText('No documents uploaded yet')).toBeInTheDocument()
  })

  it('shows Delete failed when the server refuses', async () => {
    api({ 'DELETE /api/employee-documents/1': jsonResponse(403, { message: "You don't have permission to do this" }) })
    renderPage('admin')
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Employment contract' }))
    await userEvent.click(screen.getByRole('button', { name: 'Delete Document' }))
    expect(await screen.findByText('Delete failed')).toBeInTheDocument()
  })

  it('keeps the page when the reviews and certifications APIs do not answer', async () => {
    api({ 'GET /api/reviews': jsonResponse(404, { message: 'Not found' }), 'GET /api/employee-certifications': jsonResponse(500, {}) })
    renderPage('admin')
    expect(await screen.findByText('Reviews could not be loaded right now.')).toBeInTheDocument()
    expect(await screen.findByText('Certifications could not be loaded right now.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument()
  })

  it('says Employee not found for an unknown or malformed id', async () => {
    mockApi({ 'GET /api/employees/99': jsonResponse(404, { message: 'Employee not found' }) })
    const { unmount } = renderPage('admin', <EmployeeProfileRoute id="99" />)
    expect(await screen.findByText('Employee not found')).toBeInTheDocument()
    unmount()
    const fetchMock = mockApi({})
    renderPage('admin', <EmployeeProfileRoute id="abc" />)
    expect(screen.getByText('Employee not found')).toBeInTheDocument()
    await waitFor(() => expect(fetchMock).not.toHaveBeenCalled())
  })

  it('under need to know says a profile out of reach is not in the reader’s view', async () => {
    mockApi({ 'GET /api/employees/12': jsonResponse(404, { message: 'Employee not found' }) })
    renderPage(viewerFor('user', { visibility: 'need_to_know', employeeId: 5 }))
    expect(await screen.findByText('Not in your view')).toBeInTheDocument()
    expect(screen.getByText(/you see your own profile\./)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Directory' })).toHaveAttribute('href', '/directory')
    expect(screen.getByRole('link', { name: 'Back to Directory' })).toHaveAttribute('href', '/directory')
  })

  it('under need to know tells a manager whose profiles they see', async () => {
    mockApi({ 'GET /api/employees/12': jsonResponse(404, { message: 'Employee not found' }) })
    renderPage(viewerFor('manager', { visibility: 'need_to_know', employeeId: 1 }))
    expect(await screen.findByText(/those of the people who report to you/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to Employees' })).toHaveAttribute('href', '/employees')
  })

  it('under need to know shows a manager a report’s reviews, certifications and documents, not HR notes', async () => {
    const fetchMock = api()
    renderPage(viewerFor('manager', { visibility: 'need_to_know', employeeId: 1 }))
    expect(await screen.findByText('First Aid')).toBeInTheDocument()
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument()
    expect(await screen.findByRole('list', { name: 'Documents' })).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit Employee' })).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/employee-notes'))).toBe(false)
  })

  it('shows an administrator the sign-in account of the person, to unlink or link', async () => {
    const account = (id: string, email: string, employeeId: number | null) => ({
      id,
      email,
      firstName: null,
      lastName: null,
      role: 'manager',
      isActive: true,
      hasPassword: true,
      employeeId,
      employee: null,
      createdAt: '2030-01-01T00:00:00Z',
      updatedAt: '2030-01-01T00:00:00Z',
    })
    let linkedTo: number | null = 12
    const sent: unknown[] = []
    api({
      'GET /api/users': () =>
        jsonResponse(200, [account('u-2', 'grace@example.com', linkedTo), account('u-3', 'free@example.com', null)]),
      'PUT /api/users/u-2/employee': (init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { employeeId: number | null }
        sent.push(body)
        linkedTo = body.employeeId
        return jsonResponse(200, account('u-2', 'grace@example.com', linkedTo))
      },
    })
    renderPage('admin')
    await userEvent.click(await screen.findByRole('button', { name: 'Unlink' }))
    expect(await screen.findByText('Account unlinked')).toBeInTheDocument()
    expect(sent).toEqual([{ employeeId: null }])

    const choose = await screen.findByLabelText(/Choose the account this person signs in with/)
    expect(within(choose).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose an account',
      'grace@example.com',
      'free@example.com',
    ])
    await userEvent.selectOptions(choose, 'u-2')
    await userEvent.click(screen.getByRole('button', { name: 'Link Account' }))
    await waitFor(() => expect(sent).toEqual([{ employeeId: null }, { employeeId: 12 }]))
  })

  it('shows the sign-in account to nobody but those who manage accounts', async () => {
    const fetchMock = api()
    renderPage('hr')
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument()
    expect(screen.queryByText('Sign-in account')).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/users')).toBe(false)
  })
})

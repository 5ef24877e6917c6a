import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Role } from '@/lib/roles'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import AdminPage from './admin-page'

const ORG = { id: 7, name: 'Acme Corp', subdomain: 'acme', logoUrl: null, isActive: true }
const DEPARTMENTS = [
  { id: 1, name: 'Engineering', slug: 'engineering', description: 'Builders', isDefault: true, employeeCount: 3 },
  { id: 2, name: 'Sales', slug: 'sales', description: null, isDefault: true, employeeCount: 0 },
]
const USERS = [
  { id: 'u-1', email: 'ada@acme.test', firstName: 'Ada', lastName: 'Lovelace', role: 'admin', isActive: true },
  { id: 'u-2', email: 'grace@acme.test', firstName: 'Grace', lastName: null, role: 'hr', isActive: true },
]

function api(extra: Record<string, Parameters<typeof mockApi>[0][string]> = {}) {
  return mockApi({
    'GET /api/organization/current': jsonResponse(200, ORG),
    'GET /api/departments': jsonResponse(200, DEPARTMENTS),
    'GET /api/users': jsonResponse(200, USERS),
    'GET /api/auth/user': jsonResponse(200, { id: 'u-1', role: 'admin', name: 'Ada Lovelace' }),
    ...extra,
  })
}

/** The JSON body of the n-th call with this method and path. */
function bodyOf(fetchMock: ReturnType<typeof mockApi>, method: string, path: string, nth = 0): unknown {
  const call = fetchMock.mock.calls.filter(([url, init]) => String(url) === path && init?.method === method)[nth]
  if (!call) throw new Error(`No ${method} ${path}`)
  return JSON.parse(String(call[1]?.body))
}

function renderPage(role: Role = 'admin') {
  const openAssistant = vi.fn()
  renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant }}>
      <AdminPage />
    </AssistantContext.Provider>,
    { as: role },
  )
  return { openAssistant }
}

describe('AdminPage', () => {
  it('shows every section to an admin', async () => {
    api()
    const { openAssistant } = renderPage('admin')
    for (const title of ['Organization Settings', 'Who sees what', 'Department Management', 'System Backup', 'User Management']) {
      expect(screen.getAllByText(title)).not.toHaveLength(0)
    }
    expect(await screen.findAllByText('Engineering')).not.toHaveLength(0)
    expect(await screen.findAllByText('grace@acme.test')).not.toHaveLength(0)
    await userEvent.click(screen.getByRole('button', { name: 'AI Assistant' }))
    expect(openAssistant).toHaveBeenCalledWith('ai')
  })

  it('shows hr only departments and its password (not settings, backups or users)', async () => {
    const fetchMock = api()
    renderPage('hr')
    expect(await screen.findAllByText('Engineering')).not.toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeInTheDocument()
    for (const title of ['Organization Settings', 'Who sees what', 'System Backup', 'User Management']) {
      expect(screen.queryByText(title)).not.toBeInTheDocument()
    }
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/users'))).toBe(false)
  })
})

describe('Organization settings', () => {
  it('renames the organization', async () => {
    const fetchMock = api({
      'PUT /api/organization/current': jsonResponse(200, { ...ORG, name: 'Acme Holdings' }),
    })
    renderPage()
    const name = await screen.findByLabelText('Organization name')
    await waitFor(() => expect(name).toHaveValue('Acme Corp'))
    await userEvent.clear(name)
    await userEvent.type(name, 'A')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findAllByText('Organization name must be at least 2 characters')).not.toHaveLength(0)
    await userEvent.type(name, 'cme Holdings')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findAllByText('Organization updated')).not.toHaveLength(0)
    expect(bodyOf(fetchMock, 'PUT', '/api/organization/current')).toEqual({ name: 'Acme Holdings' })
  })

  it('uploads a logo in two steps, then updates the organization', async () => {
    const fetchMock = api({
      'POST /api/upload/logo': jsonResponse(200, { uploadURL: '/api/upload/logo/abc', logoUrl: '/api/logos/7/abc' }),
      'PUT /api/upload/logo/abc': jsonResponse(200, { logoUrl: '/api/logos/7/abc', mimeType: 'image/png', size: 3 }),
      'PUT /api/organization/current': jsonResponse(200, { ...ORG, logoUrl: '/api/logos/7/abc' }),
    })
    renderPage()
    await screen.findByLabelText('Organization name')
    const file = new File([new Uint8Array([137, 80, 78])], 'logo.png', { type: 'image/png' })
    await userEvent.upload(screen.getByLabelText('Logo image file'), file)
    expect(await screen.findAllByText('Logo updated')).not.toHaveLength(0)
    const put = fetchMock.mock.calls.find(([url]) => String(url) === '/api/upload/logo/abc')
    expect(put?.[1]?.method).toBe('PUT')
    expect(put?.[1]?.body).toBe(file)
    expect(bodyOf(fetchMock, 'PUT', '/api/organization/current')).toEqual({ name: 'Acme Corp', logoUrl: '/api/logos/7/abc' })
  })

  it('refuses a file that is not an image or is too large, and shows server refusals', async () => {
    const fetchMock = api({
      'POST /api/upload/logo': jsonResponse(200, { uploadURL: '/api/upload/logo/abc', logoUrl: '/api/logos/7/abc' }),
      'PUT /api/upload/logo/abc': jsonResponse(400, {
        message: 'Invalid file type. Please upload a PNG, JPEG, GIF or WebP image.',
      }),
    })
    renderPage()
    await screen.findByLabelText('Organization name')
    const input = screen.getByLabelText('Logo image file')
    await userEvent.upload(input, new File(['x'.repeat(10)], 'logo.svg', { type: 'image/svg+xml' }), {
      applyAccept: false,
    })
    expect(await screen.findAllByText('Please choose a PNG, JPEG, GIF or WebP image.')).not.toHaveLength(0)
    await userEvent.upload(input, new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }))
    expect(await screen.findAllByText('File too large. Please select an image smaller than 2MB.')).not.toHaveLength(0)
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/upload/logo')).toBe(false)

    await userEvent.upload(input, new File(['%PDF'], 'fake.png', { type: 'image/png' }))
    expect(await screen.findAllByText('Failed to upload logo')).not.toHaveLength(0)
    expect(screen.getAllByText('Invalid file type. Please upload a PNG, JPEG, GIF or WebP image.')).not.toHaveLength(0)
  })
})

describe('User management', () => {
  it('lists users and cannot remove yourself', async () => {
    api()
    renderPage()
    expect(await screen.findAllByText('Grace')).not.toHaveLength(0)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove Ada Lovelace' })).toBeDisabled())
    expect(screen.getByRole('button', { name: 'Remove Grace' })).toBeEnabled()
  })

  it('shows a disabled account as disabled and enables it', async () => {
    let disabled = true
    const fetchMock = api({
      'GET /api/users': () =>
        jsonResponse(200, [USERS[0], { ...USERS[1], isActive: !disabled }]),
      'POST /api/users/u-2/enable': () => {
        disabled = false
        return jsonResponse(200, { ...USERS[1], isActive: true, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-02T00:00:00Z' })
      },
    })
    renderPage()
    const enable = await screen.findByRole('button', { name: 'Enable Grace' })
    expect(screen.getAllByText('Disabled')).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Enable Ada Lovelace' })).not.toBeInTheDocument()
    await userEvent.click(enable)
    expect(await screen.findAllByText('User enabled')).not.toHaveLength(0)
    expect(fetchMock.mock.calls.some(([url, init]) => String(url) === '/api/users/u-2/enable' && init?.method === 'POST')).toBe(true)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Enable Grace' })).not.toBeInTheDocument())
    expect(screen.queryByText('Disabled')).not.toBeInTheDocument()
  })

  it("removes a user after confirmation, and shows the server's refusal", async () => {
    let refuse = true
    api({
      'DELETE /api/users/u-2': () =>
        refuse
          ? jsonResponse(409, { message: 'The last administrator cannot be removed' })
          : jsonResponse(200, { success: true }),
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Grace' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove User' }))
    expect(await screen.findAllByText('Failed to remove user')).not.toHaveLength(0)
    expect(screen.getAllByText('The last administrator cannot be removed')).not.toHaveLength(0)

    refuse = false
    await userEvent.click(screen.getByRole('button', { name: 'Remove Grace' }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove User' }))
    expect(await screen.findAllByText('User removed')).not.toHaveLength(0)
  })

  it('adds a user with an id, an e-mail, a role and a first password', async () => {
    const fetchMock = api({
      'POST /api/users': (init) => {
        const body = JSON.parse(String(init.body))
        return body.email === 'taken@acme.test'
          ? jsonResponse(409, { message: 'A user with this email already exists' })
          : jsonResponse(201, { ...body, isActive: true })
      },
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Add User' }))
    const dialog = within(await screen.findByRole('dialog'))
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }))
    expect(await dialog.findByText('Email is required')).toBeInTheDocument()
    expect(dialog.getByText('Password is required')).toBeInTheDocument()

    await userEvent.type(dialog.getByLabelText('Email'), 'New.Person@Acme.test')
    await userEvent.type(dialog.getByLabelText('First name'), 'New')
    await userEvent.selectOptions(dialog.getByLabelText('Role'), 'manager')
    await userEvent.type(dialog.getByLabelText('First password'), 'short')
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }))
    expect(await dialog.findByText('Password must be at least 8 characters long')).toBeInTheDocument()

    await userEvent.clear(dialog.getByLabelText('First password'))
    await userEvent.type(dialog.getByLabelText('First password'), 'Welcome2026!')
    // The server's refusal shows in the dialog too, under the e-mail field; the dialog stays open.
    await userEvent.clear(dialog.getByLabelText('Email'))
    await userEvent.type(dialog.getByLabelText('Email'), 'taken@acme.test')
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }))
    expect(await screen.findAllByText('Failed to add user')).not.toHaveLength(0)
    expect(await dialog.findByText('A user with this email already exists')).toHaveAttribute('role', 'alert')
    expect(dialog.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')

    await userEvent.clear(dialog.getByLabelText('Email'))
    await userEvent.type(dialog.getByLabelText('Email'), 'New.Person@Acme.test')
    await userEvent.click(dialog.getByRole('button', { name: 'Add User' }))
    expect(await screen.findAllByText('User added')).not.toHaveLength(0)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    const body = bodyOf(fetchMock, 'POST', '/api/users', 1) as Record<string, unknown>
    expect(body).toMatchObject({
      email: 'new.person@acme.test',
      firstName: 'New',
      role: 'manager',
      password: 'Welcome2026!',
    })
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('Change Password', () => {
  it('checks all fields, the confirmation and the length, in that order', async () => {
    const fetchMock = api({
      'POST /api/auth/change-password': (init) =>
        JSON.parse(String(init.body)).currentPassword === 'wrong'
          ? jsonResponse(400, { message: 'Current password is incorrect' })
          : jsonResponse(200, { success: true, message: 'Password changed successfully' }),
    })
    renderPage()
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    const dialog = within(await screen.findByRole('dialog'))
    const submit = dialog.getByRole('button', { name: 'Change Password' })
    await userEvent.click(submit)
    expect(dialog.getByText('Please fill in all fields')).toBeInTheDocument()
    await userEvent.type(dialog.getByLabelText('Current password'), 'wrong')
    await userEvent.type(dialog.getByLabelText('New password'), 'short1')
    await userEvent.type(dialog.getByLabelText('Confirm new password'), 'short2')
    await userEvent.click(submit)
    expect(dialog.getByText('New passwords do not match')).toBeInTheDocument()
    await userEvent.clear(dialog.getByLabelText('Confirm new password'))
    await userEvent.type(dialog.getByLabelText('Confirm new password'), 'short1')
    await userEvent.click(submit)
    expect(dialog.getByText('Password must be at least 8 characters long')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('change-password'))).toBe(false)

    await userEvent.clear(dialog.getByLabelText('New password'))
    await userEvent.clear(dialog.getByLabelText('Confirm new password'))
    await userEvent.type(dialog.getByLabelText('New password'), 'Better2026!')
    await userEvent.type(dialog.getByLabelText('Confirm new password'), 'Better2026!')
    await userEvent.click(submit)
    expect(await screen.findAllByText('Current password is incorrect')).not.toHaveLength(0)
    // ...and in the dialog itself, which stays open.
    expect(dialog.getByRole('alert')).toHaveTextContent('Current password is incorrect')
    await userEvent.clear(dialog.getByLabelText('Current password'))
    await userEvent.type(dialog.getByLabelText('Current password'), 'right-one-1')
    await userEvent.click(submit)
    expect(await screen.findAllByText('Password changed')).not.toHaveLength(0)
    expect(bodyOf(fetchMock, 'POST', '/api/auth/change-password', 1)).toEqual({
      currentPassword: 'right-one-1',
      newPassword: 'Better2026!',
    })
  })
})

import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { slugify } from '../lib/slug'
import { DepartmentDialog } from './department-dialog'
import { DepartmentManagementCard } from './department-management-card'

function renderDialog() {
  const onOpenChange = vi.fn()
  renderWithProviders(<DepartmentDialog open onOpenChange={onOpenChange} organizationId={7} />)
  return { onOpenChange, dialog: within(screen.getByRole('dialog')) }
}

describe('slugify', () => {
  it('lowercases, keeps letters, digits, spaces and hyphens, and turns spaces into hyphens', () => {
    expect(slugify('Research & Development')).toBe('research-development')
    expect(slugify('Customer Success-EMEA 2')).toBe('customer-success-emea-2')
    expect(slugify('Ünïcode_Team!')).toBe('ncodeteam')
    expect(slugify('  Field Sales  ')).toBe('field-sales')
    expect(slugify('& Partners &')).toBe('partners')
  })
})

describe('DepartmentDialog', () => {
  it('derives the slug from the name until the slug is edited by hand', async () => {
    mockApi({})
    const { dialog } = renderDialog()
    const save = dialog.getByRole('button', { name: 'Create Department' })
    expect(save).toBeDisabled()
    await userEvent.type(dialog.getByLabelText('Name'), 'People Ops')
    expect(dialog.getByLabelText('Slug')).toHaveValue('people-ops')
    expect(save).toBeEnabled()
    await userEvent.clear(dialog.getByLabelText('Slug'))
    expect(save).toBeDisabled()
    await userEvent.type(dialog.getByLabelText('Slug'), 'people')
    await userEvent.type(dialog.getByLabelText('Name'), ' Team')
    expect(dialog.getByLabelText('Slug')).toHaveValue('people')
  })

  it('creates the department with its name, slug and description', async () => {
    const fetchMock = mockApi({
      'POST /api/departments': jsonResponse(201, { id: 9, name: 'People Ops', slug: 'people-ops', isDefault: false }),
    })
    const { dialog, onOpenChange } = renderDialog()
    await userEvent.type(dialog.getByLabelText('Name'), 'People Ops')
    await userEvent.type(dialog.getByLabelText('Description'), 'Hiring and care')
    await userEvent.click(dialog.getByRole('button', { name: 'Create Department' }))
    expect(await screen.findAllByText('Department created')).not.toHaveLength(0)
    expect(sentBody(fetchMock, '/api/departments')).toEqual({
      name: 'People Ops',
      slug: 'people-ops',
      description: 'Hiring and care',
      isDefault: false,
      organizationId: 7,
    })
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('checks the slug rules', async () => {
    const fetchMock = mockApi({})
    const { dialog } = renderDialog()
    await userEvent.type(dialog.getByLabelText('Name'), 'Ops')
    await userEvent.clear(dialog.getByLabelText('Slug'))
    await userEvent.type(dialog.getByLabelText('Slug'), 'Ops Team')
    await userEvent.click(dialog.getByRole('button', { name: 'Create Department' }))
    expect(
      await dialog.findByText('Slug may only contain lowercase letters, numbers, hyphens and underscores'),
    ).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says Duplicate Department Slug on 409 and clears the slug', async () => {
    mockApi({
      'POST /api/departments': jsonResponse(409, { message: "A department with the slug 'sales' already exists" }),
    })
    const { dialog } = renderDialog()
    await userEvent.type(dialog.getByLabelText('Name'), 'Sales')
    await userEvent.click(dialog.getByRole('button', { name: 'Create Department' }))
    expect(await screen.findAllByText('Duplicate Department Slug')).not.toHaveLength(0)
    expect(screen.getAllByText(/Please use a different slug/).length).toBeGreaterThan(0)
    expect(dialog.getByLabelText('Slug')).toHaveValue('')
    // The cleared slug no longer follows the name.
    await userEvent.type(dialog.getByLabelText('Name'), ' Team')
    expect(dialog.getByLabelText('Slug')).toHaveValue('')
  })

  it('edits and deletes from the list', async () => {
    const fetchMock = mockApi({
      'GET /api/departments': jsonResponse(200, [
        { id: 2, name: 'Sales', slug: 'sales', description: null, isDefault: true, employeeCount: 4 },
      ]),
      'PUT /api/departments/2': jsonResponse(200, { id: 2, name: 'Sales EMEA', slug: 'sales', isDefault: true }),
      'DELETE /api/departments/2': jsonResponse(409, {
        message: 'This department has 4 employees. Move them to another department before deleting it.',
      }),
    })
    renderWithProviders(<DepartmentManagementCard organizationId={7} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Sales' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByLabelText('Slug')).toHaveValue('sales')
    await userEvent.type(dialog.getByLabelText('Name'), ' EMEA')
    expect(dialog.getByLabelText('Slug')).toHaveValue('sales')
    await userEvent.click(dialog.getByRole('button', { name: 'Save Changes' }))
    expect(await screen.findAllByText('Department updated')).not.toHaveLength(0)
    expect(sentBody(fetchMock, '/api/departments/2')).toEqual({ name: 'Sales EMEA', slug: 'sales', description: '' })

    await userEvent.click(screen.getByRole('button', { name: 'Delete Sales' }))
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Department' }),
    )
    expect(await screen.findAllByText('Failed to delete department')).not.toHaveLength(0)
    expect(screen.getAllByText(/This department has 4 employees/).length).toBeGreaterThan(0)
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { CertificationTypeDialog } from './certification-type-dialog'

const saved = {
  id: 7,
  name: 'First Aid',
  description: 'Basic first aid',
  issuingOrganization: 'Red Cross',
  validityMonths: 24,
  isRequired: true,
  createdAt: '2026-01-05T10:00:00Z',
  employeeCount: 0,
  expiringCount: 0,
  expiredCount: 0,
  reminderDays: [30, 7],
}

function renderDialog(type?: typeof saved) {
  const onOpenChange = vi.fn()
  renderWithProviders(<CertificationTypeDialog open onOpenChange={onOpenChange} type={type} />)
  return { onOpenChange }
}

describe('Add Certification Type dialog', () => {
  it("says 'Certification name must be at least 3 characters' and sends nothing", async () => {
    const fetchMock = mockApi({})
    renderDialog()
    expect(screen.getByRole('heading', { name: 'Add Certification Type' })).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Certification Name'), '  ab  ')
    await userEvent.click(screen.getByRole('button', { name: 'Add Certification Type' }))
    expect(await screen.findByText('Certification name must be at least 3 characters')).toBeInTheDocument()
    expect(screen.getByLabelText('Certification Name')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('checks validity months is 1 to 120 and the other lengths', async () => {
    const fetchMock = mockApi({})
    renderDialog()
    await userEvent.type(screen.getByLabelText('Certification Name'), 'Forklift')
    await userEvent.type(screen.getByLabelText('Validity (months)'), '121')
    await userEvent.type(screen.getByLabelText('Issuing Organization'), 'X')
    await userEvent.click(screen.getByRole('button', { name: 'Add Certification Type' }))
    expect(await screen.findByText('Validity must not exceed 120 months')).toBeInTheDocument()
    expect(screen.getByText('Issuing organization must be at least 2 characters')).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText('Validity (months)'))
    await userEvent.type(screen.getByLabelText('Validity (months)'), '0')
    await userEvent.click(screen.getByRole('button', { name: 'Add Certification Type' }))
    expect(await screen.findByText('Validity must be at least 1 month')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('creates the type with trimmed values and optional fields left empty as null', async () => {
    const fetchMock = mockApi({ 'POST /api/certification-types': jsonResponse(201, { ...saved, isRequired: false }) })
    const { onOpenChange } = renderDialog()
    await userEvent.type(screen.getByLabelText('Certification Name'), '  First Aid ')
    await userEvent.type(screen.getByLabelText('Validity (months)'), '24')
    await userEvent.click(screen.getByRole('button', { name: 'Add Certification Type' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(sentBody(fetchMock, '/api/certification-types')).toEqual({
      name: 'First Aid',
      description: null,
      issuingOrganization: null,
      validityMonths: 24,
      isRequired: false,
      reminderDays: [90, 60, 30, 7],
    })
    expect(await screen.findByText('Certification type created successfully!')).toBeInTheDocument()
  })

  it("shows 'Failed to create certification type' with the server's message", async () => {
    mockApi({
      'POST /api/certification-types': jsonResponse(409, { message: 'A certification type with this name already exists' }),
    })
    const { onOpenChange } = renderDialog()
    await userEvent.type(screen.getByLabelText('Certification Name'), 'First Aid')
    await userEvent.click(screen.getByRole('button', { name: 'Add Certification Type' }))
    expect(await screen.findByText('Failed to create certification type')).toBeInTheDocument()
    // Also under the name field, inside the dialog (the toast region is hidden from assistive
    // technology while a dialog is open).
    const field = screen.getByLabelText('Certification Name')
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'))
    expect(document.getElementById(field.getAttribute('aria-describedby')!)).toHaveTextContent(
      'A certification type with this name already exists',
    )
    expect(onOpenChange).not.toHaveBeenCalledWith(false)
  })

  it("falls back to 'An error occurred' without a message", async () => {
    mockApi({ 'POST /api/certification-types': new Response('', { status: 500 }) })
    renderDialog()
    await userEvent.type(screen.getByLabelText('Certification Name'), 'First Aid')
    await userEvent.click(screen.getByRole('button', { name: 'Add Certification Type' }))
    expect(await screen.findByText('An error occurred')).toBeInTheDocument()
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Failed to create certification type: An error occurred',
    )
  })
})

describe('Edit Certification Type dialog', () => {
  it('starts from the type and sends a PUT with the changes', async () => {
    const fetchMock = mockApi({ 'PUT /api/certification-types/7': jsonResponse(200, { ...saved, name: 'First Aid Level 2' }) })
    const { onOpenChange } = renderDialog(saved)
    expect(screen.getByRole('heading', { name: 'Edit Certification Type' })).toBeInTheDocument()
    expect(screen.getByLabelText('Certification Name')).toHaveValue('First Aid')
    expect(screen.getByLabelText('Validity (months)')).toHaveValue(24)
    expect(screen.getByRole('checkbox')).toBeChecked()
    await userEvent.type(screen.getByLabelText('Certification Name'), ' Level 2')
    await userEvent.click(screen.getByRole('checkbox'))
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(sentBody(fetchMock, '/api/certification-types/7')).toEqual({
      name: 'First Aid Level 2',
      description: 'Basic first aid',
      issuingOrganization: 'Red Cross',
      validityMonths: 24,
      isRequired: false,
      reminderDays: [30, 7],
    })
  })

  it('takes the lead times as numbers separated by commas, largest first, and refuses bad ones', async () => {
    const fetchMock = mockApi({ 'PUT /api/certification-types/7': jsonResponse(200, saved) })
    const { onOpenChange } = renderDialog(saved)
    const field = screen.getByLabelText('Remind holders (days before expiry)')
    expect(field).toHaveValue('30, 7')
    for (const bad of ['', '0', '400', '30, 30', '1, 2, 3, 4, 5, 6', '7.5', 'soon']) {
      await userEvent.clear(field)
      if (bad) await userEvent.type(field, bad)
      await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
      expect(
        await screen.findByText('Reminder days must be 1 to 5 different whole numbers of days between 1 and 365'),
      ).toBeInTheDocument()
    }
    expect(fetchMock).not.toHaveBeenCalled()
    await userEvent.clear(field)
    await userEvent.type(field, '7 60,14')
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(sentBody(fetchMock, '/api/certification-types/7')).toMatchObject({ reminderDays: [60, 14, 7] })
  })
})

import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { localToday } from '@/lib/date-range'
import { formatDate } from '@/lib/format'
import { jsonResponse, mockApi, renderWithProviders, sentBody } from '@/test/utils'
import { addMonths } from '../lib/certification-status'
import { AssignCertificationDialog } from './assign-certification-dialog'

const types = [
  { id: 1, name: 'First Aid', issuingOrganization: 'Red Cross', validityMonths: 24, isRequired: true, employeeCount: 3, expiringCount: 1 },
  { id: 2, name: 'Forklift', issuingOrganization: null, validityMonths: null, isRequired: false, employeeCount: 0, expiringCount: 0 },
]

function shift(days: number): string {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return localToday(d)
}

const assigned = {
  id: 40,
  employeeId: 12,
  certificationTypeId: 1,
  issueDate: '2026-01-10',
  expirationDate: '2028-01-10',
  certificateNumber: null,
  attachmentUrl: null,
  isActive: true,
  status: 'active',
}

function renderDialog() {
  const onOpenChange = vi.fn()
  renderWithProviders(<AssignCertificationDialog employeeId={12} employeeName="Grace Hopper" open onOpenChange={onOpenChange} />)
  return { onOpenChange }
}

async function setDate(label: string, value: string) {
  const input = screen.getByLabelText(label)
  fireEvent.change(input, { target: { value } })
}

describe('AssignCertificationDialog', () => {
  it("lists every problem under 'Please fix the following errors' and sends nothing", async () => {
    const fetchMock = mockApi({ 'GET /api/certification-types': jsonResponse(200, types) })
    renderDialog()
    await screen.findByRole('option', { name: 'First Aid (Red Cross)' })
    await setDate('Issue Date', shift(1))
    await setDate('Expiration Date (optional)', shift(-1))
    await userEvent.type(screen.getByLabelText('Certificate Number (optional)'), 'X'.repeat(51))
    await userEvent.click(screen.getByRole('button', { name: 'Assign Certification' }))

    const alert = await screen.findByRole('alert')
    expect(within(alert).getByText('Please fix the following errors:')).toBeInTheDocument()
    expect(within(alert).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Certification type is required',
      'Issue date cannot be in the future',
      'Expiration date cannot be in the past',
      'Certificate number must not exceed 50 characters',
    ])
    expect(screen.getByLabelText('Issue Date')).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0)
  })

  it('refuses dates outside 1900-01-01..2100-12-31 and a missing issue date', async () => {
    mockApi({ 'GET /api/certification-types': jsonResponse(200, types) })
    renderDialog()
    await screen.findByRole('option', { name: 'Forklift' })
    await userEvent.selectOptions(screen.getByLabelText('Certification Type'), '2')
    await setDate('Issue Date', '1899-12-31')
    await userEvent.click(screen.getByRole('button', { name: 'Assign Certification' }))
    expect(await screen.findByText('Issue date must be between 1900-01-01 and 2100-12-31')).toBeInTheDocument()
    await setDate('Expiration Date (optional)', '9999-12-31')
    await userEvent.click(screen.getByRole('button', { name: 'Assign Certification' }))
    expect(await screen.findByText('Expiration date must be between 1900-01-01 and 2100-12-31')).toBeInTheDocument()
    await setDate('Issue Date', '')
    await userEvent.click(screen.getByRole('button', { name: 'Assign Certification' }))
    expect(await screen.findByText('Issue date is required')).toBeInTheDocument()
  })

  it('shows the expiration computed from the validity period and assigns', async () => {
    const fetchMock = mockApi({
      'GET /api/certification-types': jsonResponse(200, types),
      'POST /api/employee-certifications': jsonResponse(201, assigned),
    })
    const { onOpenChange } = renderDialog()
    await screen.findByRole('option', { name: 'First Aid (Red Cross)' })
    await userEvent.selectOptions(screen.getByLabelText('Certification Type'), '1')
    const issued = shift(-10)
    await setDate('Issue Date', issued)
    expect(
      screen.getByText(`Leave empty to expire on ${formatDate(addMonths(issued, 24))} (24 months after the issue date).`),
    ).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Certificate Number (optional)'), ' FA-1 ')
    await userEvent.click(screen.getByRole('button', { name: 'Assign Certification' }))

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))
    expect(sentBody(fetchMock, '/api/employee-certifications')).toEqual({
      employeeId: 12,
      certificationTypeId: 1,
      issueDate: issued,
      certificateNumber: 'FA-1',
      isActive: true,
    })
    expect(await screen.findByText('Success')).toBeInTheDocument()
    expect(screen.getByText('Certification assigned successfully!')).toBeInTheDocument()
  })

  it("shows the server's message, else 'Failed to assign certification'", async () => {
    mockApi({
      'GET /api/certification-types': jsonResponse(200, types),
      'POST /api/employee-certifications': jsonResponse(409, {
        message: 'This employee already holds First Aid for an overlapping period',
      }),
    })
    const { onOpenChange } = renderDialog()
    await screen.findByRole('option', { name: 'First Aid (Red Cross)' })
    await userEvent.selectOptions(screen.getByLabelText('Certification Type'), '1')
    await userEvent.click(screen.getByRole('button', { name: 'Assign Certification' }))
    expect(await screen.findByText('Error')).toBeInTheDocument()
    // In the toast and, for assistive technology, inside the dialog that stays open.
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'This employee already holds First Aid for an overlapping period',
    )
    expect(onOpenChange).not.toHaveBeenCalledWith(false)
  })

  it("falls back to 'Failed to assign certification' without a server message", async () => {
    mockApi({
      'GET /api/certification-types': jsonResponse(200, types),
      'POST /api/employee-certifications': new Response('', { status: 502 }),
    })
    renderDialog()
    await screen.findByRole('option', { name: 'First Aid (Red Cross)' })
    await userEvent.selectOptions(screen.getByLabelText('Certification Type'), '1')
    await userEvent.click(screen.getByRole('button', { name: 'Assign Certification' }))
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Failed to assign certification')
  })

  it('uploads the attachment as a certificate document after assigning, and links it', async () => {
    const fetchMock = mockApi({
      'GET /api/certification-types': jsonResponse(200, types),
      'POST /api/employee-certifications': jsonResponse(201, assigned),
      'POST /api/upload/document': jsonResponse(200, {
        uploadURL: '/api/upload/document/abc?expires=1&sig=x',
        documentPath: '/api/employee-documents/files/abc',
      }),
      'PUT /api/upload/document/abc': jsonResponse(200, {}),
      'POST /api/employee-documents': jsonResponse(201, { id: 9, filePath: '/api/employee-documents/files/abc' }),
      'PUT /api/employee-certifications/40': jsonResponse(200, { ...assigned, attachmentUrl: '/api/employee-documents/files/abc' }),
    })
    const { onOpenChange } = renderDialog()
    await screen.findByRole('option', { name: 'First Aid (Red Cross)' })
    await userEvent.selectOptions(screen.getByLabelText('Certification Type'), '1')
    const file = new File(['%PDF-1.4'], 'first-aid.pdf', { type: 'application/pdf' })
    await userEvent.upload(screen.getByLabelText('Attachment (optional)'), file)
    await userEvent.click(screen.getByRole('button', { name: 'Assign Certification' }))
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))

    expect(sentBody(fetchMock, '/api/employee-documents')).toMatchObject({
      employeeId: 12,
      documentType: 'certificate',
      title: 'First Aid certificate',
      filePath: '/api/employee-documents/files/abc',
      fileName: 'first-aid.pdf',
      mimeType: 'application/pdf',
    })
    expect(sentBody(fetchMock, '/api/employee-certifications/40')).toEqual({
      attachmentUrl: '/api/employee-documents/files/abc',
    })
  })

  it('refuses a file of a type that is not allowed', async () => {
    const fetchMock = mockApi({ 'GET /api/certification-types': jsonResponse(200, types) })
    renderDialog()
    await screen.findByRole('option', { name: 'First Aid (Red Cross)' })
    await userEvent.selectOptions(screen.getByLabelText('Certification Type'), '1')
    const file = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' })
    fireEvent.change(screen.getByLabelText('Attachment (optional)'), { target: { files: [file] } })
    await userEvent.click(screen.getByRole('button', { name: 'Assign Certification' }))
    expect(
      await screen.findByText('Invalid file type. Please select a PDF, Word document, image, or text file.'),
    ).toBeInTheDocument()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0)
  })
})

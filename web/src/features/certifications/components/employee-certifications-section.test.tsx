import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { localToday } from '@/lib/date-range'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { EmployeeCertificationsSection } from './employee-certifications-section'

function inDays(n: number): string {
  const d = new Date()
  d.setDate(d.getDate() + n)
  return localToday(d)
}

const held = [
  {
    id: 4,
    employeeId: 12,
    certificationTypeId: 2,
    issueDate: inDays(-700),
    expirationDate: inDays(5),
    certificateNumber: 'FA-9',
    attachmentUrl: '/api/employee-documents/files/abc',
    isActive: true,
    certificationType: { id: 2, name: 'First Aid', issuingOrganization: 'Red Cross', validityMonths: 24, isRequired: true },
  },
]

describe('EmployeeCertificationsSection', () => {
  it('lists the certifications with their status and attachment', async () => {
    mockApi({ 'GET /api/employee-certifications': jsonResponse(200, held) })
    renderWithProviders(<EmployeeCertificationsSection employeeId={12} canAssign={false} />)
    const list = await screen.findByRole('list', { name: 'Certifications' })
    expect(within(list).getByText('First Aid')).toBeInTheDocument()
    expect(within(list).getByText('Expires in 5 days')).toHaveAttribute('data-status', 'expiring')
    expect(within(list).getByRole('link', { name: 'Attachment' })).toHaveAttribute('href', '/api/employee-documents/files/abc')
    expect(screen.queryByRole('button', { name: /Assign Certification/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument()
  })

  it('lets admin and hr assign and remove', async () => {
    const fetchMock = mockApi({
      'GET /api/employee-certifications': jsonResponse(200, held),
      'GET /api/certification-types': jsonResponse(200, []),
      'DELETE /api/employee-certifications/4': jsonResponse(200, { success: true }),
    })
    renderWithProviders(<EmployeeCertificationsSection employeeId={12} canAssign employeeName="Grace Hopper" />)
    await userEvent.click(await screen.findByRole('button', { name: /Assign Certification/ }))
    expect(await screen.findByText('Record a certification Grace Hopper holds.')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))

    await userEvent.click(screen.getByRole('button', { name: 'Remove First Aid' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Certification removed')).toBeInTheDocument()
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/4') && init?.method === 'DELETE')).toBe(true),
    )
  })
})

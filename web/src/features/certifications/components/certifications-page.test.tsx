import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { localToday } from '@/lib/date-range'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { certificationsCsv, filterRows, toRows } from '../lib/certification-rows'
import CertificationsPage from './certifications-page'

function inDays(n: number): string {
  const d = new Date()
  d.setDate(d.getDate() + n)
  return localToday(d)
}

const person = (id: number, first: string, last: string, department: string | null) => ({
  id,
  employeeId: `EMP${id}`,
  firstName: first,
  lastName: last,
  department,
  departmentName: department ? department.charAt(0).toUpperCase() + department.slice(1) : null,
  isArchived: false,
})
interface TypeSummary {
  id: number
  name: string
  issuingOrganization: string | null
  validityMonths: number | null
  isRequired: boolean
}
const firstAid: TypeSummary = { id: 1, name: 'First Aid', issuingOrganization: 'Red Cross', validityMonths: 24, isRequired: true }
const forklift: TypeSummary = { id: 2, name: 'Forklift', issuingOrganization: null, validityMonths: null, isRequired: false }
const cert = (id: number, employee: ReturnType<typeof person>, type: TypeSummary, expirationDate: string | null) => ({
  id,
  employeeId: employee.id,
  certificationTypeId: type.id,
  issueDate: inDays(-300),
  expirationDate,
  certificateNumber: `N-${id}`,
  isActive: true,
  createdAt: `${inDays(-300)}T09:00:00Z`,
  // The screen works the status out from the dates; the server's own is not read.
  status: 'active' as const,
  statusLabel: 'Active',
  employee,
  certificationType: type,
})

const ada = person(1, 'Ada', 'Lovelace', 'engineering')
const bob = person(2, 'Bob', 'Babbage', 'sales')
const cy = person(3, 'Cy', 'Clark', null)
const certifications = [
  cert(10, ada, firstAid, inDays(-3)),
  cert(11, ada, forklift, null),
  cert(12, bob, firstAid, inDays(12)),
  cert(13, bob, forklift, inDays(60)),
  cert(14, cy, forklift, inDays(400)),
]
const compliance = [
  {
    certificationType: firstAid,
    totalEmployees: 3,
    compliantCount: 1,
    missingCount: 1,
    expiredCount: 1,
    missing: [cy],
    expired: [{ ...ada, expirationDate: inDays(-3) }],
  },
]

function api() {
  return mockApi({
    'GET /api/employee-certifications': jsonResponse(200, certifications),
    'GET /api/certification-compliance': jsonResponse(200, compliance),
  })
}

function renderPage() {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      <CertificationsPage />
    </AssistantContext.Provider>,
  )
}

describe('CertificationsPage', () => {
  it('shows the counts per status and every certification with its coloured status badge', async () => {
    api()
    renderPage()
    const table = await screen.findByRole('table')
    const counts = screen.getByRole('region', { name: 'Certifications by status' })
    const count = (name: string) => within(counts).getByRole('button', { name: new RegExp(`^${name}`) }).textContent
    expect(count('Expired')).toBe('Expired1')
    expect(count('Expiring Soon')).toBe('Expiring Soon1')
    expect(count('Warning')).toBe('Warning1')
    expect(count('Active')).toBe('Active1')
    expect(count('No Expiry')).toBe('No Expiry1')

    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(5)
    const badge = within(table).getByText('Expires in 12 days')
    expect(badge).toHaveAttribute('data-status', 'expiring')
    expect(badge.className).toContain('bg-orange-100')
    expect(within(table).getByText('Expired')).toHaveAttribute('data-status', 'expired')
    expect(within(table).getByText('No Expiry')).toBeInTheDocument()
  })

  it('filters by status, type, department and search', async () => {
    api()
    renderPage()
    await screen.findByRole('table')
    // The table is rebuilt when a filter changes (back to its first page), so look it up each time.
    const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1)

    await userEvent.selectOptions(screen.getByLabelText('Certification type'), '2')
    expect(bodyRows()).toHaveLength(3)
    await userEvent.selectOptions(screen.getByLabelText('Department'), 'sales')
    expect(bodyRows()).toHaveLength(1)
    expect(within(bodyRows()[0]!).getByText('Bob Babbage')).toBeInTheDocument()
    // The counts follow the other filters: Bob's forklift certification is the one warning.
    const counts = screen.getByRole('region', { name: 'Certifications by status' })
    expect(within(counts).getByRole('button', { name: /^Warning/ })).toHaveTextContent('Warning1')
    expect(within(counts).getByRole('button', { name: /^Expired/ })).toHaveTextContent('Expired0')
    await userEvent.selectOptions(screen.getByLabelText('Department'), '')
    await userEvent.selectOptions(screen.getByLabelText('Certification type'), '')

    await userEvent.click(screen.getByRole('button', { name: /^Warning/ }))
    expect(screen.getByLabelText('Status')).toHaveValue('warning')
    expect(bodyRows()).toHaveLength(1)
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all')

    await userEvent.type(screen.getByPlaceholderText('Search employees or certifications...'), 'lovelace')
    expect(bodyRows()).toHaveLength(2)
  })

  it('lists who lacks a required type or holds it expired', async () => {
    api()
    renderPage()
    const section = await screen.findByRole('region', { name: 'First Aid' })
    expect(within(section).getByText('1 of 3 employees compliant (33%)')).toBeInTheDocument()
    expect(within(within(section).getByRole('list', { name: 'Missing' })).getByText('Cy Clark')).toBeInTheDocument()
    expect(within(within(section).getByRole('list', { name: 'Expired' })).getByText('Ada Lovelace')).toBeInTheDocument()
  })

  it('narrows the required types to the selected type, and follows the department filter', async () => {
    api()
    renderPage()
    await screen.findByRole('region', { name: 'First Aid' })
    await userEvent.selectOptions(screen.getByLabelText('Certification type'), '2')
    expect(screen.queryByRole('region', { name: 'First Aid' })).not.toBeInTheDocument()
    expect(screen.getByText('The selected certification type is not marked as required.')).toBeInTheDocument()
    await userEvent.selectOptions(screen.getByLabelText('Certification type'), '1')
    const section = screen.getByRole('region', { name: 'First Aid' })
    await userEvent.selectOptions(screen.getByLabelText('Department'), 'engineering')
    expect(within(section).queryByRole('list', { name: 'Missing' })).not.toBeInTheDocument()
    expect(within(within(section).getByRole('list', { name: 'Expired' })).getByText('Ada Lovelace')).toBeInTheDocument()
  })

  it('offers Assign from the gaps, with the type preselected', async () => {
    api()
    renderPage()
    const missing = await screen.findByRole('list', { name: 'Missing' })
    await userEvent.click(within(missing).getByRole('button', { name: 'Assign' }))
    expect(await screen.findByRole('heading', { name: 'Assign Certification' })).toBeInTheDocument()
    expect(screen.getByText('Record a certification Cy Clark holds.')).toBeInTheDocument()
  })

  it('exports the filtered rows as CSV', async () => {
    api()
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:certs')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    renderPage()
    await screen.findByRole('table')
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'expired')
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }))
    expect(click).toHaveBeenCalledTimes(1)
    const text = await createObjectURL.mock.calls[0]![0].text()
    const lines = text.replace(/^\uFEFF/, '').split('\r\n')
    expect(lines[0]).toBe(
      'Employee ID,First Name,Last Name,Department,Certification,Issuing Organization,Certificate Number,Issue Date,Expiration Date,Status,Days Until Expiry,Active',
    )
    expect(lines.slice(1)).toEqual([`EMP1,Ada,Lovelace,Engineering,First Aid,Red Cross,N-10,${inDays(-300)},${inDays(-3)},Expired,-3,Yes`])
  })
})

describe('certificationsCsv', () => {
  it('writes one line per row with the display status', () => {
    const rows = filterRows(toRows(certifications, new Date()), { search: '', status: 'all', typeId: '2', department: '' })
    const lines = certificationsCsv(rows).split('\r\n')
    expect(lines).toHaveLength(4)
    expect(lines[1]).toContain('No Expiry')
  })
})

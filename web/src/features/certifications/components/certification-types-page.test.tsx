import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import CertificationTypesPage from './certification-types-page'

const types = [
  {
    id: 1,
    name: 'First Aid',
    description: 'Emergency care basics',
    issuingOrganization: 'Red Cross',
    validityMonths: 24,
    isRequired: true,
    employeeCount: 12,
    expiringCount: 3,
  },
  {
    id: 2,
    name: 'Forklift Licence',
    description: 'Warehouse vehicles',
    issuingOrganization: null,
    validityMonths: null,
    isRequired: false,
    employeeCount: 2,
    expiringCount: 0,
    expiredCount: 7,
  },
]

function renderPage() {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      <CertificationTypesPage />
    </AssistantContext.Provider>,
  )
}

describe('CertificationTypesPage', () => {
  it('shows 6 skeleton cards while loading', () => {
    mockApi({ 'GET /api/certification-types': () => new Promise<Response>(() => {}) })
    renderPage()
    expect(screen.getByRole('heading', { name: 'Certification Types' })).toBeInTheDocument()
    expect(screen.getAllByTestId('certification-type-skeleton')).toHaveLength(6)
  })

  it('shows each type with its counts, and filters by name or description ignoring case', async () => {
    mockApi({ 'GET /api/certification-types': jsonResponse(200, types) })
    renderPage()
    const grid = await screen.findByRole('list', { name: 'Certification types' })
    const cards = within(grid).getAllByTestId('certification-type-card')
    expect(cards).toHaveLength(2)
    expect(within(cards[0]!).getByText('12 active')).toBeInTheDocument()
    expect(within(cards[0]!).queryByText(/expired/)).not.toBeInTheDocument()
    expect(within(cards[0]!).getByText('3 expiring soon')).toBeInTheDocument()
    expect(within(cards[0]!).getByText('Valid for 24 months')).toBeInTheDocument()
    expect(within(cards[0]!).getByText('Required')).toBeInTheDocument()
    // held by 9: 2 current, 7 expired and not renewed
    expect(within(cards[1]!).getByText('2 active')).toBeInTheDocument()
    expect(within(cards[1]!).getByText('7 expired')).toBeInTheDocument()
    expect(within(cards[1]!).getByText('Does not expire')).toBeInTheDocument()

    const search = screen.getByPlaceholderText('Search certification types...')
    await userEvent.type(search, 'WAREHOUSE')
    expect(within(grid).getAllByTestId('certification-type-card')).toHaveLength(1)
    expect(screen.getByText('Forklift Licence')).toBeInTheDocument()
    await userEvent.clear(search)
    await userEvent.type(search, 'nothing like this')
    expect(await screen.findByText('No certification types found')).toBeInTheDocument()
  })

  it("says 'No certification types yet' when there are none", async () => {
    mockApi({ 'GET /api/certification-types': jsonResponse(200, []) })
    renderPage()
    expect(await screen.findByText('No certification types yet')).toBeInTheDocument()
  })

  it('opens Add and Edit dialogs', async () => {
    mockApi({ 'GET /api/certification-types': jsonResponse(200, types) })
    renderPage()
    await screen.findByText('First Aid')
    await userEvent.click(screen.getAllByRole('button', { name: 'Add Certification Type' })[0]!)
    expect(await screen.findByRole('heading', { name: 'Add Certification Type' })).toBeInTheDocument()
    expect(screen.getByLabelText('Certification Name')).toHaveValue('')
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await userEvent.click(screen.getByRole('button', { name: 'Edit First Aid' }))
    expect(await screen.findByRole('heading', { name: 'Edit Certification Type' })).toBeInTheDocument()
    expect(screen.getByLabelText('Certification Name')).toHaveValue('First Aid')
  })

  it('asks before deleting, and asks again when employees hold the type', async () => {
    const calls: string[] = []
    mockApi({
      'GET /api/certification-types': jsonResponse(200, types),
      'DELETE /api/certification-types/1': () => {
        calls.push('delete')
        return calls.length === 1
          ? jsonResponse(409, {
              message: 'First Aid is held by 12 employees. Deleting it also deletes their 12 certifications; confirm to delete it anyway.',
            })
          : jsonResponse(200, { success: true, message: 'Certification type deleted', removedCertifications: 12 })
      },
    })
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo, RequestInit?][] } }
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Delete First Aid' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(/will be permanently deleted/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await within(dialog).findByText(/is held by 12 employees/)).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete anyway' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE').map(([url]) => String(url))
    expect(deletes).toEqual(['/api/certification-types/1', '/api/certification-types/1?confirm=true'])
    expect(await screen.findByText('First Aid and 12 employee certifications were deleted.')).toBeInTheDocument()
  })

  it("shows 'Failed to delete certification type' when the delete fails", async () => {
    mockApi({
      'GET /api/certification-types': jsonResponse(200, types),
      'DELETE /api/certification-types/2': jsonResponse(500, {}),
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Forklift Licence' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Failed to delete certification type')).toBeInTheDocument()
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { localToday } from './create-review-dialog'
import ReviewsPage from './reviews-page'


/** Pages carry the shared header, whose help button needs the assistant context. */
function renderPage(ui: ReactElement) {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>{ui}</AssistantContext.Provider>,
  )
}

const employee = { id: 3, employeeId: 'E-1', firstName: 'Ada', lastName: 'Lovelace', department: 'engineering' }
const template = { id: 1, name: 'Standard Performance Review', questions: [] }
const base = { employeeId: 3, templateId: 1, reviewType: 'quarterly', responses: {}, employee, template }
const REVIEWS = [
  { ...base, id: 1, status: 'pending', dueDate: '2030-05-10' },
  { ...base, id: 2, status: 'in_progress', dueDate: '2030-05-01' },
  { ...base, id: 3, status: 'completed', dueDate: '2030-01-01', completedAt: '2030-01-02T00:00:00Z', rating: 4 },
]

function inDays(days: number) {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return localToday(d)
}

describe('ReviewsPage', () => {
  it('shows 5 skeletons while loading', () => {
    mockApi({ 'GET /api/reviews': () => new Promise<Response>(() => {}) })
    renderPage(<ReviewsPage role="admin" />)
    expect(screen.getAllByTestId('review-skeleton')).toHaveLength(5)
  })

  it('filters by the status tabs and offers View or Continue', async () => {
    mockApi({ 'GET /api/reviews': jsonResponse(200, REVIEWS) })
    const user = userEvent.setup()
    renderPage(<ReviewsPage role="manager" />)

    await screen.findAllByRole('button', { name: 'Continue Review' })
    const panel = screen.getByRole('tabpanel')
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3)
    expect(within(panel).getAllByRole('button', { name: 'Continue Review' })).toHaveLength(2)
    expect(within(panel).getByRole('button', { name: 'View Review' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Create Review' })).not.toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: /Completed/ }))
    const completed = screen.getByRole('tabpanel')
    expect(within(completed).getAllByRole('listitem')).toHaveLength(1)
    expect(within(completed).getByText('4/5')).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: /In Progress/ }))
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(1)
  })

  it('creates a review, refusing a due date in the past', async () => {
    mockApi({
      'GET /api/reviews': jsonResponse(200, []),
      'GET /api/employees': jsonResponse(200, [employee, { ...employee, id: 4, firstName: 'Gone', isArchived: true }]),
      'GET /api/templates': jsonResponse(200, [
        { ...template, id: 1, isDefault: false, name: 'Other' },
        { ...template, id: 2, isDefault: true },
      ]),
      'POST /api/reviews': (init) => jsonResponse(201, { ...base, id: 9, status: 'pending', ...JSON.parse(String(init.body)) }),
    })
    const user = userEvent.setup()
    renderPage(<ReviewsPage role="admin" />)

    await user.click(await screen.findByRole('button', { name: 'Create Review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Review' })
    await waitFor(() => expect(within(dialog).getByLabelText('Template')).toHaveValue('2'))
    expect(within(dialog).queryByRole('option', { name: /Gone/ })).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Create Review' }))
    expect(await within(dialog).findByText('Please select an employee')).toBeInTheDocument()
    expect(within(dialog).getByText('Due date is required')).toBeInTheDocument()

    await user.selectOptions(within(dialog).getByLabelText('Employee'), '3')
    await user.type(within(dialog).getByLabelText('Due date'), inDays(-1))
    await user.click(within(dialog).getByRole('button', { name: 'Create Review' }))
    expect(await within(dialog).findByText('Due date cannot be in the past')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Due date'))
    await user.type(within(dialog).getByLabelText('Due date'), inDays(5))
    await user.click(within(dialog).getByRole('button', { name: 'Create Review' }))
    expect(await screen.findByText('Review created successfully!')).toBeInTheDocument()
  })

  it("says why the server refused to create the review", async () => {
    mockApi({
      'GET /api/reviews': jsonResponse(200, []),
      'GET /api/employees': jsonResponse(200, [employee]),
      'GET /api/templates': jsonResponse(200, [{ ...template, id: 2, isDefault: true }]),
      'POST /api/reviews': jsonResponse(400, { message: 'Reviews cannot be created for an archived employee' }),
    })
    const user = userEvent.setup()
    renderPage(<ReviewsPage role="admin" />)
    await user.click(await screen.findByRole('button', { name: 'Create Review' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create New Review' })
    await waitFor(() => expect(within(dialog).getByLabelText('Template')).toHaveValue('2'))
    await user.selectOptions(within(dialog).getByLabelText('Employee'), '3')
    await user.type(within(dialog).getByLabelText('Due date'), inDays(2))
    await user.click(within(dialog).getByRole('button', { name: 'Create Review' }))
    expect(
      await screen.findByText('Failed to create review. Reviews cannot be created for an archived employee'),
    ).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Create New Review' })).toBeInTheDocument()
  })

  it('opens Create Review with the template chosen on the templates screen', async () => {
    window.history.replaceState(null, '', '/reviews?create=1&templateId=1')
    mockApi({
      'GET /api/reviews': jsonResponse(200, []),
      'GET /api/employees': jsonResponse(200, [employee]),
      'GET /api/templates': jsonResponse(200, [
        { ...template, id: 1, isDefault: false, name: 'Chosen' },
        { ...template, id: 2, isDefault: true },
      ]),
    })
    renderPage(<ReviewsPage role="admin" />)
    const dialog = await screen.findByRole('dialog', { name: 'Create New Review' })
    await waitFor(() => expect(within(dialog).getByLabelText('Template')).toHaveValue('1'))
  })
})

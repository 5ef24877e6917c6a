import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import RemindersPage from './reminders-page'
import { reminderUrgency } from '../lib/urgency'


/** Pages carry the shared header, whose help button needs the assistant context. */
function renderPage(ui: ReactElement) {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>{ui}</AssistantContext.Provider>,
  )
}

function inDays(days: number) {
  const d = new Date()
  d.setDate(d.getDate() + days)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

const reminder = (id: number, dueIn: number, isRead = false) => ({
  id,
  employeeId: 1,
  reviewId: id,
  type: dueIn < 0 ? 'review_overdue' : 'review_due',
  message: `Reminder number ${id}`,
  dueDate: inDays(dueIn),
  isRead,
  createdAt: '2030-01-01T00:00:00Z',
})

describe('reminderUrgency', () => {
  it('follows the urgency thresholds', () => {
    expect(reminderUrgency(inDays(-1))).toBe('overdue')
    expect(reminderUrgency(inDays(0))).toBe('urgent')
    expect(reminderUrgency(inDays(1))).toBe('urgent')
    expect(reminderUrgency(inDays(2))).toBe('high')
    expect(reminderUrgency(inDays(3))).toBe('high')
    expect(reminderUrgency(inDays(4))).toBe('normal')
    expect(reminderUrgency(null)).toBe('normal')
  })
})

describe('RemindersPage', () => {
  it('shows 5 skeletons while loading', () => {
    mockApi({ 'GET /api/reminders': () => new Promise<Response>(() => {}) })
    renderPage(<RemindersPage />)
    expect(screen.getAllByTestId('reminder-skeleton')).toHaveLength(5)
  })

  it('counts, filters and marks reminders read', async () => {
    const items = [reminder(1, -2), reminder(2, 1), reminder(3, 10, true)]
    mockApi({
      'GET /api/reminders': () => jsonResponse(200, items),
      'PUT /api/reminders/1': () => {
        items[0] = { ...items[0]!, isRead: true }
        return jsonResponse(200, items[0])
      },
    })
    const user = userEvent.setup()
    renderPage(<RemindersPage />)

    const card = (label: string) => screen.getByRole('heading', { name: label }).parentElement!
    await waitFor(() => expect(within(card('Total')).getByText('3')).toBeInTheDocument())
    expect(within(card('Unread')).getByText('2')).toBeInTheDocument()
    expect(within(card('Overdue')).getByText('1')).toBeInTheDocument()
    expect(screen.getByText('Overdue', { selector: 'span' })).toBeInTheDocument()
    expect(screen.getByText('Urgent')).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Read' }))
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(1)
    await user.click(screen.getByRole('tab', { name: 'Unread' }))
    const unread = screen.getByRole('tabpanel')
    expect(within(unread).getAllByRole('listitem')).toHaveLength(2)

    await user.click(within(unread).getAllByRole('button', { name: 'Mark Read' })[0]!)
    expect(await screen.findByText('Reminder marked as read')).toBeInTheDocument()
    await waitFor(() => expect(within(card('Unread')).getByText('1')).toBeInTheDocument())
  })

  it('says so when marking fails', async () => {
    mockApi({
      'GET /api/reminders': jsonResponse(200, [reminder(1, 2)]),
      'PUT /api/reminders/1': jsonResponse(500, { message: 'boom' }),
    })
    const user = userEvent.setup()
    renderPage(<RemindersPage />)
    await user.click(await screen.findByRole('button', { name: 'Mark Read' }))
    expect(await screen.findByText('Failed to mark reminder as read')).toBeInTheDocument()
  })

  it('says it lists certification expiries too, and marks every reminder read at once', async () => {
    let items = [reminder(1, -2), reminder(2, 1), reminder(3, 10, true)]
    const fetchMock = mockApi({
      'GET /api/reminders': () => jsonResponse(200, items),
      'POST /api/reminders/mark-all-read': () => {
        items = items.map((r) => ({ ...r, isRead: true }))
        return jsonResponse(200, { updated: 2 })
      },
    })
    const user = userEvent.setup()
    renderPage(<RemindersPage />)
    expect(screen.getByText(/certifications expiring or expired/)).toBeInTheDocument()
    const button = await screen.findByRole('button', { name: 'Mark all read' })
    await waitFor(() => expect(button).toBeEnabled())

    await user.click(button)
    expect(await screen.findByText('2 reminders marked as read')).toBeInTheDocument()
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Mark Read' })).not.toBeInTheDocument())
    // Nothing left unread: nothing left to mark.
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled()
  })

  it('says so when marking all fails', async () => {
    mockApi({
      'GET /api/reminders': jsonResponse(200, [reminder(1, 2)]),
      'POST /api/reminders/mark-all-read': jsonResponse(500, { message: 'boom' }),
    })
    const user = userEvent.setup()
    renderPage(<RemindersPage />)
    const button = await screen.findByRole('button', { name: 'Mark all read' })
    await waitFor(() => expect(button).toBeEnabled())
    await user.click(button)
    expect(await screen.findByText('Failed to mark reminders as read')).toBeInTheDocument()
  })
})

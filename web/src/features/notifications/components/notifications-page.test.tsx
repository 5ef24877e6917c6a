import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import NotificationsPage, { PAGE_SIZE } from './notifications-page'

function renderPage(ui: ReactElement) {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>{ui}</AssistantContext.Provider>,
    { as: 'user' },
  )
}

const notice = (id: number, readAt: string | null = null) => ({
  id,
  kind: 'review_shared',
  title: `Notice ${id}`,
  body: `Body ${id}`,
  link: null,
  createdAt: '2030-01-01T00:00:00Z',
  readAt,
})

const preferences = [
  { kind: 'review_assigned', label: 'A review is assigned to you', delivery: 'immediate' },
  { kind: 'review_due_soon', label: 'Something of yours is due soon', delivery: 'immediate' },
]

describe('NotificationsPage', () => {
  it('lists notices page by page and marks all read', async () => {
    let marked = false
    const fetchMock = mockApi({
      'GET /api/notifications': (_init, url) => {
        const page = Number(url.searchParams.get('page'))
        const items = page === 1 ? [notice(3, marked ? 'x' : null), notice(2)] : [notice(1, 'x')]
        return new Response(JSON.stringify(items), {
          headers: { 'Content-Type': 'application/json', 'X-Total-Count': String(PAGE_SIZE + 1) },
        })
      },
      'POST /api/notifications/read-all': () => {
        marked = true
        return jsonResponse(200, { updated: 2 })
      },
      'GET /api/notifications/preferences': () => jsonResponse(200, preferences),
    })
    renderPage(<NotificationsPage />)
    const list = await screen.findByRole('list', { name: 'Notifications' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).getAllByText('(unread)', { exact: false })).toHaveLength(2)
    await userEvent.click(screen.getByRole('button', { name: 'Older' }))
    expect(await screen.findByText('Notice 1')).toBeInTheDocument()
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }))
    expect(await screen.findByText('2 marked read')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/notifications/read-all'))).toBe(true)
  })

  it('saves how a kind comes by e-mail', async () => {
    const fetchMock = mockApi({
      'GET /api/notifications': () => jsonResponse(200, []),
      'GET /api/notifications/preferences': () => jsonResponse(200, preferences),
      'PUT /api/notifications/preferences': () =>
        jsonResponse(200, [preferences[0], { ...preferences[1], delivery: 'digest' }]),
    })
    renderPage(<NotificationsPage />)
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument()
    const select = await screen.findByLabelText('Something of yours is due soon')
    expect(select).toHaveValue('immediate')
    await userEvent.selectOptions(select, 'Daily digest')
    await waitFor(() => expect(select).toHaveValue('digest'))
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(JSON.parse(String(put?.[1]?.body))).toEqual([{ kind: 'review_due_soon', delivery: 'digest' }])
  })

  it('tells a shared sign-in that settings belong to personal accounts', async () => {
    mockApi({
      'GET /api/notifications': () => jsonResponse(200, []),
      'GET /api/notifications/preferences': () => jsonResponse(200, []),
    })
    renderPage(<NotificationsPage />)
    expect(await screen.findByText(/belong to personal accounts/)).toBeInTheDocument()
  })
})

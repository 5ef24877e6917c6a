import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route, Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { NotificationBell } from './notification-bell'

const notice = (id: number, readAt: string | null = null) => ({
  id,
  kind: 'review_assigned',
  title: `Notice ${id}`,
  body: `What happened ${id}`,
  link: `/reviews/${id}`,
  createdAt: new Date().toISOString(),
  readAt,
})

function renderBell() {
  const location = memoryLocation({ path: '/', record: true })
  renderWithProviders(
    <Router hook={location.hook}>
      <NotificationBell />
      <Route path="/reviews/:id">{(params) => <p>Review page {params.id}</p>}</Route>
    </Router>,
    { as: 'user' },
  )
  return location
}

describe('NotificationBell', () => {
  it('lists the newest notices; a click marks one read and goes where it leads', async () => {
    let unread = 2
    const fetchMock = mockApi({
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count: unread }),
      'GET /api/notifications': () => jsonResponse(200, [notice(2), notice(1)]),
      'POST /api/notifications/2/read': () => {
        unread = 1
        return new Response(null, { status: 204 })
      },
    })
    const location = renderBell()
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' })
    await userEvent.click(bell)
    const menu = await screen.findByRole('menu')
    await userEvent.click(await within(menu).findByRole('menuitem', { name: /Notice 2/ }))
    expect(await screen.findByText('Review page 2')).toBeInTheDocument()
    expect(location.history).toContain('/reviews/2')
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/notifications/2/read') && init?.method === 'POST')).toBe(true),
    )
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
  })

  it('marks all read', async () => {
    let unread = 3
    mockApi({
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count: unread }),
      'GET /api/notifications': () => jsonResponse(200, [notice(1)]),
      'POST /api/notifications/read-all': () => {
        unread = 0
        return jsonResponse(200, { updated: 3 })
      },
    })
    renderBell()
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark all read' }))
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument()
  })

  it('says when there is nothing', async () => {
    mockApi({
      'GET /api/notifications/unread-count': () => jsonResponse(200, { count: 0 }),
      'GET /api/notifications': () => jsonResponse(200, []),
    })
    renderBell()
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }))
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument()
  })
})

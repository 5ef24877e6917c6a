import { useMutation, useQuery } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { api, unwrap } from '@/lib/api-client'

function Reminders() {
  const list = useQuery({ queryKey: ['/api/reminders'], queryFn: () => unwrap(api.GET('/api/reminders')) })
  const markRead = useMutation({
    mutationFn: (id: number) =>
      unwrap(api.PUT('/api/reminders/{reminder_id}', { params: { path: { reminder_id: id } }, body: { isRead: true } })),
  })
  return (
    <ul>
      {list.data?.map((r) => (
        <li key={r.id}>
          {r.message}
          <button type="button" onClick={() => markRead.mutate(r.id)}>
            Mark read {r.id}
          </button>
        </li>
      ))}
    </ul>
  )
}

describe('the query client', () => {
  it('refreshes the screen when a change is answered 404, so a card deleted elsewhere goes', async () => {
    let reminders = [
      { id: 1, message: 'Review due for Ada' },
      { id: 2, message: 'Certificate expiring for Alan' },
    ]
    mockApi({
      'GET /api/reminders': () => jsonResponse(200, reminders),
      'PUT /api/reminders/2': jsonResponse(404, { message: 'Reminder not found' }),
    })
    renderWithProviders(<Reminders />)
    await screen.findByText('Certificate expiring for Alan')
    reminders = [reminders[0]!] // someone else dealt with the second one meanwhile
    await userEvent.click(screen.getByRole('button', { name: 'Mark read 2' }))
    await waitFor(() => expect(screen.queryByText('Certificate expiring for Alan')).not.toBeInTheDocument())
    expect(screen.getByText('Review due for Ada')).toBeInTheDocument()
  })

  it('does not refetch on other failures', async () => {
    let reads = 0
    mockApi({
      'GET /api/reminders': () => {
        reads += 1
        return jsonResponse(200, [{ id: 2, message: 'Certificate expiring for Alan' }])
      },
      'PUT /api/reminders/2': jsonResponse(400, { message: 'No' }),
    })
    renderWithProviders(<Reminders />)
    await userEvent.click(await screen.findByRole('button', { name: 'Mark read 2' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(reads).toBe(1)
  })
})

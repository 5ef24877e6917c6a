import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Router } from 'wouter'
import { memoryLocation } from 'wouter/memory-location'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { UnsubscribeScreen } from './unsubscribe-page'

function renderAt(search: string) {
  const location = memoryLocation({ path: `/unsubscribe${search}` })
  renderWithProviders(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <UnsubscribeScreen />
    </Router>,
  )
}

describe('UnsubscribeScreen', () => {
  it('changes nothing until the button is pressed, then says what stopped', async () => {
    const fetchMock = mockApi({
      'POST /api/notifications/unsubscribe': (_init, url) => {
        expect(url.searchParams.get('token')).toBe('abc.def')
        return jsonResponse(200, { kind: 'review_shared', label: 'Your review is shared with you', alreadyOff: false })
      },
    })
    renderAt('?token=abc.def')
    expect(fetchMock).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByText('You are unsubscribed')).toBeInTheDocument()
    expect(screen.getByText(/Your review is shared with you/)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('says when the e-mails were already off', async () => {
    mockApi({
      'POST /api/notifications/unsubscribe': () =>
        jsonResponse(200, { kind: 'digest', label: 'Daily digest', alreadyOff: true }),
    })
    renderAt('?token=abc.def')
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByText('Already unsubscribed')).toBeInTheDocument()
  })

  it("shows the server's refusal of an altered link, and a missing token at once", async () => {
    mockApi({
      'POST /api/notifications/unsubscribe': () => jsonResponse(400, { message: 'This unsubscribe link is not valid' }),
    })
    renderAt('?token=forged')
    await userEvent.click(screen.getByRole('button', { name: 'Unsubscribe' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid')
  })

  it('refuses a link without a token without asking the server', () => {
    const fetchMock = mockApi({})
    renderAt('')
    expect(screen.getByRole('alert')).toHaveTextContent('This unsubscribe link is not valid')
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

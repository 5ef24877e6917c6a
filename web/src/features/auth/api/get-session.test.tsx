import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { App } from '@/app/app'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'

describe('the first session check', () => {
  it('asks nothing when the page says the browser sent no session cookie', async () => {
    const meta = document.createElement('meta')
    meta.name = 'merit-session'
    meta.content = 'none'
    document.head.append(meta)
    const fetchMock = mockApi({ 'GET /api/auth/session': jsonResponse(401, { message: 'Not authenticated' }) })
    try {
      renderWithProviders(<App />)
      expect(await screen.findByRole('heading', { name: 'The whole performance cycle, handled' })).toBeInTheDocument()
      expect(fetchMock).not.toHaveBeenCalled()
    } finally {
      meta.remove()
      // app.tsx started fetching the signed-in app's code when it was imported (no meta tag
      // yet then); let that finish before the test environment is torn down under it.
      await Promise.all([import('@/app/authenticated-app'), import('@/app/routes/dashboard')])
    }
  })
})

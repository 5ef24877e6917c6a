import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sessionReply, viewerFor } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { App } from './app'
import { canOpen, findAppRoute, orgCodeFromPath } from './paths'

function renderAt(path: string) {
  window.history.replaceState(null, '', path)
  return renderWithProviders(<App />)
}

const demo = { id: 1, name: 'Demo Inc', subdomain: 'demo' }

describe('review stage screens', () => {
  it('opens My Reviews to everyone, the self-review and feedback forms only to a person', () => {
    const person = viewerFor('user', { visibility: 'need_to_know', employeeId: 5 })
    for (const path of ['/my-reviews', '/reviews/7/self', '/feedback/40', '/reviews/7']) expect(canOpen(person.access, path), path).toBe(true)
    // A shared sign-in is nobody's: no self-review or feedback is ever asked of it.
    expect(canOpen(viewerFor('manager').access, '/reviews/7/self')).toBe(false)
    expect(canOpen(viewerFor('manager').access, '/feedback/40')).toBe(false)
    expect(findAppRoute('/reviews/7/self')?.path).toBe('/reviews/:id/self')
    expect(findAppRoute('/reviews/7')?.path).toBe('/reviews/:id')
    expect(orgCodeFromPath('/my-reviews')).toBeUndefined()
  })

  it("opens a review's own address (the notices' links) over the Reviews list", async () => {
    mockApi({
      'GET /api/auth/session': jsonResponse(200, sessionReply('admin', { employeeId: 1 })),
      'GET /api/organization/current': jsonResponse(200, { ...demo, description: null, isActive: true }),
      'GET /api/reviews': jsonResponse(200, []),
      'GET /api/reviews/7': jsonResponse(404, { message: 'Review not found' }),
      'GET /api/departments': jsonResponse(200, []),
    })
    renderAt('/reviews/7')
    expect(await screen.findByRole('heading', { name: 'Review not found' })).toBeInTheDocument()
    expect(window.location.pathname).toBe('/reviews')
  })
})

import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { jsonResponse, mockApi } from '@/test/utils'

/** The session module afresh (its first check is once per page load). */
async function freshSession() {
  vi.resetModules()
  const { sessionQueryOptions } = await import('./get-session')
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return () => client.fetchQuery({ ...sessionQueryOptions(), staleTime: 0 })
}

function sayNoCookie() {
  const meta = document.createElement('meta')
  meta.name = 'merit-session'
  meta.content = 'none'
  document.head.append(meta)
}

afterEach(() => document.head.querySelector('meta[name="merit-session"]')?.remove())

describe('the session check', () => {
  it('asks nothing the first time when the page says the browser sent no session cookie', async () => {
    sayNoCookie()
    const fetchMock = mockApi({ 'GET /api/auth/session': jsonResponse(200, { userRole: 'admin' }) })
    const check = await freshSession()

    await expect(check()).resolves.toBeNull()
    expect(fetchMock).not.toHaveBeenCalled()

    // Later checks (after a sign-in) always ask.
    await expect(check()).resolves.toEqual({ userRole: 'admin' })
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('answers null when nobody is signed in (401)', async () => {
    mockApi({ 'GET /api/auth/session': jsonResponse(401, { message: 'Not authenticated' }) })
    const check = await freshSession()

    await expect(check()).resolves.toBeNull()
  })

  it('fails on other errors', async () => {
    mockApi({ 'GET /api/auth/session': jsonResponse(503, { message: 'Down' }) })
    const check = await freshSession()

    await expect(check()).rejects.toThrow('503: {"message":"Down"}')
  })
})

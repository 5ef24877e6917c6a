import { describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '@/test/utils'
import {
  ApiError,
  apiRequest,
  errorMessage,
  errorStatus,
  getQueryFn,
  RequestTimeoutError,
} from './api-client'

const queryContext = (key: string) =>
  ({ queryKey: [key], signal: new AbortController().signal, meta: undefined, client: undefined }) as never

describe('apiRequest', () => {
  it('sends credentials and a JSON body with a JSON content type', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { ok: true }))
    vi.stubGlobal('fetch', fetchMock)

    await apiRequest('POST', '/api/things', { name: 'x' })

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/things',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{"name":"x"}',
      }),
    )
  })

  it('sends no content type without a body', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}))
    vi.stubGlobal('fetch', fetchMock)

    await apiRequest('POST', '/api/auth/logout')

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ credentials: 'include', headers: undefined, body: undefined }),
    )
  })

  it('turns a failed reply into "status: body"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { message: 'Organization not found' })))

    const error = await apiRequest('GET', '/api/x').catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as Error).message).toBe('404: {"message":"Organization not found"}')
    expect(errorStatus(error)).toBe(404)
  })

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })))

    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable')
  })

  it('aborts and reports a timeout when the server is too slow', async () => {
    vi.useFakeTimers()
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))
          }),
      ),
    )

    const pending = apiRequest('POST', '/api/slow', {}, { timeoutMs: 15_000 }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(14_999)
    await vi.advanceTimersByTimeAsync(1)

    const error = await pending
    expect(error).toBeInstanceOf(RequestTimeoutError)
    expect((error as Error).message).toBe('Connection Timeout')
  })
})

describe('getQueryFn', () => {
  it('GETs the first element of the query key', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { a: 1 }))
    vi.stubGlobal('fetch', fetchMock)

    const data = await getQueryFn({ on401: 'throw' })(queryContext('/api/dashboard/stats'))

    expect(data).toEqual({ a: 1 })
    expect(fetchMock).toHaveBeenCalledWith('/api/dashboard/stats', expect.objectContaining({ credentials: 'include' }))
  })

  it('returns null on 401 when configured to', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { message: 'Not signed in' })))

    await expect(getQueryFn({ on401: 'returnNull' })(queryContext('/api/auth/session'))).resolves.toBeNull()
  })

  it('throws on 401 by default', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { message: 'Not signed in' })))

    await expect(getQueryFn({ on401: 'throw' })(queryContext('/api/auth/session'))).rejects.toThrow(
      '401: {"message":"Not signed in"}',
    )
  })
})

describe('errorMessage', () => {
  it("extracts the server's message", () => {
    expect(errorMessage(new ApiError(429, 'Too Many Requests', '{"message":"Slow down"}'))).toBe('Slow down')
  })

  it('uses a short plain-text body as it is', () => {
    expect(errorMessage(new ApiError(500, 'Internal Server Error', 'Database unavailable'))).toBe(
      'Database unavailable',
    )
  })

  it('falls back for HTML pages, empty bodies and non-API errors', () => {
    expect(errorMessage(new ApiError(502, 'Bad Gateway', '<html>oops</html>'), 'Try later')).toBe('Try later')
    expect(errorMessage(new ApiError(502, 'Bad Gateway', ''), 'Try later')).toBe('Try later')
    expect(errorMessage(new TypeError('Failed to fetch'), 'Try later')).toBe('Try later')
  })
})

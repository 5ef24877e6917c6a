import { describe, expect, it, vi } from 'vitest'
import { jsonResponse } from '@/test/utils'
import {
  api,
  ApiError,
  errorMessage,
  errorStatus,
  RequestTimeoutError,
  timeoutSignal,
  unwrap,
  uploadFile,
} from './api-client'

/** A fetch that never answers, rejecting like the browser once its signal aborts. */
const hangingFetch = () =>
  vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        const abort = () => reject(new DOMException('Aborted', 'AbortError'))
        if (init.signal?.aborted) abort()
        init.signal?.addEventListener('abort', abort)
      }),
  )

describe('the API client', () => {
  it('sends credentials and a JSON body with a JSON content type, to the same-origin path', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { success: true }))
    vi.stubGlobal('fetch', fetchMock)

    await api.POST('/api/auth/change-password', { body: { currentPassword: 'a', newPassword: 'b' } })

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/change-password',
      expect.objectContaining({
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: '{"currentPassword":"a","newPassword":"b"}',
      }),
    )
  })

  it('sends no content type without a body', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}))
    vi.stubGlobal('fetch', fetchMock)

    await api.POST('/api/auth/logout')

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/logout',
      expect.objectContaining({ credentials: 'include', headers: undefined, body: undefined }),
    )
  })

  it('puts path and query parameters in the URL', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, []))
    vi.stubGlobal('fetch', fetchMock)

    await api.DELETE('/api/certification-types/{type_id}', { params: { path: { type_id: 3 }, query: { confirm: true } } })

    expect(fetchMock).toHaveBeenCalledWith('/api/certification-types/3?confirm=true', expect.objectContaining({ method: 'DELETE' }))
  })

  it('answers the reply data', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(200, { totalEmployees: 3 })))

    await expect(unwrap(api.GET('/api/dashboard/stats'))).resolves.toEqual({ totalEmployees: 3 })
  })

  it('turns a failed reply into "status: body"', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(404, { message: 'Organization not found' })))

    const error = await unwrap(api.GET('/api/organization/current')).catch((e: unknown) => e)

    expect(error).toBeInstanceOf(ApiError)
    expect((error as Error).message).toBe('404: {"message":"Organization not found"}')
    expect(errorStatus(error)).toBe(404)
  })

  it('uses the status text when the body is empty', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })))

    await expect(unwrap(api.GET('/api/dashboard/stats'))).rejects.toThrow('503: Service Unavailable')
  })

  it('throws on 401 like on any other failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse(401, { message: 'Not signed in' })))

    await expect(unwrap(api.GET('/api/auth/session'))).rejects.toThrow('401: {"message":"Not signed in"}')
  })

  it('aborts and reports a timeout when the server is too slow', async () => {
    vi.useFakeTimers()
    vi.stubGlobal('fetch', hangingFetch())

    const pending = api
      .POST('/api/auth/org-login', { body: { subdomain: 'slow' }, signal: timeoutSignal(15_000) })
      .catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(14_999)
    await vi.advanceTimersByTimeAsync(1)

    const error = await pending
    expect(error).toBeInstanceOf(RequestTimeoutError)
    expect((error as Error).message).toBe('Connection Timeout')
  })

  it("leaves the caller's own abort an abort, not a timeout", async () => {
    vi.stubGlobal('fetch', hangingFetch())
    const caller = new AbortController()

    const pending = api
      .POST('/api/auth/org-login', { body: { subdomain: 'x' }, signal: timeoutSignal(15_000, caller.signal) })
      .catch((e: unknown) => e)
    caller.abort()

    const error = await pending
    expect(error).not.toBeInstanceOf(RequestTimeoutError)
    expect((error as Error).name).toBe('AbortError')
  })
})

describe('uploadFile', () => {
  it('PUTs the raw bytes with their type and fails like every other call', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(413, { message: 'Too large' }))
    vi.stubGlobal('fetch', fetchMock)
    const file = new File(['png'], 'logo.png', { type: 'image/png' })

    await expect(uploadFile('/api/upload/logo/abc', file)).rejects.toThrow('413: {"message":"Too large"}')
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/upload/logo/abc',
      expect.objectContaining({ method: 'PUT', credentials: 'include', headers: { 'Content-Type': 'image/png' }, body: file }),
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

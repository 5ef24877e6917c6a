import createClient, { type Middleware } from 'openapi-fetch'
import type { paths } from './api-schema'

/** A reply that was not ok. Its message is `${status}: ${body || statusText}`. */
export class ApiError extends Error {
  readonly status: number
  readonly body: string

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`)
    this.name = 'ApiError'
    this.status = status
    this.body = body
  }
}

/** The request was aborted because the server did not answer in time (see timeoutSignal). */
export class RequestTimeoutError extends Error {
  constructor() {
    super('Connection Timeout')
    this.name = 'RequestTimeoutError'
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const body = await res.text().catch(() => '')
  throw new ApiError(res.status, res.statusText, body)
}

/** A signal that aborts after timeoutMs (a RequestTimeoutError), or when `signal` aborts. */
export function timeoutSignal(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs)
  return signal ? AbortSignal.any([signal, timeout]) : timeout
}

/**
 * Sends the request openapi-fetch built with the session cookie. The global fetch is looked up
 * on each call and given a same-origin path and a plain init, so a stubbed fetch sees the call
 * the way the app has always made it. Only the content type is carried over: the client sets no
 * other header (the browser adds the cookie and the origin the server checks).
 */
async function send(request: Request): Promise<Response> {
  const url = new URL(request.url)
  const body = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text()
  const contentType = request.headers.get('Content-Type')
  return fetch(url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.href, {
    method: request.method,
    credentials: 'include',
    headers: contentType ? { 'Content-Type': contentType } : undefined,
    body: body || undefined,
    signal: request.signal,
  })
}

/** Every reply that is not ok becomes an ApiError; a request that ran out of time, a RequestTimeoutError. */
const errors: Middleware = {
  async onResponse({ response }) {
    await throwIfNotOk(response)
  },
  onError({ request }) {
    const reason: unknown = request.signal.reason
    if (reason instanceof DOMException && reason.name === 'TimeoutError') return new RequestTimeoutError()
    // Anything else (a network failure, the caller's own abort) goes on as it is.
    return undefined
  },
}

/** The typed client of the API: paths, parameters, bodies and replies come from its OpenAPI document. */
export const api = createClient<paths>({ baseUrl: window.location.origin, fetch: send })
api.use(errors)

/**
 * The data of a call. A reply that was not ok has already thrown an ApiError (see `errors`), so
 * what is left is the success case.
 */
export async function unwrap<Data>(pending: Promise<{ data?: Data; response: Response }>): Promise<Data> {
  const { data } = await pending
  return data as Data
}

/**
 * A file to a signed upload URL the API handed out (PUT with the raw bytes), failing like every
 * other call: the status and the server's message.
 */
export async function uploadFile(uploadURL: string, file: File): Promise<void> {
  const res = await fetch(uploadURL, {
    method: 'PUT',
    credentials: 'include',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  })
  await throwIfNotOk(res)
}

/** The bytes at a URL the API handed out (a stored document's filePath), with the session cookie. */
export async function downloadFile(url: string): Promise<Blob> {
  const res = await fetch(url, { method: 'GET', credentials: 'include' })
  await throwIfNotOk(res)
  return res.blob()
}

/** Has the browser save a reply's bytes under a file name. */
export function saveBlob(blob: Blob, fileName: string, { revokeAfterMs = 1000 } = {}): void {
  const url = URL.createObjectURL(blob)
  try {
    const link = document.createElement('a')
    link.href = url
    link.download = fileName
    link.rel = 'noopener'
    document.body.append(link)
    link.click()
    link.remove()
  } finally {
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), revokeAfterMs)
  }
}

/** The HTTP status of a failed call, if the error came from one. */
export function errorStatus(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined
}

/**
 * The text to show a person for a failed call: the server's `{"message": ...}` when there is
 * one, a short plain-text body otherwise, else the fallback.
 */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!(error instanceof ApiError)) return fallback
  const body = error.body.trim()
  if (!body) return fallback
  try {
    const parsed: unknown = JSON.parse(body)
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message
    }
    return fallback
  } catch {
    const looksLikeHtml = body.startsWith('<')
    return looksLikeHtml || body.length > 200 ? fallback : body
  }
}

import type { QueryFunction } from '@tanstack/react-query'
import type { z } from 'zod'

/** A reply that was not ok. Its message is `${status}: ${body || statusText}` (SPEC §7). */
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

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return
  const body = await res.text().catch(() => '')
  throw new ApiError(res.status, res.statusText, body)
}

/** The request was aborted because the server did not answer within timeoutMs. */
export class RequestTimeoutError extends Error {
  constructor() {
    super('Connection Timeout')
    this.name = 'RequestTimeoutError'
  }
}

export interface RequestOptions {
  signal?: AbortSignal
  /** Abort the request and throw RequestTimeoutError after this many milliseconds. */
  timeoutMs?: number
}

/** Sends one request with the session cookie; a JSON body goes with a JSON content type. */
export async function apiRequest(
  method: string,
  url: string,
  body?: unknown,
  { signal, timeoutMs }: RequestOptions = {},
): Promise<Response> {
  const controller = new AbortController()
  const abort = () => controller.abort()
  signal?.addEventListener('abort', abort)
  let timedOut = false
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true
          controller.abort()
        }, timeoutMs)
  try {
    const res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    })
    await throwIfNotOk(res)
    return res
  } catch (error) {
    throw timedOut ? new RequestTimeoutError() : error
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', abort)
  }
}

/** Like apiRequest, then parses the JSON reply with a schema so callers get typed data. */
export async function apiJson<T extends z.ZodType>(
  schema: T,
  method: string,
  url: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<z.output<T>> {
  const res = await apiRequest(method, url, body, options)
  return schema.parse(await res.json())
}

export type UnauthorizedBehavior = 'returnNull' | 'throw'

/** GET on queryKey[0]. A 401 throws, or resolves to null with on401: 'returnNull'. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(String(queryKey[0]), { credentials: 'include', signal })
    if (on401 === 'returnNull' && res.status === 401) return null
    await throwIfNotOk(res)
    return (await res.json()) as T
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

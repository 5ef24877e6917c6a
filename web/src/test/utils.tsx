import { render, type RenderOptions } from '@testing-library/react'
import type { ReactElement } from 'react'
import { vi } from 'vitest'
import { AppProvider, createAppQueryClient } from '@/app/provider'
import { ViewerProvider, type Viewer } from '@/lib/access'
import type { Role } from '@/lib/roles'
import { viewerFor } from './access'

/**
 * After a refused submit react-hook-form focuses the first field in error, then again from a
 * setTimeout: wait past that second focus before asserting where the focus is.
 */
export function afterDeferredFocus(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 20))
}

/**
 * Renders inside the real providers (query client, tooltips, toaster) with a fresh cache; with
 * `as`, signed in as that role under "open" (or as that viewer), as the signed-in app does.
 */
export function renderWithProviders(ui: ReactElement, options?: RenderOptions & { as?: Role | Viewer }) {
  const { as, ...renderOptions } = options ?? {}
  const queryClient = createAppQueryClient()
  const viewer = typeof as === 'string' ? viewerFor(as) : as
  const content = viewer ? <ViewerProvider viewer={viewer}>{ui}</ViewerProvider> : ui
  const result = render(<AppProvider queryClient={queryClient}>{content}</AppProvider>, renderOptions)
  return { ...result, queryClient }
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

type Reply = Response | ((init: RequestInit, url: URL) => Response | Promise<Response>)

/**
 * Stubs fetch with replies keyed by "METHOD /path"; anything else answers 404 like the server.
 * A reply given as a function also gets the URL asked for (its query string included).
 * Returns the mock so tests can read what was sent.
 */
export function mockApi(routes: Record<string, Reply>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), window.location.origin)
    const reply = routes[`${init.method ?? 'GET'} ${url.pathname}`]
    if (!reply) return jsonResponse(404, { message: 'Not found' })
    return typeof reply === 'function' ? reply(init, url) : reply.clone()
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** The parsed JSON body of the n-th call to a path. */
export function sentBody(fetchMock: ReturnType<typeof mockApi>, path: string, nth = 0): unknown {
  const call = fetchMock.mock.calls.filter(([input]) => String(input).endsWith(path))[nth]
  if (!call) throw new Error(`No call to ${path}`)
  return JSON.parse(String(call[1]?.body))
}

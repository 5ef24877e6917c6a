// One browser context and page per test file, on the worker's Chromium (playwright.config.mjs).
// A file's tests share them and run in order, each going on from where the previous one left
// the page (signed in, on a screen), as a user's session would.
import { mkdirSync } from 'node:fs'
import { test } from '@playwright/test'
import { SCREENSHOTS } from './env.mjs'

export const DESKTOP = { width: 1280, height: 860 }

/**
 * Open the file's page before its first test and close it after its last. `prefix` names the
 * screenshots (`<prefix>-<name>.png`). The returned object is filled in before the first test:
 * `page`, `context`, `browser`, `shot(name, target?)` and `pageErrors` (the uncaught page
 * errors, which tests assert stay empty).
 */
export function useSession(prefix, { viewport = DESKTOP } = {}) {
  const session = { prefix, pageErrors: [] }
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async ({ browser }) => {
    mkdirSync(SCREENSHOTS, { recursive: true })
    const context = await browser.newContext({ viewport, acceptDownloads: true })
    const page = await context.newPage()
    const watch = (p) => p.on('pageerror', (error) => session.pageErrors.push(error))
    watch(page)
    context.on('page', watch)
    traceApiCalls(context)
    const shot = (name, target = page) => target.screenshot({ path: `${SCREENSHOTS}${prefix}-${name}.png`, fullPage: true })
    Object.assign(session, { browser, context, page, shot })
  })

  // The last state (`<prefix>-last.png`) is handy when a test failed.
  test.afterAll(async () => {
    if (!session.context) return
    await session.shot('last').catch(() => undefined) // the page may be gone already
    await session.context.close()
  })
  return session
}

const apiTraces = new WeakMap()

/** Keep the browser context's last API calls, so a failed wait can say what the server did. */
function traceApiCalls(context) {
  const done = []
  const pending = new Map()
  apiTraces.set(context, { done, pending })
  const isApi = (request) => new URL(request.url()).pathname.startsWith('/api/')
  const line = (request, outcome) =>
    `${request.method()} ${new URL(request.url()).pathname} ${outcome} after ${Date.now() - pending.get(request)} ms`
  const finish = (request, outcome) => {
    if (!pending.has(request)) return
    done.push(line(request, outcome))
    if (done.length > 12) done.shift()
    pending.delete(request)
  }
  context.on('request', (request) => isApi(request) && pending.set(request, Date.now()))
  context.on('requestfinished', async (request) => {
    const response = await request.response().catch(() => null)
    finish(request, `-> ${response?.status() ?? '?'}`)
  })
  context.on('requestfailed', (request) => finish(request, `failed (${request.failure()?.errorText})`))
}

/** The page's context's last API calls and those still waiting, one per line (for errors). */
export function recentApiCalls(page) {
  const trace = apiTraces.get(page.context())
  if (!trace) return '(not traced)'
  const waiting = [...trace.pending.keys()].map((request) => `${request.method()} ${new URL(request.url()).pathname} still waiting`)
  return [...trace.done, ...waiting].join('\n')
}

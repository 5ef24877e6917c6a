// One headless Chromium per test file (playwright-core driving Debian's /usr/bin/chromium).
import { mkdirSync, writeFileSync } from 'node:fs'
import { chromium } from 'playwright-core'
import { SCREENSHOTS } from './env.mjs'

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
]

/**
 * Launch Chromium with one page. `prefix` names the screenshots (`<prefix>-<name>.png`).
 * `pageErrors` collects uncaught page errors; tests assert it stays empty.
 */
export async function openBrowser(prefix, { viewport = { width: 1280, height: 860 }, ...contextOptions } = {}) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  const browser = await chromium.launch({
    executablePath: process.env.MERIT_CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  })
  // bypassCSP: axe-core is injected as an inline script, which the app's CSP forbids.
  const context = await browser.newContext({ viewport, bypassCSP: true, acceptDownloads: true, ...contextOptions })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  const pageErrors = []
  const watch = (p) => p.on('pageerror', (error) => pageErrors.push(error))
  watch(page)
  context.on('page', watch)
  traceApiCalls(context)
  const inputEvents = TRACE_DIR ? await traceInput(context, page) : []
  const shot = (name, target = page) =>
    target.screenshot({ path: `${SCREENSHOTS}${prefix}-${name}.png`, fullPage: true })
  return { browser, context, page, pageErrors, shot, prefix, inputEvents }
}

/**
 * MERIT_E2E_TRACE=<dir> keeps, per test file, a Playwright trace (<prefix>-<time>.zip, open it
 * with `npx playwright show-trace`) and the page's last 300 input events with their timestamps
 * (<prefix>-<time>-events.txt): what had the focus, what was typed where. For flaky tests.
 */
const TRACE_DIR = process.env.MERIT_E2E_TRACE

async function traceInput(context, page) {
  await context.tracing.start({ screenshots: true, snapshots: true })
  await context.addInitScript(() => {
    const describe = (target) =>
      target instanceof Element
        ? `${target.tagName.toLowerCase()}${target.id ? `#${target.id}` : ''}` +
          `[${(target.getAttribute('aria-label') || target.textContent || '').trim().slice(0, 30)}]`
        : String(target)
    for (const type of ['pointerdown', 'pointerup', 'click', 'focusin', 'input', 'submit', 'keydown']) {
      const log = (event) => {
        const value = event.target?.value === undefined ? '' : JSON.stringify(String(event.target.value).slice(0, 40))
        console.log(`EV ${performance.now().toFixed(1)} ${type} ${describe(event.target)} ${value}`)
      }
      window.addEventListener(type, log, true)
    }
  })
  const events = []
  page.on('console', (message) => {
    if (!message.text().startsWith('EV ')) return
    events.push(message.text())
    if (events.length > 300) events.shift()
  })
  return events
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

/** Screenshot the last state (`<prefix>-last.png`, handy when a test failed), then close. */
export async function closeBrowser(session) {
  if (!session) return
  try {
    await session.shot('last')
  } catch {
    // the page may be gone already
  }
  if (TRACE_DIR) {
    const stem = `${TRACE_DIR}/${session.prefix}-${Date.now()}`
    await session.context.tracing.stop({ path: `${stem}.zip` })
    writeFileSync(`${stem}-events.txt`, session.inputEvents.join('\n'))
  }
  await session.browser.close()
}

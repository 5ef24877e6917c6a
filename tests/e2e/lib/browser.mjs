// One headless Chromium per test file (playwright-core driving Debian's /usr/bin/chromium).
import { mkdirSync } from 'node:fs'
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
  const shot = (name, target = page) =>
    target.screenshot({ path: `${SCREENSHOTS}${prefix}-${name}.png`, fullPage: true })
  return { browser, context, page, pageErrors, shot }
}

/** Screenshot the last state (`<prefix>-last.png`, handy when a test failed), then close. */
export async function closeBrowser(session) {
  if (!session) return
  try {
    await session.shot('last')
  } catch {
    // the page may be gone already
  }
  await session.browser.close()
}

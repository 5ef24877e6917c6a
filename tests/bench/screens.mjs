// How soon the Reviews and Employees screens are usable in Chromium (Debian's, headless) at an
// organisation's size: from navigation until the first page's items are on screen. Called by
// tests/bench/screens.py with the server's address, the organisation code and its admin
// password; prints one line per screen and visit.
import { chromium } from 'playwright-core'

const [base, code, password, visits = '5'] = process.argv.slice(2)
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
const api = context.request
const call = async (path, data) => {
  const r = await api.post(`${base}${path}`, { data, headers: { origin: base } })
  if (!r.ok()) throw new Error(`${path}: ${r.status()} ${await r.text()}`)
  return r.json()
}
await call('/api/auth/org-login', { subdomain: code })
await call('/api/auth/role-login', { role: 'admin', password })
await call('/api/auth/change-password', { currentPassword: password, newPassword: `${password}Now2026` })
const page = await context.newPage()
// The first listed item of each screen: a review card (or its table row), an employee card.
const screens = [
  ['Reviews', '/reviews', 'main li:not([data-testid]) >> nth=0'],
  ['Employees', '/employees', 'ul[aria-label="Employees"] > li >> nth=0'],
]
for (const [name, path, first] of screens) {
  const times = []
  for (let i = 0; i < Number(visits); i++) {
    const started = performance.now()
    await page.goto(`${base}${path}`)
    await page.locator(first).waitFor({ timeout: 30_000 })
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const shown = times.map((t) => t.toFixed(0)).join(', ')
  console.log(`${name}: first page on screen in ${shown} ms (n=${times.length}; the first visit loads the code cold)`)
}
await browser.close()

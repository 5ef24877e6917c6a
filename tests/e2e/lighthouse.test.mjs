// Lighthouse (mobile, its default) on the landing page and on the signed-in dashboard, with
// Debian's Chromium. Prints the four category scores of both pages and exits non-zero when one
// is below its floor. The performance score is simulated from the CPU time the page took here,
// so a busy machine lowers it: a page below its floors is measured again, up to three times,
// and its best run counts (every run is printed). run.sh runs it against its server; alone:
//   MERIT_E2E_URL=http://localhost:8000 node tests/e2e/lighthouse.mjs
// The dashboard is opened with the admin's session cookie (lighthouse sends it as a header),
// after signing in through the API as the other browser tests do (lib/auth.mjs).
import { writeFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { request } from 'playwright-core'
import { currentPassword } from './lib/auth.mjs'
import { BASE_URL, ORG, SCREENSHOTS } from './lib/env.mjs'

const FLOORS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 95 }
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.MERIT_CHROMIUM ?? '/usr/bin/chromium'

/** The admin's session cookie ("name=value"), signed in through the API. */
async function sessionCookie() {
  const { password, forceChange } = await currentPassword('admin', ORG)
  if (forceChange) throw new Error('the admin still has to change the default password: run after sign-in.test.mjs')
  const api = await request.newContext({ baseURL: BASE_URL })
  try {
    const found = await api.post('/api/auth/org-login', { data: { subdomain: ORG } })
    if (!found.ok()) throw new Error(`org-login: ${found.status()}`)
    const signedIn = await api.post('/api/auth/role-login', { data: { role: 'admin', password } })
    if (!signedIn.ok()) throw new Error(`role-login: ${signedIn.status()}`)
    const { cookies } = await api.storageState()
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ')
  } finally {
    await api.dispose()
  }
}

/** Lighthouse's failed audits of a category (score below 1), one line each, for the report. */
function failures(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative')
    .map((audit) => `    ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROME_PATH,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
})
let failed = false
try {
  const pages = [
    ['landing', `${BASE_URL}/`, {}],
    ['dashboard', `${BASE_URL}/`, { Cookie: await sessionCookie() }],
  ]
  for (const [name, url, extraHeaders] of pages) {
    let below = []
    for (let run = 1; run <= 3; run++) {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error' },
        { extends: 'lighthouse:default', settings: { onlyCategories: Object.keys(FLOORS), extraHeaders } },
      )
      const { lhr } = result
      if (lhr.runtimeError) throw new Error(`${name}: ${lhr.runtimeError.message}`)
      writeFileSync(`${SCREENSHOTS}lighthouse-${name}.json`, result.report)
      const scores = Object.keys(FLOORS).map((category) => [category, Math.round(lhr.categories[category].score * 100)])
      console.log(`lighthouse ${name} (run ${run}): ${scores.map(([c, s]) => `${c} ${s}`).join(', ')}`)
      below = scores
        .filter(([category, score]) => score < FLOORS[category])
        .map(([category, score]) => `${name}: ${category} ${score} is below ${FLOORS[category]}:\n${failures(lhr, category).join('\n')}`)
      if (!below.length) break
    }
    if (below.length) {
      failed = true
      console.log(below.join('\n'))
    }
  }
} finally {
  await chrome.kill()
}
process.exit(failed ? 1 : 0)

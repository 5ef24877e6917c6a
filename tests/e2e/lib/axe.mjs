// Accessibility (issue 8 point 7): axe-core injected into the page; a violation of any impact
// (minor and moderate included, e.g. heading-order or region) fails the test. Every call also
// appends its findings to screenshots/axe-report.json for a human to read.
import assert from 'node:assert/strict'
import { appendFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { SCREENSHOTS } from './env.mjs'

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core')

/** Wait until CSS animations and transitions (dialogs fading in) are over: axe measures colours. */
export async function settle(page) {
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))])
  })
}

/**
 * Run axe on the page (or `include`, a CSS selector) and assert no violation of any impact.
 * `screen` names the screen in the message and the report.
 */
export async function expectAccessible(page, screen, { include, exclude = [] } = {}) {
  const started = Date.now()
  // The pointer rests in a corner, so what it happens to hover over does not change the colours.
  await page.mouse.move(0, 0)
  await settle(page)
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH })
  const violations = await page.evaluate(
    async ({ include, exclude }) => {
      const context = include ? { include: [include], exclude } : { exclude }
      const result = await window.axe.run(context, { resultTypes: ['violations'] })
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
      }))
    },
    { include, exclude },
  )
  appendFileSync(`${SCREENSHOTS}axe-report.json`, `${JSON.stringify({ screen, url: page.url(), ms: Date.now() - started, violations })}\n`)
  const describe = violations
    .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target}\n      ${n.summary?.replace(/\n/g, '\n      ')}`).join('\n')}`)
    .join('\n')
  assert.equal(violations.length, 0, `${screen}: accessibility violations\n${describe}`)
}

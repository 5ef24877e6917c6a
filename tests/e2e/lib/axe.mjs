// Accessibility: axe (through @axe-core/playwright) on the page as it is; a violation of any
// impact (minor and moderate included, e.g. heading-order or region) fails the test. Every call
// also appends its findings to screenshots/axe-report.json for a human to read.
import { appendFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect } from '@playwright/test'
import { SCREENSHOTS } from './env.mjs'

/** Wait until CSS animations and transitions (dialogs fading in) are over: axe measures colours. */
async function settle(page) {
  await page.evaluate(async () => {
    const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 2000))])
  })
}

/** Run axe on the page and expect no violation of any impact; `screen` names it in the report. */
export async function expectAccessible(page, screen) {
  const started = Date.now()
  // The pointer rests in a corner, so what it happens to hover over does not change the colours.
  await page.mouse.move(0, 0)
  await settle(page)
  // Legacy mode runs axe in the page itself: the default also opens a blank page per check to
  // merge the results of cross-origin frames, which the app has none of, at seconds a check here.
  const axe = new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ['violations'] })
  const violations = (await axe.analyze()).violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }))
  appendFileSync(`${SCREENSHOTS}axe-report.json`, `${JSON.stringify({ screen, url: page.url(), ms: Date.now() - started, violations })}\n`)
  const describe = violations
    .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target}\n      ${n.summary?.replace(/\n/g, '\n      ')}`).join('\n')}`)
    .join('\n')
  expect(violations, `${screen}: accessibility violations\n${describe}`).toEqual([])
}

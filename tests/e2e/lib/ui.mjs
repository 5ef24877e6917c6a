// Locators and small waits the flows share. Role and label locators only.
import { recentApiCalls } from './session.mjs'

/** The toast with this title or message (Radix toasts live in the "Notifications (F8)" region). */
export function toast(page, title) {
  return page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true }).first()
}

/**
 * Wait for that toast. If it never shows, say what the user saw instead (other toasts, an open
 * dialog's messages) and what the server answered, not only that the wait timed out.
 */
export async function expectToast(page, title, options) {
  try {
    await toast(page, title).waitFor(options)
  } catch (error) {
    const text = (locator) => locator.innerText({ timeout: 1_000 }).catch(() => '(none)')
    const dialog = page.getByRole('dialog').first()
    const toasts = await text(page.getByRole('region', { name: /Notifications/ }))
    const dialogText = await text(dialog)
    const fields = await dialog
      .locator('input, textarea, select')
      .evaluateAll((all) => all.map((f) => `${f.labels?.[0]?.textContent ?? f.name}: ${JSON.stringify(f.value)}`))
      .catch(() => [])
    throw new Error(
      `${error.message}\n--- toasts ---\n${toasts}\n--- open dialog ---\n${dialogText}\n` +
        `--- its fields ---\n${fields.join('\n')}\n` +
        `--- last API calls ---\n${recentApiCalls(page)}`,
    )
  }
}

/**
 * Submit a form that must be refused, and wait until the refusal is complete: the focus is on a
 * field in error (react-hook-form focuses the first one, as keyboard users need) and its second,
 * deferred focus (a setTimeout) has run. Typing straight after a refused submit otherwise races
 * that deferred focus, which can move the caret into another field mid-fill. An error message
 * alone is no sign: re-validation while typing shows it before the submit is handled.
 */
export async function submitRefused(scope, button) {
  await scope.getByRole('button', { name: button, exact: true }).click()
  await scope.locator('[aria-invalid="true"]:focus').waitFor()
  await scope.page().evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)))
}

/** The card (closest ancestor) of a heading that also holds a button named `button` (text or aria-label). */
export function cardOf(page, heading, button) {
  const title = typeof heading === 'string' ? page.getByRole('heading', { name: heading, exact: true }) : heading
  const name = JSON.stringify(button)
  return title.locator(`xpath=ancestor::*[.//button[normalize-space()=${name} or @aria-label=${name}]][1]`)
}

/** Open a screen through the sidebar and wait for its page heading. */
export async function openFromSidebar(page, link, heading = link) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link, exact: true }).click()
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor()
}

/**
 * The number shown on a stat card titled `label` (dashboard and analytics cards: a heading and
 * a number next to it), once it has loaded; with `expected`, wait until it shows that number
 * (a refreshed list may first show the cached one).
 */
export async function statValue(page, label, expected) {
  const read = ({ label, expected }) => {
    for (const h of document.querySelectorAll('h3')) {
      if (h.textContent.trim() !== label) continue
      for (let node = h.parentElement; node; node = node.parentElement) {
        const value = [...node.querySelectorAll('p')].find((p) => /^\d+(\.\d+)?$/.test(p.textContent.trim()))
        if (!value) continue
        const number = Number(value.textContent.trim())
        return expected === undefined || number === expected ? { number } : null
      }
    }
    return null
  }
  try {
    const handle = await page.waitForFunction(read, { label, expected }, { timeout: 10_000 })
    return (await handle.jsonValue()).number
  } catch (error) {
    const shown = await page.evaluate(read, { label, expected: undefined })
    throw new Error(`stat "${label}": expected ${expected ?? 'a number'}, the page shows ${shown?.number}`, { cause: error })
  }
}

/** Today plus `days`, as YYYY-MM-DD (the browser and the server share this machine's clock). */
export function isoDay(days = 0) {
  const d = new Date()
  d.setDate(d.getDate() + days)
  const pad = (n) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** A short suffix that keeps names unique across runs against the same server. */
export const runId = () => Date.now().toString(36).slice(-5)

/**
 * Choose a radio by clicking its label, as a user does (several screens draw the radio
 * visually hidden inside a styled label).
 */
export async function chooseRadio(scope, name) {
  const radio = scope.getByRole('radio', { name, exact: true })
  const page = typeof scope.page === 'function' ? scope.page() : scope
  // (a `has` locator is relative to the label, so it starts from the page)
  await scope.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) }).click()
  if (!(await radio.isChecked())) throw new Error(`radio ${name} did not become checked`)
}

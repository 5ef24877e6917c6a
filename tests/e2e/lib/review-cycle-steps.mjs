// The steps of the review-cycle browser test (review-cycle.test.mjs) that are about screens
// rather than its story: My Reviews' items, the cycle screens (create, preview, launch,
// progress), screenshots, and API calls made with the browser's own session.
import { expect } from '@playwright/test'
import { expectAccessible } from './axe.mjs'
import { BASE_URL } from './env.mjs'
import { shootBoth } from './org-setup.mjs'
import { recentApiCalls } from './session.mjs'
import { chooseRadio, expectToast, isoDay } from './ui.mjs'

export const nameOf = (person) => `${person.firstName} ${person.lastName}`

/**
 * Desktop and phone screenshots: a screen from its top, a dialog as the window shows it.
 */
export async function shoot(page, name, { dialog = false } = {}) {
  if (!dialog) await page.evaluate(() => window.scrollTo(0, 0))
  await shootBoth(page, `cycle-${name}`, { fullPage: !dialog })
}

/** Open My Reviews through the sidebar. */
export async function openMyReviews(page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Reviews', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'My Reviews' }).waitFor()
}

/** The button of a My Reviews item in `group` (a section under its heading): `action`, about `person`. */
export function workItem(page, group, action, person = null) {
  const about = person ? `\\s*:\\s*${nameOf(person)}$` : ''
  return page.getByRole('region', { name: new RegExp(`^${group}`) }).getByRole('link', { name: new RegExp(`^${action}${about}`) })
}

/** A reply from the API through the browser's own session (its cookies). */
export async function apiAs(page, method, path, data) {
  const reply = await page.request.fetch(`${BASE_URL}${path}`, { method, data })
  let body = null
  try {
    body = await reply.json()
  } catch {
    body = await reply.text().catch(() => null)
  }
  return { status: reply.status(), body }
}

/** Wait for `locator`; if it never shows, say what the page and the server did instead. */
export async function waitOrSay(page, locator, what, timeout = 15_000) {
  try {
    await locator.waitFor({ timeout })
  } catch (error) {
    const shown = await page.locator('main').innerText().catch(() => '?')
    throw new Error(`${what}: ${error.message}\n--- page text ---\n${shown}\n--- last API calls ---\n${recentApiCalls(page)}`)
  }
}

/**
 * The cycle screens, as HR: create the cycle `name` for Engineering with every stage (dates out
 * of order refused first), check its preview of `people` and launch it.
 */
export async function createAndLaunchCycle(page, { name, people: everyone }) {
  const { maria, ethan, paula, peter, priya, sam, hannah } = everyone
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cycles', exact: true }).click()
  await page.getByRole('heading', { level: 1, name: 'Review Cycles' }).waitFor()
  await page.getByText('No review cycles yet').waitFor()
  await page.getByRole('button', { name: 'New Cycle' }).click()
  const form = page.getByRole('dialog', { name: 'New review cycle' })
  await form.getByLabel('Name', { exact: true }).fill(name)
  await form.getByLabel('Template', { exact: true }).selectOption({ label: 'Standard Performance Review' })
  // The self-review asks from the organisation's Self-Review template unless told otherwise.
  await expect(form.getByLabel('Self-review questions').locator('option:checked')).toHaveText('Self-Review')
  await chooseRadio(form.getByRole('radiogroup', { name: 'Who is in it' }), 'Departments')
  await form.getByRole('checkbox', { name: 'Engineering', exact: true }).check()
  await form.getByRole('checkbox', { name: 'Peer feedback', exact: true }).check()
  await form.getByRole('checkbox', { name: 'Share and acknowledge', exact: true }).check()
  // Dates out of order first: the self-review due after the review.
  await form.getByLabel('Review due', { exact: true }).fill(isoDay(20))
  await form.getByLabel('Self-review due').fill(isoDay(25))
  await form.getByRole('button', { name: 'Create draft' }).click()
  await form.getByText('The self-review must be due on or before the review').waitFor()
  await form.getByLabel('Self-review due').fill(isoDay(5))
  await form.getByLabel('Peer feedback due').fill(isoDay(10))
  await form.getByLabel('Share and acknowledge due').fill(isoDay(30))
  await shoot(page, '01-hr-new-cycle-form', { dialog: true })
  await form.getByRole('button', { name: 'Create draft' }).click()
  await expectToast(page, 'Cycle created')
  await form.waitFor({ state: 'detached' })

  // The draft: who is in it and who reviews each, before anything is sent.
  await page.getByRole('heading', { level: 1, name }).waitFor()
  const people = page.getByRole('table', { name: 'People in the cycle' })
  await waitOrSay(page, people, 'the preview of the draft')
  await page.getByRole('heading', { name: '5 people in this cycle' }).waitFor()
  // (Maria's own manager has no account: nobody reviews her)
  await page.getByText('1 without a reviewer').waitFor()
  await expect(people.getByRole('row').filter({ hasText: nameOf(ethan) })).toContainText(nameOf(maria))
  for (const colleague of [paula, peter, priya]) {
    await expect(people.getByRole('row').filter({ hasText: nameOf(colleague) })).toContainText(nameOf(maria))
  }
  await expect(people.getByRole('row').filter({ hasText: nameOf(maria) }).filter({ hasText: 'No reviewer' })).toHaveCount(1)
  await expect(people.getByText(nameOf(sam))).toHaveCount(0)
  await expect(people.getByText(nameOf(hannah))).toHaveCount(0)
  await shoot(page, '01-hr-draft-preview')
  await expectAccessible(page, 'Cycle draft preview')

  await page.getByRole('button', { name: 'Launch' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Launch this cycle?' })
  await confirm.getByText(/each of the 5 people/).waitFor()
  await confirm.getByRole('button', { name: 'Launch', exact: true }).click()
  await expectToast(page, 'Cycle launched')
  await confirm.waitFor({ state: 'detached' })
  await page.getByRole('table', { name: 'By reviewer' }).waitFor()
  await shoot(page, '01-hr-cycle-launched')
  await expectAccessible(page, 'Cycle progress')
}

/** The cycle's page (`name`): Ethan's review counted as done, the others still at their self-review. */
export async function checkProgress(page, { name, people }) {
  await page.getByRole('heading', { level: 1, name }).waitFor()
  const stages = page.getByRole('region', { name: 'Reviews by stage' })
  await waitOrSay(page, stages, 'the progress of the cycle')
  await stages.getByText('1 of 5 done (20%)').waitFor()
  const reviews = page.getByRole('table', { name: 'Reviews of the cycle' })
  const ethans = reviews.getByRole('row').filter({ hasText: nameOf(people.ethan) })
  await expect(ethans).toContainText('Done')
  await expect(ethans).toContainText(nameOf(people.maria))
  await expect(reviews.getByRole('row').filter({ hasText: nameOf(people.paula) })).toContainText('Self-review')
  // Only the done ones, by the stage filter.
  await page.getByRole('combobox', { name: 'Stage', exact: true }).selectOption({ label: 'Done' })
  await expect(reviews.locator('tbody tr')).toHaveCount(1)
  await expect(reviews.getByRole('row').filter({ hasText: nameOf(people.ethan) })).toHaveCount(1)
  await shoot(page, '17-hr-progress-done')
}

// Issue 4: create a template, create a review from it, complete it through the wizard, see it
// in Completed, on the dashboard stats and in analytics. Each screen is also checked by axe.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { signIn } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { closeBrowser, openBrowser } from './lib/browser.mjs'
import { cardOf, chooseRadio, isoDay, openFromSidebar, runId, statValue, toast } from './lib/ui.mjs'

let b

before(async () => {
  b = await openBrowser('reviews')
})

after(async () => {
  await closeBrowser(b)
})

test('a template becomes a review that is completed in the wizard and counted everywhere', async () => {
  const { page, shot } = b
  const TEMPLATE = `E2E Check-in ${runId()}`
  await signIn(page)

  // Before: the dashboard's completed count and analytics' completed count.
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  const dashboardCompleted = await statValue(page, 'Completed Reviews')
  await openFromSidebar(page, 'Analytics')
  const analyticsCompleted = await statValue(page, 'Completed Reviews')

  // 1. A template with a rating, a yes/no and a text question.
  await openFromSidebar(page, 'Templates', 'Review Templates')
  await expectAccessible(page, 'Review Templates')
  await page.getByRole('button', { name: 'Create Template' }).click()
  const form = page.getByRole('dialog', { name: 'Create Review Template' })
  await form.getByLabel('Template name').fill(TEMPLATE)
  await form.getByLabel('Description').fill('Written by the browser test')
  const questions = [
    ['How well did they meet their goals this quarter?', 'rating'],
    ['Would you like to work with them again?', 'yes-no'],
    ['What should they focus on next quarter?', 'text'],
  ]
  for (const [index, [text, type]] of questions.entries()) {
    if (index > 0) await form.getByRole('button', { name: 'Add Question' }).click()
    const item = form.getByRole('listitem', { name: `Question ${index + 1}` })
    await item.getByLabel('Question text').fill(text)
    await item.getByLabel('Type').selectOption(type)
  }
  await expectAccessible(page, 'Create Review Template dialog')
  await shot('01-template-form')
  await form.getByRole('button', { name: 'Create Template' }).click()
  await toast(page, 'Review template created or updated successfully!').waitFor()
  await form.waitFor({ state: 'detached' })
  const templateCard = cardOf(page, TEMPLATE, 'Use Template')
  await templateCard.getByText('3 questions').waitFor()

  // 2. Use Template opens Create New Review with the template chosen.
  await templateCard.getByRole('button', { name: 'Use Template' }).click()
  const create = page.getByRole('dialog', { name: 'Create New Review' })
  const templateSelect = create.getByLabel('Template')
  await assertSelected(templateSelect, TEMPLATE)
  const employeeSelect = create.getByLabel('Employee')
  await employeeSelect.locator('option').nth(1).waitFor({ state: 'attached' })
  const employeeOption = (await employeeSelect.locator('option').nth(1).textContent()).trim()
  const employeeName = employeeOption.replace(/\s*\(.*\)$/, '')
  await employeeSelect.selectOption({ label: employeeOption })
  await create.getByLabel('Review type').selectOption('annual')
  await create.getByLabel('Due date').fill(isoDay(7))
  await expectAccessible(page, 'Create New Review dialog')
  await create.getByRole('button', { name: 'Create Review' }).click()
  await toast(page, 'Review created successfully!').waitFor()
  await create.waitFor({ state: 'detached' })

  // 3. The new review is pending; Continue Review opens the wizard.
  await page.getByRole('tab', { name: /^Pending/ }).click()
  const pending = page.getByRole('tabpanel', { name: /^Pending/ })
  const reviewCard = pending.getByRole('listitem').filter({ hasText: TEMPLATE })
  await reviewCard.getByRole('heading', { name: employeeName }).waitFor()
  await reviewCard.getByText('Pending', { exact: true }).waitFor()
  await expectAccessible(page, 'Performance Reviews')
  await reviewCard.getByRole('button', { name: 'Continue Review' }).click()
  const wizard = page.getByRole('dialog', { name: 'Complete Review' })
  await wizard.getByText(`Question 1 of 3`).waitFor()
  const next = wizard.getByRole('button', { name: 'Next' })
  assert.ok(await next.isDisabled(), 'Next waits for the required rating')
  await chooseRadio(wizard, '4')
  await expectAccessible(page, 'Complete Review wizard')
  await shot('02-wizard-rating')
  await next.click()
  await wizard.getByText('Question 2 of 3').waitFor()
  await chooseRadio(wizard, 'Yes')
  await next.click()
  await wizard.getByRole('textbox', { name: questions[2][0] }).fill('Mentoring the new joiners.')
  await next.click()
  // The overall rating is filled in from the rating answers (4).
  assert.ok(await wizard.getByRole('radiogroup', { name: 'Overall rating' }).getByRole('radio', { name: '4' }).isChecked())
  await wizard.getByLabel('Reviewer notes').fill('A strong quarter.')
  await shot('03-wizard-overall')
  await wizard.getByRole('button', { name: 'Complete Review' }).click()
  await toast(page, 'Review Updated').waitFor()
  await wizard.waitFor({ state: 'detached' })

  // 4. Completed tab, opened read-only.
  await page.getByRole('tab', { name: /^Completed/ }).click()
  const completed = page.getByRole('tabpanel', { name: /^Completed/ })
  const doneCard = completed.getByRole('listitem').filter({ hasText: TEMPLATE })
  await doneCard.getByText('4/5').waitFor()
  await doneCard.getByRole('button', { name: 'View Review' }).click()
  const view = page.getByRole('dialog', { name: 'View Review' })
  await view.getByText('Mentoring the new joiners.').waitFor()
  await view.getByText('A strong quarter.').waitFor()
  await expectAccessible(page, 'View Review dialog')
  await shot('04-view-review')
  await page.keyboard.press('Escape')
  await view.waitFor({ state: 'detached' })

  // 5. Counted on the dashboard and in analytics (lists refreshed after the change).
  await openFromSidebar(page, 'Dashboard')
  assert.equal(await statValue(page, 'Completed Reviews', dashboardCompleted + 1), dashboardCompleted + 1)
  await expectAccessible(page, 'Dashboard')
  await shot('05-dashboard')
  await openFromSidebar(page, 'Analytics')
  assert.equal(await statValue(page, 'Completed Reviews', analyticsCompleted + 1), analyticsCompleted + 1)
  const recent = page.getByRole('heading', { name: 'Recent Reviews' }).locator('xpath=ancestor::*[.//li][1]')
  await recent.getByRole('listitem').filter({ hasText: employeeName }).filter({ hasText: /Annual · Completed/ }).first().waitFor()
  await expectAccessible(page, 'Analytics')
  await shot('06-analytics')

  assert.deepEqual(b.pageErrors, [], 'the page raised no uncaught errors')
})

async function assertSelected(select, label) {
  await select.page().waitForFunction(
    ({ el, label }) => el.selectedOptions[0]?.textContent.trim() === label,
    { el: await select.elementHandle(), label },
  )
}

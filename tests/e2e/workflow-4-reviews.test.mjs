// Reviews: create a template, create a review from it, complete it through the wizard, see it
// in Completed, on the dashboard stats, its activity feed, the CSV report and in analytics; Start
// Review and the Quick Actions on the dashboard; Mark Read on reminders; bad input on the way.
// Each screen is also checked by axe.
import { expect, test } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { signIn } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { useSession } from './lib/session.mjs'
import { cardOf, chooseRadio, expectToast, isoDay, openFromSidebar, runId, statValue, submitRefused } from './lib/ui.mjs'

const b = useSession('reviews')

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
  // Bad input first: nothing filled in, then a question that is too short.
  await submitRefused(form, 'Create Template')
  await form.getByText('Template name must be at least 3 characters').waitFor()
  await form.getByText('Question is required').waitFor()
  expect(await focusedId(page), 'the refused form focuses its first field in error').toBe('template-name')
  await form.getByRole('listitem', { name: 'Question 1' }).getByLabel('Question text').fill('Too short')
  await submitRefused(form, 'Create Template')
  await form.getByText('Question must be at least 10 characters').waitFor()
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
  await shot('01-template-form-dialog', form)
  await form.getByRole('button', { name: 'Create Template' }).click()
  await expectToast(page, 'Review template created or updated successfully!')
  await form.waitFor({ state: 'detached' })
  const templateCard = cardOf(page, TEMPLATE, 'Use Template')
  await templateCard.getByText('3 questions').waitFor()
  await shot('01-templates-grid', page.locator('main'))

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
  // A due date in the past is refused with a message, and nothing is created.
  await create.getByLabel('Due date').fill(isoDay(-1))
  await create.getByRole('button', { name: 'Create Review' }).click()
  await create.getByText('Due date cannot be in the past').waitFor()
  await create.getByLabel('Due date').fill(isoDay(7))
  await expectAccessible(page, 'Create New Review dialog')
  await create.getByRole('button', { name: 'Create Review' }).click()
  await expectToast(page, 'Review created successfully!')
  await create.waitFor({ state: 'detached' })

  // 3. The new review is pending (found by its template's name, wherever the list's pages put
  // it); Start Review opens the wizard.
  await page.getByRole('tab', { name: /^Pending/ }).click()
  await page.getByRole('searchbox', { name: 'Search reviews' }).fill(TEMPLATE)
  const pending = page.getByRole('tabpanel', { name: /^Pending/ })
  const reviewCard = pending.getByRole('listitem').filter({ hasText: TEMPLATE })
  await reviewCard.getByRole('heading', { name: employeeName }).waitFor()
  await reviewCard.getByText('Pending', { exact: true }).waitFor()
  await expectAccessible(page, 'Performance Reviews')
  await reviewCard.getByRole('button', { name: 'Start Review' }).click()
  const wizard = page.getByRole('dialog', { name: 'Complete Review' })
  await wizard.getByText(`Question 1 of 3`).waitFor()
  const next = wizard.getByRole('button', { name: 'Next' })
  expect(await next.isDisabled(), 'Next waits for the required rating').toBeTruthy()
  await chooseRadio(wizard, '4')
  await expectAccessible(page, 'Complete Review wizard')
  await shot('02-wizard-rating', wizard)
  await next.click()
  await wizard.getByText('Question 2 of 3').waitFor()
  await chooseRadio(wizard, 'Yes')
  await next.click()
  await wizard.getByRole('textbox', { name: questions[2][0] }).fill('Mentoring the new joiners.')
  await next.click()
  // The overall rating is filled in from the rating answers (4).
  expect(await wizard.getByRole('radiogroup', { name: 'Overall rating' }).getByRole('radio', { name: '4' }).isChecked()).toBeTruthy()
  await wizard.getByLabel('Reviewer notes').fill('A strong quarter.')
  await shot('03-wizard-overall', wizard)
  await wizard.getByRole('button', { name: 'Complete Review' }).click()
  await expectToast(page, 'Review Updated')
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
  await shot('04-view-review', view)
  await page.keyboard.press('Escape')
  await view.waitFor({ state: 'detached' })

  // 5. Counted on the dashboard and in analytics (lists refreshed after the change).
  await openFromSidebar(page, 'Dashboard')
  expect(await statValue(page, 'Completed Reviews', dashboardCompleted + 1)).toBe(dashboardCompleted + 1)
  // Recent Activity shows the completion (a real event, not a fixed text).
  const activity = page.getByRole('heading', { name: 'Recent Activity' }).locator('xpath=ancestor::*[.//ul][1]')
  await activity.getByRole('listitem').filter({ hasText: employeeName }).filter({ hasText: 'Annual review completed (rating 4/5)' }).first().waitFor()
  await expectAccessible(page, 'Dashboard')
  await shot('05-dashboard', page.locator('main'))

  // Start Review opens the wizard on that review.
  const upcoming = page.getByRole('heading', { name: 'Upcoming Reviews' }).locator('xpath=ancestor::*[.//ul][1]')
  const firstUpcoming = upcoming.getByRole('listitem').first()
  const upcomingName = (await firstUpcoming.locator('p').first().textContent()).trim()
  await firstUpcoming.getByRole('button', { name: /^(Start|Continue) Review$/ }).click()
  const started = page.getByRole('dialog', { name: 'Complete Review' })
  await started.getByText(/^Question 1 of \d+$/).waitFor()
  expect(await started.getByText(/ · due /).textContent()).toMatch(new RegExp(`^${upcomingName} · `))
  // An answer not saved yet: Escape asks first, and Discard Changes closes without saving.
  // (a choice not already the saved answer: choosing that again changes nothing)
  const choices = started.locator('label').filter({ has: page.getByRole('radio', { checked: false }) })
  if ((await choices.count()) > 0) await choices.first().click()
  else await started.getByRole('textbox').fill(`Not saved ${runId()}`)
  await page.keyboard.press('Escape')
  await started.getByRole('alert').getByText('This review has changes that are not saved.', { exact: false }).waitFor()
  await started.getByRole('button', { name: 'Discard Changes' }).click()
  await started.waitFor({ state: 'detached' })

  // Quick Actions: each dialog opens; Generate Report downloads the reviews as CSV.
  for (const [action, dialog] of [
    ['Add Employee', 'Add New Employee'],
    ['Create Template', 'Create Review Template'],
    ['Bulk Upload', 'Bulk Employee Upload'],
  ]) {
    const quick = page.getByRole('heading', { name: 'Quick Actions' }).locator('xpath=ancestor::*[.//button][1]')
    await quick.getByRole('button', { name: action }).click()
    const opened = page.getByRole('dialog', { name: dialog })
    await opened.waitFor()
    await page.keyboard.press('Escape')
    await opened.waitFor({ state: 'detached' })
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Generate Report' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^reviews-report-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '').split('\r\n')
  expect(csv[0]).toMatch(/^Review ID,Employee ID,First Name,Last Name,Department,Position,Review Type,Template,Status,/)
  const row = csv.find((line) => line.includes(`,${TEMPLATE},`))
  expect(row, 'the completed review is in the report').toBeTruthy()
  expect(row).toMatch(/,annual,.*,completed,.*,4,A strong quarter\.$/)
  await expectToast(page, 'Report downloaded')
  await openFromSidebar(page, 'Analytics')
  expect(await statValue(page, 'Completed Reviews', analyticsCompleted + 1)).toBe(analyticsCompleted + 1)
  const recent = page.getByRole('heading', { name: 'Recent Reviews' }).locator('xpath=ancestor::*[.//li][1]')
  await recent.getByRole('listitem').filter({ hasText: employeeName }).filter({ hasText: /Annual · Completed/ }).first().waitFor()
  await page.getByRole('heading', { name: 'Completion Rate' }).waitFor()
  await expectAccessible(page, 'Analytics')
  await shot('06-analytics', page.locator('main'))

  // 6. Reminders: the cards and tabs, and Mark Read on an unread one.
  await openFromSidebar(page, 'Reminders')
  const unreadBefore = await statValue(page, 'Unread')
  await page.getByRole('tab', { name: 'Unread' }).click()
  const unread = page.getByRole('tabpanel', { name: 'Unread' })
  await unread.getByRole('button', { name: 'Mark Read' }).first().click()
  await expectToast(page, 'Reminder marked as read')
  expect(await statValue(page, 'Unread', unreadBefore - 1)).toBe(unreadBefore - 1)
  await expectAccessible(page, 'Reminders')
  await shot('07-reminders', page.locator('main'))

  // 7. Template management: Preview, Duplicate, Delete an unused copy, refuse one in use.
  await openFromSidebar(page, 'Templates', 'Review Templates')
  const ours = cardOf(page, TEMPLATE, 'Use Template')
  await ours.getByRole('button', { name: 'Preview' }).click()
  const preview = page.getByRole('dialog', { name: TEMPLATE })
  await preview.getByText(`1. ${questions[0][0]}`).waitFor()
  await page.keyboard.press('Escape')
  await preview.waitFor({ state: 'detached' })
  const menu = async (name, item) => {
    await page.getByRole('button', { name: `Actions for ${name}` }).click()
    await page.getByRole('menuitem', { name: item }).click()
  }
  await menu(TEMPLATE, 'Duplicate')
  const copyCard = cardOf(page, `${TEMPLATE} (Copy)`, 'Use Template')
  await copyCard.getByText('3 questions').waitFor()
  await menu(`${TEMPLATE} (Copy)`, 'Delete')
  await page.getByRole('dialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'Template deleted')
  await copyCard.waitFor({ state: 'detached' })
  await menu(TEMPLATE, 'Delete')
  await page.getByRole('dialog', { name: 'Delete template?' }).getByRole('button', { name: 'Delete' }).click()
  await expectToast(page, 'This template cannot be deleted because 1 review uses it. Reviews keep the template they were made from; edit it instead.')
  await ours.getByText('3 questions').waitFor()

  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

const focusedId = (page) => page.evaluate(() => document.activeElement?.id)

async function assertSelected(select, label) {
  await select.page().waitForFunction(
    ({ el, label }) => el.selectedOptions[0]?.textContent.trim() === label,
    { el: await select.elementHandle(), label },
  )
}

// Issue 7: platform sign-in, create an organisation, Visit it, sign in there with the default
// password (and the forced change), then ask each assistant a question. run.sh creates the
// local platform admin (merit platform-admin create) before the tests start.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { signIn } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { closeBrowser, openBrowser } from './lib/browser.mjs'
import { BASE_URL, PLATFORM_EMAIL, PLATFORM_PASSWORD } from './lib/env.mjs'
import { runId, toast } from './lib/ui.mjs'

let b

before(async () => {
  b = await openBrowser('platform')
})

after(async () => {
  await closeBrowser(b)
})

/** Ask an open assistant dialog a question and return its answer's text. */
async function ask(dialog, question) {
  await dialog.getByLabel('Your question').fill(question)
  await dialog.getByRole('button', { name: 'Ask' }).click()
  const answer = dialog.getByRole('region', { name: 'Answer' })
  await answer.waitFor({ timeout: 30_000 })
  return (await answer.textContent()).trim()
}

test('a platform admin creates an organisation that signs in and gets answers', async () => {
  const { page, context, shot } = b
  const id = runId()
  const name = `E2E Labs ${id}`
  const subdomain = `e2e-labs-${id}`

  // 1. Platform sign-in (local admin: no OIDC provider on the test server).
  await page.goto(`${BASE_URL}/super-admin`)
  await page.getByRole('heading', { name: 'Super admin sign-in' }).waitFor()
  await expectAccessible(page, 'Super admin sign-in')
  await page.getByLabel('E-mail').fill(PLATFORM_EMAIL)
  await page.getByLabel('Password').fill(PLATFORM_PASSWORD)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.getByRole('heading', { level: 1, name: 'Super Admin' }).waitFor()

  // 2. Create an organisation; the subdomain follows the name.
  await page.getByRole('button', { name: 'New Organization' }).click()
  const form = page.getByRole('dialog', { name: 'Create Organization' })
  await form.getByLabel('Organization Name *').fill(name)
  assert.equal(await form.getByLabel('Subdomain *').inputValue(), subdomain)
  await form.getByLabel('Industry').fill('Research')
  await form.getByLabel('Size').selectOption({ index: 1 })
  await form.getByLabel('Admin Email').fill(`admin@${subdomain}.example.com`)
  await expectAccessible(page, 'Create Organization dialog')
  await form.getByRole('button', { name: 'Create Organization' }).click()
  await toast(page, 'Organization created').waitFor()
  await form.waitFor({ state: 'detached' })
  await page.getByRole('heading', { name }).waitFor()
  await expectAccessible(page, 'Super Admin')
  await shot('01-panel')
  await page.getByRole('button', { name: `Details of ${name}` }).click()
  const details = page.getByRole('dialog', { name })
  await details.getByText(subdomain, { exact: false }).first().waitFor()
  await expectAccessible(page, 'Organization details dialog')
  await page.keyboard.press('Escape')
  await details.waitFor({ state: 'detached' })

  // 3. Visit opens its sign-in in a new tab, with the organization code filled in.
  const opened = context.waitForEvent('page')
  await page.getByRole('button', { name: `Visit ${name}` }).click()
  const tab = await opened
  await tab.waitForLoadState()
  assert.equal(new URL(tab.url()).searchParams.get('org'), subdomain)
  await tab.getByLabel('Organization code').waitFor()
  assert.equal(await tab.getByLabel('Organization code').inputValue(), subdomain)

  // 4. The default password (admin + code) and the forced change.
  const { forcedChange } = await signIn(tab, { org: subdomain, navigate: false })
  assert.ok(forcedChange, 'a new organisation asks for a new password first')
  await tab.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await tab.getByRole('region', { name: 'Organization' }).getByText(name, { exact: true }).waitFor()
  await shot('02-new-org-dashboard', tab)

  // 5. Both assistants answer.
  await tab.getByRole('button', { name: 'Help - How to use Merit' }).click()
  const ai = tab.getByRole('dialog', { name: 'AI Assistant' })
  const aiAnswer = await ask(ai, 'How do I create a review template?')
  assert.match(aiAnswer, /template/i)
  await expectAccessible(tab, 'AI Assistant dialog')
  await shot('03-ai-assistant', tab)
  await tab.keyboard.press('Escape')
  await ai.waitFor({ state: 'detached' })

  await tab.getByRole('button', { name: 'Review Assistant' }).click()
  const review = tab.getByRole('dialog', { name: 'Review Assistant' })
  const reviewAnswer = await ask(review, 'How should I phrase feedback about missed deadlines?')
  assert.ok(reviewAnswer.length > 40, `a real answer: ${reviewAnswer}`)
  await expectAccessible(tab, 'Review Assistant dialog')
  await shot('04-review-assistant', tab)

  assert.deepEqual(b.pageErrors, [], 'the pages raised no uncaught errors')
})

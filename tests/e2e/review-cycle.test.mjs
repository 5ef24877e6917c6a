// Review cycles, as the people in one live through it, in an organisation of the file's own:
//
//   Engineering: Maria Manning (manager account)    Sales: Sam Sato (no account)
//                ├── Ethan Evans (user account)     Human Resources: Hannah Hughes (hr account)
//                ├── Paula Price (user account)
//                ├── Peter Park (user account)
//                └── Priya Patel (user account)
//
// HR creates a cycle for Engineering with a self-review, peer feedback and acknowledgement,
// previews it (Ethan's reviewer is Maria) and launches it; Ethan writes his self-review; Maria
// asks his three colleagues for feedback, two answer; Maria reads his self-review and the
// feedback count (nothing shown before three answers), completes and shares the review; Ethan
// acknowledges it, which locks it; the cycle's progress counts it as done. On the way, people
// try what is not theirs: each is refused with a clear screen and no server error.
import { expect, test } from '@playwright/test'
import { signOut } from './lib/auth.mjs'
import { expectAccessible } from './lib/axe.mjs'
import { BASE_URL, NEW_PASSWORD } from './lib/env.mjs'
import { addAccount, addEmployee, newOrganization, signInWithAccount } from './lib/org-setup.mjs'
import { apiAs, checkProgress, createAndLaunchCycle, nameOf, openMyReviews, shoot, waitOrSay, workItem } from './lib/review-cycle-steps.mjs'
import { useSession } from './lib/session.mjs'
import { chooseRadio, expectToast, runId } from './lib/ui.mjs'

const b = useSession('review-cycle')
const FIRST_PASSWORD = 'Given2026x'
const CYCLE = `Engineering H2 ${runId()}`
const SELF_ACHIEVEMENT = 'I moved the billing service to the new queue without downtime.'
const ACK_COMMENT = 'Thank you, agreed on the focus for next half.'

/** What the setup made: the organisation's code and its people; ids found on the way. */
const made = { signedInBefore: new Set() }

test.beforeAll(async () => {
  const { subdomain, admin } = await newOrganization('cyc', 'Review Cycles')
  try {
    const maria = await addEmployee(admin, { first: 'Maria', last: 'Manning', position: 'Head of Engineering' })
    const reports = {}
    for (const [first, last, position] of [
      ['Ethan', 'Evans', 'Backend Engineer'],
      ['Paula', 'Price', 'Frontend Engineer'],
      ['Peter', 'Park', 'Site Reliability Engineer'],
      ['Priya', 'Patel', 'QA Engineer'],
    ]) {
      reports[first.toLowerCase()] = await addEmployee(admin, { first, last, position, manager: maria })
    }
    const sam = await addEmployee(admin, { first: 'Sam', last: 'Sato', position: 'Account Executive', department: 'sales' })
    const hannah = await addEmployee(admin, { first: 'Hannah', last: 'Hughes', position: 'HR Partner', department: 'human-resources' })
    await addAccount(admin, maria, { role: 'manager', password: FIRST_PASSWORD })
    for (const person of Object.values(reports)) await addAccount(admin, person, { role: 'user', password: FIRST_PASSWORD })
    await addAccount(admin, hannah, { role: 'hr', password: FIRST_PASSWORD })
    Object.assign(made, { subdomain, people: { maria, ...reports, sam, hannah } })
  } finally {
    await admin.dispose()
  }
})

/** Sign in with `person`'s own account (the first time through the forced password change). */
async function signInAs(page, person, path = '/') {
  const firstTime = !made.signedInBefore.has(person.email)
  const password = firstTime ? FIRST_PASSWORD : NEW_PASSWORD
  await signInWithAccount(page, { org: made.subdomain, email: person.email, password, path, firstTime })
  made.signedInBefore.add(person.email)
}

test('HR creates a cycle for Engineering, previews who is in it and launches it', async () => {
  const { page } = b
  const { hannah, maria, ethan } = made.people
  await signInAs(page, hannah)
  await createAndLaunchCycle(page, { name: CYCLE, people: made.people })
  // The reviews it made, through HR's session: Ethan's is the one the others act on.
  const cycles = await apiAs(page, 'GET', '/api/cycles')
  expect(cycles.status).toBe(200)
  const cycle = cycles.body.find((c) => c.name === CYCLE)
  expect(cycle.status).toBe('active')
  expect(cycle.reviewCount).toBe(5)
  const reviews = await apiAs(page, 'GET', `/api/cycles/${cycle.id}/reviews`)
  const ethans = reviews.body.find((r) => r.employeeId === ethan.id)
  expect(ethans.reviewerName).toBe(nameOf(maria))
  expect(ethans.stage).toBe('self')
  made.cycle = cycle
  made.ethanReviewId = ethans.reviewId
  made.reviewOf = Object.fromEntries(reviews.body.map((r) => [r.employeeId, r.reviewId]))
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

test('Ethan finds his self-review in My Reviews, writes and submits it', async () => {
  const { page } = b
  await signOut(page)
  await signInAs(page, made.people.ethan)
  await openMyReviews(page)
  const write = workItem(page, 'Self-reviews to write', 'Write Self-Review', null)
  await waitOrSay(page, write, 'Ethan sees his self-review to write')
  await shoot(page, '02-ethan-my-reviews')
  await expectAccessible(page, 'My Reviews')
  await write.click()
  await page.getByRole('heading', { level: 1, name: 'Self-Review' }).waitFor()
  const form = page.getByRole('form', { name: 'Self-review' })
  // The Self-Review template's questions, put to him about himself (not the manager's).
  await form.getByRole('textbox', { name: 'What were your most important achievements this period?' }).waitFor()
  await expect(form.getByText(/this person/)).toHaveCount(0)
  const submit = form.getByRole('button', { name: 'Submit Self-Review' })
  await expect(submit, 'submitting waits for the required answers').toBeDisabled()
  await form.getByRole('textbox', { name: 'What were your most important achievements this period?' }).fill(SELF_ACHIEVEMENT)
  await form.getByRole('textbox', { name: 'What went less well, and what did you learn from it?' }).fill('Estimates ran long; I now split work smaller.')
  await form.getByRole('textbox', { name: 'What goals do you set yourself for the next period?' }).fill('Lead the search rewrite.')
  await chooseRadio(form.getByRole('radiogroup', { name: 'How would you rate your own performance this period?' }), '4')
  await shoot(page, '03-ethan-self-review-form')
  await expectAccessible(page, 'Self-review form')
  await submit.click()
  await form.getByRole('button', { name: 'Submit', exact: true }).click()
  await expectToast(page, 'Self-review submitted')
  await page.getByText(/^Submitted /).first().waitFor()
  await page.getByText(SELF_ACHIEVEMENT).waitFor()
  await shoot(page, '04-ethan-self-review-submitted')
  // Done: My Reviews no longer asks for it.
  await openMyReviews(page)
  await page.getByRole('heading', { name: 'Nothing to do' }).waitFor()
  // His review itself is Maria's to write and to share, not his.
  const written = await apiAs(page, 'PUT', `/api/reviews/${made.ethanReviewId}`, { status: 'completed', rating: 5, responses: {} })
  expect([403, 404]).toContain(written.status)
  expect((await apiAs(page, 'POST', `/api/reviews/${made.ethanReviewId}/share`)).status).not.toBe(200)
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

test('Maria asks Paula, Peter and Priya for feedback on Ethan\'s review', async () => {
  const { page } = b
  const { maria, paula, peter, priya } = made.people
  await signOut(page)
  await signInAs(page, maria)
  await openMyReviews(page)
  const write = workItem(page, 'Reviews to write', 'Write Review', made.people.ethan)
  await waitOrSay(page, write, 'Maria sees Ethan\'s review to write')
  await shoot(page, '05-maria-my-reviews')
  await write.click()
  const wizard = page.getByRole('dialog', { name: 'Complete Review' })
  const context = wizard.getByRole('complementary', { name: 'Self-review and feedback' })
  await waitOrSay(page, context.getByText(SELF_ACHIEVEMENT), 'Maria reads Ethan\'s self-review beside the questions')
  await context.getByRole('button', { name: 'Ask for Feedback' }).click()
  const ask = page.getByRole('dialog', { name: 'Ask for Feedback' })
  for (const person of [paula, peter, priya]) {
    await ask.getByLabel('Find a colleague').fill(person.firstName)
    await ask.getByRole('list', { name: 'Colleagues found' }).getByRole('checkbox', { name: new RegExp(nameOf(person)) }).check()
  }
  await ask.getByText(`Chosen: ${[paula, peter, priya].map(nameOf).join(', ')}`).waitFor()
  await ask.getByRole('button', { name: 'Ask 3' }).click()
  await expectToast(page, 'Feedback requested')
  await ask.waitFor({ state: 'detached' })
  await context.getByText('0 of 3 asked have answered.').waitFor()
  await context.getByText(`Asked: ${[paula, peter, priya].map(nameOf).join(', ')}`).waitFor()
  // Not Ethan about himself, nor someone without an account to answer with, nor Paula twice.
  const askFor = async (person) => (await apiAs(page, 'POST', `/api/reviews/${made.ethanReviewId}/feedback-requests`, { employeeIds: [person.id] })).status
  expect(await askFor(made.people.ethan)).toBe(422)
  expect(await askFor(made.people.sam)).toBe(422)
  expect(await askFor(paula)).toBe(409)
  await shoot(page, '06-maria-feedback-asked', { dialog: true })
  await page.keyboard.press('Escape')
  await wizard.waitFor({ state: 'detached' })
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

/** `person` answers the feedback request waiting in their My Reviews. */
async function answerFeedback(page, person, rating, comment) {
  await signOut(page)
  await signInAs(page, person)
  await openMyReviews(page)
  const give = workItem(page, 'Feedback to give', 'Give Feedback', made.people.ethan)
  await waitOrSay(page, give, `${person.firstName} sees the feedback asked of them`)
  await give.click()
  await page.getByRole('heading', { level: 1, name: 'Give Feedback' }).waitFor()
  const form = page.getByRole('form', { name: 'Your feedback' })
  await chooseRadio(form.getByRole('radiogroup', { name: 'Rating' }), String(rating))
  await form.getByLabel('Comment (optional)').fill(comment)
  return form
}

test('Paula and Peter answer from My Reviews; Priya does not', async () => {
  const { page } = b
  const paulaForm = await answerFeedback(page, made.people.paula, 4, 'Ethan explains his designs patiently.')
  await shoot(page, '07-paula-feedback-form')
  await expectAccessible(page, 'Give Feedback form')
  await paulaForm.getByRole('button', { name: 'Send Feedback' }).click()
  await expectToast(page, 'Feedback sent')
  await page.getByText(/^You answered on /).waitFor()
  await shoot(page, '08-paula-feedback-sent')
  made.paulaRequestId = Number(new URL(page.url()).pathname.split('/').pop())

  const peterForm = await answerFeedback(page, made.people.peter, 5, 'Always first to help during incidents.')
  await peterForm.getByRole('button', { name: 'Send Feedback' }).click()
  await expectToast(page, 'Feedback sent')
  await page.getByText(/^You answered on /).waitFor()
  made.peterRequestId = Number(new URL(page.url()).pathname.split('/').pop())
  // Once is all: a second answer is refused and the first one stays.
  const again = await apiAs(page, 'POST', `/api/feedback-requests/${made.peterRequestId}/answer`, { rating: 1, comment: 'changed my mind' })
  expect(again.status).toBe(409)
  const kept = await apiAs(page, 'GET', `/api/feedback-requests/${made.peterRequestId}`)
  expect(kept.body).toMatchObject({ rating: 5, comment: 'Always first to help during incidents.' })
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

test('Maria reads the self-review and "2 of 3", no names nor comments, completes and shares the review', async () => {
  const { page } = b
  const { maria, ethan } = made.people
  await signOut(page)
  await signInAs(page, maria)
  await openMyReviews(page)
  await workItem(page, 'Reviews to write', 'Write Review', ethan).click()
  const wizard = page.getByRole('dialog', { name: 'Complete Review' })
  const context = wizard.getByRole('complementary', { name: 'Self-review and feedback' })
  await waitOrSay(page, context.getByText('2 of 3 asked have answered.'), 'Maria sees how many answered')
  await context.getByText(SELF_ACHIEVEMENT).waitFor()
  await context.getByText('Feedback shows once 3 colleagues have answered (2 so far).').waitFor()
  // Nothing tells who answered nor what: no comment, no average, no distribution.
  await expect(context.getByText('Ethan explains his designs patiently.')).toHaveCount(0)
  await expect(context.getByText('Always first to help during incidents.')).toHaveCount(0)
  await expect(context.getByText(/Average rating/)).toHaveCount(0)
  await expect(context.getByRole('list', { name: 'Ratings given' })).toHaveCount(0)
  await expect(context.getByText(/answered:/i)).toHaveCount(0)
  // The server holds them back as well.
  const summary = await apiAs(page, 'GET', `/api/reviews/${made.ethanReviewId}/feedback`)
  expect(summary.status).toBe(200)
  expect(summary.body).toMatchObject({ requested: 3, answered: 2, shown: false, comments: [] })
  expect(summary.body.averageRating ?? null).toBeNull()
  expect(JSON.stringify(summary.body)).not.toMatch(/answeredAt|Ethan explains|incidents/)
  await shoot(page, '09-maria-wizard-context', { dialog: true })
  await expectAccessible(page, 'Wizard with self-review and feedback')

  // The wizard: one step per question, then the overall rating.
  const next = wizard.getByRole('button', { name: 'Next' })
  await chooseRadio(wizard, '4')
  await next.click()
  await wizard.getByRole('textbox', { name: "What were this person's most important achievements?" }).fill('The queue migration, on time.')
  await next.click()
  await next.click() // the optional question
  await chooseRadio(wizard, '5')
  await next.click()
  await chooseRadio(wizard, 'Yes')
  await next.click()
  await chooseRadio(wizard.getByRole('radiogroup', { name: 'Overall rating' }), '4')
  await wizard.getByLabel('Reviewer notes').fill('A strong half year.')
  await wizard.getByRole('button', { name: 'Complete Review' }).click()
  await expectToast(page, 'Review Updated')
  await wizard.waitFor({ state: 'detached' })

  // Completed, not shared yet: My Reviews offers to share it.
  await openMyReviews(page)
  const share = workItem(page, 'Reviews to write', 'Share Review', ethan)
  await waitOrSay(page, share, 'Maria is offered to share the review')
  await share.click()
  const viewed = page.getByRole('dialog', { name: 'View Review' })
  await viewed.getByRole('button', { name: 'Share with Employee' }).click()
  await expectToast(page, 'Review shared')
  await viewed.getByText(/^Shared /).waitFor()
  await shoot(page, '10-maria-review-shared', { dialog: true })
  await page.keyboard.press('Escape')
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

test('Ethan reads his review and acknowledges it with a comment; it is locked', async () => {
  const { page } = b
  await signOut(page)
  await signInAs(page, made.people.ethan)
  await openMyReviews(page)
  const read = workItem(page, 'Reviews to acknowledge', 'Read and Acknowledge', null)
  await waitOrSay(page, read, 'Ethan is asked to acknowledge his review')
  await read.click()
  const viewed = page.getByRole('dialog', { name: 'View Review' })
  await viewed.getByText('A strong half year.').waitFor()
  // His own review: neither the colleagues' feedback nor a way to ask for it.
  await expect(viewed.getByText("Colleagues' feedback")).toHaveCount(0)
  await viewed.getByLabel('Your comment (optional)').fill(ACK_COMMENT)
  await shoot(page, '11-ethan-acknowledge', { dialog: true })
  await expectAccessible(page, 'Acknowledge review')
  await viewed.getByRole('button', { name: 'Acknowledge', exact: true }).click()
  await expectToast(page, 'Review acknowledged')
  await viewed.getByText(/^Locked: acknowledged /).waitFor()
  await viewed.getByText(ACK_COMMENT).waitFor()
  await expect(viewed.getByRole('button', { name: 'Acknowledge', exact: true })).toHaveCount(0)
  await shoot(page, '12-ethan-locked', { dialog: true })
  await page.keyboard.press('Escape')
  // Locked for the server too: acknowledging again is refused, not a second time stored.
  const again = await apiAs(page, 'POST', `/api/reviews/${made.ethanReviewId}/acknowledge`, { comment: 'again' })
  expect(again.status).toBe(409)
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

test('Priya, asked but too late, follows her notice to a request that is closed', async () => {
  const { page } = b
  await signOut(page)
  await signInAs(page, made.people.priya)
  // The review is written: My Reviews no longer asks her for feedback.
  await openMyReviews(page)
  await expect(page.getByRole('region', { name: /^Feedback to give/ })).toHaveCount(0)
  // Her bell still holds the notice that asked her; it leads to the request, now closed.
  const bell = page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ }).first()
  await expect(bell).toHaveAttribute('aria-label', /unread/)
  const unread = Number(/(\d+) unread/.exec(await bell.getAttribute('aria-label'))?.[1] ?? 0)
  expect(unread, 'the request and her own self-review were each a notice').toBeGreaterThanOrEqual(2)
  await bell.click()
  await page.getByRole('menuitem', { name: /Your feedback is asked/ }).click()
  // Opened, that notice is read.
  await expect(bell).toHaveAttribute('aria-label', `Notifications, ${unread - 1} unread`)
  await page.getByRole('heading', { level: 1, name: 'Give Feedback' }).waitFor()
  // The page says it is closed, and why, before she writes anything: no form to fill.
  await page.getByText('This request is closed: feedback can no longer be given.').waitFor()
  await page.getByText(/The feedback stage of this review is closed: the review has been completed/).waitFor()
  await expect(page.getByRole('form', { name: 'Your feedback' })).toHaveCount(0)
  await shoot(page, '13-priya-feedback-closed')
  const requestId = Number(new URL(page.url()).pathname.split('/').pop())
  // The server refuses an answer all the same.
  const refused = await apiAs(page, 'POST', `/api/feedback-requests/${requestId}/answer`, { rating: 3 })
  expect(refused.status).toBe(409)
  const late = await apiAs(page, 'GET', `/api/feedback-requests/${requestId}`)
  expect(late.body.answeredAt ?? null, 'the refused answer is not stored').toBeNull()
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

test('what is not theirs is refused: another\'s feedback request, the feedback on a colleague, the cycles', async () => {
  const { page } = b
  const { ethan, paula, maria } = made.people
  await signOut(page)
  await signInAs(page, ethan)
  // Ethan opens the request Paula answered about him.
  await page.goto(`${BASE_URL}/feedback/${made.paulaRequestId}`)
  await page.getByRole('heading', { level: 1, name: 'Give Feedback' }).waitFor()
  await page.getByRole('alert').getByText('This feedback request does not exist, or it was not sent to you.').waitFor()
  await expect(page.getByText('Ethan explains his designs patiently.')).toHaveCount(0)
  await shoot(page, '14-ethan-others-feedback-request')
  expect((await apiAs(page, 'GET', `/api/feedback-requests/${made.paulaRequestId}`)).status).toBe(404)
  // Nor the summary of the feedback about him, nor a colleague's self-review.
  expect((await apiAs(page, 'GET', `/api/reviews/${made.ethanReviewId}/feedback`)).status).toBe(404)
  const paulasReview = made.reviewOf[paula.id]
  expect((await apiAs(page, 'GET', `/api/reviews/${paulasReview}/self`)).status).toBe(404)
  expect((await apiAs(page, 'PUT', `/api/reviews/${paulasReview}/self`, { responses: {}, submit: false })).status).toBe(404)
  await page.goto(`${BASE_URL}/reviews/${paulasReview}/self`)
  await page.getByRole('heading', { level: 1, name: 'Self-Review' }).waitFor()
  await page.getByRole('alert').getByText(/it is not yours: only the person reviewed writes their self-review/).waitFor()

  // Paula: the summary of the feedback on Ethan's review is not hers to read.
  await signOut(page)
  await signInAs(page, paula)
  // (in an open organisation she may read the review itself, so the server says not allowed
  // rather than not found)
  const aggregate = await apiAs(page, 'GET', `/api/reviews/${made.ethanReviewId}/feedback`)
  expect(aggregate.status).toBe(403)
  expect(aggregate.body.message).toBeTruthy()
  expect(JSON.stringify(aggregate.body)).not.toMatch(/averageRating|comments|answered/)
  // The review itself (open organisation) carries no self-review answers for her.
  const review = await apiAs(page, 'GET', `/api/reviews/${made.ethanReviewId}`)
  expect([200, 404]).toContain(review.status)
  if (review.status === 200) expect(review.body.selfResponses ?? null).toBeNull()
  await page.goto(`${BASE_URL}/reviews/${made.ethanReviewId}`)
  const dialog = page.getByRole('dialog')
  await dialog.first().waitFor()
  await expect(dialog.getByText(SELF_ACHIEVEMENT)).toHaveCount(0)
  await expect(dialog.getByText("Colleagues' feedback")).toHaveCount(0)
  await shoot(page, '15-paula-opens-ethans-review', { dialog: true })
  await page.keyboard.press('Escape')
  // Peter's request about Ethan is not hers to read or answer.
  expect((await apiAs(page, 'GET', `/api/feedback-requests/${made.peterRequestId}`)).status).toBe(404)
  const answerAs = await apiAs(page, 'POST', `/api/feedback-requests/${made.peterRequestId}/answer`, { rating: 1 })
  expect(answerAs.status).toBe(404)
  // Asking for feedback on a review not hers: refused by the server.
  const askAs = await apiAs(page, 'POST', `/api/reviews/${made.ethanReviewId}/feedback-requests`, { employeeIds: [maria.id] })
  expect([403, 404]).toContain(askAs.status)

  // Maria, a manager: the cycles are HR's; and Ethan's self-review is his to write, not hers.
  await signOut(page)
  await signInAs(page, maria)
  expect((await apiAs(page, 'GET', `/api/reviews/${made.ethanReviewId}/self`)).status).toBe(404)
  // Acknowledged, the review is locked for its reviewer too.
  const edit = await apiAs(page, 'PUT', `/api/reviews/${made.ethanReviewId}`, { status: 'completed', rating: 1 })
  expect([403, 409]).toContain(edit.status)
  const after = await apiAs(page, 'GET', `/api/reviews/${made.ethanReviewId}`)
  expect(after.body).toMatchObject({ rating: 4, locked: true })
  await page.goto(`${BASE_URL}/cycles`)
  await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor()
  await shoot(page, '16-manager-opens-cycles')
  expect((await apiAs(page, 'GET', '/api/cycles')).status).toBe(403)
  expect((await apiAs(page, 'GET', `/api/cycles/${made.cycle.id}/progress`)).status).toBe(403)
  await page.goto(`${BASE_URL}/cycles/${made.cycle.id}`)
  await page.getByRole('heading', { level: 1, name: 'Access denied' }).waitFor()
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

test('the cycle\'s progress shows Ethan\'s review as done', async () => {
  const { page } = b
  await signOut(page)
  await signInAs(page, made.people.hannah, `/cycles/${made.cycle.id}`)
  await checkProgress(page, { name: CYCLE, people: made.people })
  const progress = await apiAs(page, 'GET', `/api/cycles/${made.cycle.id}/progress`)
  expect(progress.status).toBe(200)
  expect(progress.body.total).toBe(5)
  expect(progress.body.byStage.done).toBe(1)
  const reviews = await apiAs(page, 'GET', `/api/cycles/${made.cycle.id}/reviews?stage=done`)
  expect(reviews.body.map((r) => r.employeeName)).toEqual([nameOf(made.people.ethan)])
  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

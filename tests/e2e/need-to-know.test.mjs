// Need to know: in an organisation switched to it, a person who signs in with their own account
// sees their own profile and their own reviews once completed, not a colleague's; a manager
// sees their reporting line (direct and indirect), not someone outside it; the Directory lists
// everyone to both. The organisation is this file's own (lib/org-setup.mjs):
//
//   Maria Manning (manager account)      Carl Cooper (sales, outside the line)
//   ├── Arthur Abbott (user account)
//   │   └── Bella Baker
//   └── Dora Diaz (Arthur's colleague)
import { expect, test } from '@playwright/test'
import { signOut } from './lib/auth.mjs'
import { BASE_URL } from './lib/env.mjs'
import { addAccount, addEmployee, addReview, newOrganization, setVisibility, shootBoth, signInWithAccount } from './lib/org-setup.mjs'
import { useSession } from './lib/session.mjs'
import { openFromSidebar, statValue } from './lib/ui.mjs'

const b = useSession('need-to-know')
const FIRST_PASSWORD = 'Given2026x'

/** What the setup made: the organisation's code, its people and reviews. */
const made = {}

test.beforeAll(async () => {
  const { subdomain, admin } = await newOrganization('ntk', 'Need To Know')
  try {
    const maria = await addEmployee(admin, { first: 'Maria', last: 'Manning', position: 'Head of Engineering' })
    const arthur = await addEmployee(admin, { first: 'Arthur', last: 'Abbott', position: 'Backend Engineer', manager: maria })
    const bella = await addEmployee(admin, { first: 'Bella', last: 'Baker', position: 'Junior Engineer', manager: arthur })
    const dora = await addEmployee(admin, { first: 'Dora', last: 'Diaz', position: 'Frontend Engineer', manager: maria })
    const carl = await addEmployee(admin, { first: 'Carl', last: 'Cooper', position: 'Sales Lead', department: 'sales' })
    const reviews = {
      arthurDone: await addReview(admin, arthur, { type: 'quarterly', completedWith: 'Arthur led the billing launch.' }),
      arthurOpen: await addReview(admin, arthur, { type: 'probation' }),
      bellaDone: await addReview(admin, bella, { completedWith: 'Bella automated the release checks.' }),
      doraDone: await addReview(admin, dora, { completedWith: 'Dora rebuilt the design system.' }),
      carlDone: await addReview(admin, carl, { completedWith: 'Carl closed the northern accounts.' }),
    }
    await addAccount(admin, arthur, { role: 'user', password: FIRST_PASSWORD })
    await addAccount(admin, maria, { role: 'manager', password: FIRST_PASSWORD })
    await setVisibility(admin, 'need_to_know')
    Object.assign(made, { subdomain, people: { maria, arthur, bella, dora, carl }, reviews })
  } finally {
    await admin.dispose()
  }
})

const nameOf = (person) => `${person.firstName} ${person.lastName}`

/** The sidebar's links, by name. */
async function sidebarLinks(page) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor()
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim())
}

/** Open a profile by its address and expect the page that says it is out of view. */
async function expectNotInView(page, person) {
  await page.goto(`${BASE_URL}/employees/${person.id}`)
  await page.getByRole('heading', { level: 1, name: 'Employee Profile' }).waitFor()
  await page.getByText('Not in your view', { exact: true }).waitFor()
  await expect(page.getByRole('heading', { name: nameOf(person) })).toHaveCount(0)
  await expect(page.getByText(person.position, { exact: true })).toHaveCount(0)
}

/** The Directory's rows: everyone active, each name a link only where the profile is in reach. */
async function directoryRows(page) {
  await openFromSidebar(page, 'Directory')
  const list = page.getByRole('list', { name: 'Directory' })
  await list.getByRole('listitem').first().waitFor()
  return list
}

test('a user linked to an employee sees their own completed review, not their open one nor a colleague\'s', async () => {
  const { page } = b
  const { arthur, dora, carl } = made.people
  await signInWithAccount(page, { org: made.subdomain, email: arthur.email, password: FIRST_PASSWORD, firstTime: true })
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  // The dashboard's cards are about them alone: their one completed review, no head count.
  expect(await statValue(page, 'Completed Reviews', 1)).toBe(1)
  await page.getByRole('heading', { name: 'Next Review', exact: true }).waitFor()
  await expect(page.getByRole('heading', { name: 'Total Employees' })).toHaveCount(0)
  await shootBoth(page, 'ntk-user-01-dashboard')

  // The menu: their own profile instead of the employee list, and the Directory.
  const links = await sidebarLinks(page)
  expect(links).toContain('My Profile')
  expect(links).toContain('Directory')
  expect(links).not.toContain('Employees')
  expect(links).not.toContain('Admin')

  // Reviews: exactly one, their own completed one; the open one is not there yet.
  await openFromSidebar(page, 'Reviews', 'Performance Reviews')
  const all = page.getByRole('tabpanel', { name: /^All/ })
  const cards = all.getByRole('listitem')
  await cards.first().waitFor()
  await expect(cards).toHaveCount(1)
  await expect(page.getByRole('tab', { name: /^All\s*\(1\)$/ })).toBeVisible()
  const own = cards.first()
  await own.getByRole('heading', { name: nameOf(arthur) }).waitFor()
  await own.getByText('Completed', { exact: true }).waitFor()
  await shootBoth(page, 'ntk-user-02-reviews')
  await page.getByRole('tab', { name: /^Pending/ }).click()
  await page.getByRole('tabpanel', { name: /^Pending/ }).getByText('No reviews found').waitFor()
  await page.getByRole('tab', { name: /^All/ }).click()

  // Opened: their own answers, read only.
  await cards.first().getByRole('button', { name: 'View Review' }).click()
  const view = page.getByRole('dialog', { name: 'View Review' })
  await view.getByText('Arthur led the billing launch.').first().waitFor()
  await shootBoth(page, 'ntk-user-03-own-review')
  await page.keyboard.press('Escape')
  await view.waitFor({ state: 'detached' })

  // A colleague's review asked for by its link does not open.
  await page.goto(`${BASE_URL}/reviews?review=${made.reviews.doraDone.id}`)
  // (out of their reach the server answers 404: the dialog says so and which reviews they see)
  const colleagueReview = page.getByRole('dialog', { name: 'Not in your view' })
  await colleagueReview.getByText(/you see your own reviews once they are completed/).waitFor()
  await expect(colleagueReview.getByText('Dora rebuilt the design system.')).toHaveCount(0)
  await expect(colleagueReview.getByText(nameOf(dora))).toHaveCount(0)
  await shootBoth(page, 'ntk-user-04-colleague-review-link')
  await page.keyboard.press('Escape')

  // Their own profile, with the completed review and not the open one.
  await openFromSidebar(page, 'My Profile', 'Employee Profile')
  expect(new URL(page.url()).pathname).toBe(`/employees/${arthur.id}`)
  await page.getByRole('heading', { name: nameOf(arthur) }).waitFor()
  // (the completed review is a quarterly one, the open one a probation review)
  await page.getByText('Quarterly', { exact: true }).first().waitFor()
  await expect(page.getByText('Probation', { exact: true })).toHaveCount(0)
  // The manager's name, from the directory (the employee list holds Arthur alone).
  await page.getByText(`${nameOf(made.people.maria)} (${made.people.maria.employeeId})`).waitFor()
  await shootBoth(page, 'ntk-user-05-own-profile')

  // A colleague's and an outsider's profiles by their address: not in view.
  await expectNotInView(page, dora)
  await shootBoth(page, 'ntk-user-06-colleague-profile')
  await expectNotInView(page, carl)

  // The Directory lists everyone; only their own name leads to a profile.
  const directory = await directoryRows(page)
  for (const person of Object.values(made.people)) await directory.getByText(nameOf(person), { exact: true }).waitFor()
  await expect(directory.getByRole('listitem')).toHaveCount(5)
  await expect(directory.getByRole('link', { name: nameOf(arthur), exact: true })).toHaveAttribute('href', `/employees/${arthur.id}`)
  await expect(directory.getByRole('link', { name: nameOf(dora), exact: true })).toHaveCount(0)
  await shootBoth(page, 'ntk-user-07-directory')

  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

test('a manager sees their reporting line, direct and indirect, and nobody outside it', async () => {
  const { page } = b
  const { maria, arthur, bella, dora, carl } = made.people
  await signOut(page)
  await signInWithAccount(page, { org: made.subdomain, email: maria.email, password: FIRST_PASSWORD, firstTime: true })
  // Her team: herself and her reporting line.
  expect(await statValue(page, 'Team Members', 4)).toBe(4)
  const links = await sidebarLinks(page)
  expect(links).toContain('Employees')
  expect(links).toContain('Directory')

  // Employees: Maria and her line (Arthur, Dora, and Bella under Arthur), not Carl.
  await openFromSidebar(page, 'Employees')
  const employees = page.getByRole('list', { name: 'Employees' })
  for (const person of [maria, arthur, bella, dora]) await employees.getByRole('article', { name: nameOf(person) }).waitFor()
  await expect(employees.getByRole('article')).toHaveCount(4)
  await expect(employees.getByRole('article', { name: nameOf(carl) })).toHaveCount(0)
  await shootBoth(page, 'ntk-manager-01-employees')

  // An indirect report's profile opens; an outsider's does not.
  await employees.getByRole('link', { name: `View Profile of ${nameOf(bella)}` }).click()
  await page.getByRole('heading', { name: nameOf(bella) }).waitFor()
  await page.getByText('Junior Engineer').first().waitFor()
  await shootBoth(page, 'ntk-manager-02-indirect-report')
  await expectNotInView(page, carl)
  await shootBoth(page, 'ntk-manager-03-outsider-profile')

  // Reviews: the line's, open ones included; none of Carl's.
  await openFromSidebar(page, 'Reviews', 'Performance Reviews')
  const cards = page.getByRole('tabpanel', { name: /^All/ }).getByRole('listitem')
  await cards.first().waitFor()
  await expect(cards).toHaveCount(4)
  await expect(page.getByRole('tab', { name: /^All\s*\(4\)$/ })).toBeVisible()
  await expect(cards.filter({ has: page.getByRole('heading', { name: nameOf(carl) }) })).toHaveCount(0)
  await expect(cards.filter({ has: page.getByRole('heading', { name: nameOf(arthur) }) })).toHaveCount(2)
  await shootBoth(page, 'ntk-manager-04-reviews')

  // The Directory still lists everyone, Carl too, as contact details without a profile link.
  const directory = await directoryRows(page)
  for (const person of Object.values(made.people)) await directory.getByText(nameOf(person), { exact: true }).waitFor()
  await expect(directory.getByRole('listitem')).toHaveCount(5)
  await expect(directory.getByRole('link', { name: nameOf(bella), exact: true })).toHaveAttribute('href', `/employees/${bella.id}`)
  await expect(directory.getByRole('link', { name: nameOf(carl), exact: true })).toHaveCount(0)
  await shootBoth(page, 'ntk-manager-05-directory')

  expect(b.pageErrors, 'the page raised no uncaught errors').toEqual([])
})

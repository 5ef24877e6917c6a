import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AssistantContext } from '@/lib/assistant'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import CyclesPage from './cycles-page'

const CYCLES = [
  {
    id: 7,
    name: 'Spring 2026',
    reviewType: 'annual',
    templateId: 3,
    templateName: 'Engineering Review',
    selfTemplateId: null,
    population: { kind: 'everyone', departmentIds: [], employeeIds: [], startFrom: null, startTo: null },
    selfDue: null,
    feedbackDue: null,
    reviewDue: '2026-03-30',
    acknowledgeDue: null,
    status: 'active',
    launchedAt: '2026-03-01T09:00:00Z',
    closedAt: null,
    createdAt: '2026-03-01T09:00:00Z',
    reviewCount: 40,
    doneCount: 10,
  },
]

function renderPage() {
  return renderWithProviders(
    <AssistantContext.Provider value={{ openAssistant: vi.fn() }}>
      <CyclesPage />
    </AssistantContext.Provider>,
    { as: 'hr' },
  )
}

function api(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/cycles': jsonResponse(200, CYCLES),
    'GET /api/templates': jsonResponse(200, [{ id: 3, name: 'Engineering Review', questions: [], isDefault: true }]),
    'GET /api/departments': jsonResponse(200, [{ id: 4, name: 'Platform', slug: 'platform' }]),
    ...extra,
  })
}

afterEach(() => vi.unstubAllGlobals())

describe('CyclesPage', () => {
  it('lists each cycle with its status and how far it is', async () => {
    api()
    renderPage()
    const list = await screen.findByRole('list', { name: 'Review cycles' })
    const card = within(list).getAllByRole('listitem')[0]!
    expect(within(card).getByRole('link', { name: 'Spring 2026' })).toHaveAttribute('href', '/cycles/7')
    expect(card).toHaveTextContent('Active')
    expect(card).toHaveTextContent('10 of 40 done (25%)')
  })

  it('says so when there is no cycle yet', async () => {
    api({ 'GET /api/cycles': jsonResponse(200, []) })
    renderPage()
    expect(await screen.findByText('No review cycles yet')).toBeInTheDocument()
  })

  it('checks a new cycle before sending it, then sends what was chosen', async () => {
    const fetchMock = api({ 'POST /api/cycles': jsonResponse(201, { ...CYCLES[0], id: 8, status: 'draft' }) })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'New Cycle' }))
    const dialog = await screen.findByRole('dialog', { name: 'New review cycle' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }))
    expect(within(dialog).getByText('The name must be 3 to 100 characters long')).toBeInTheDocument()
    expect(within(dialog).getByText('Choose a template')).toBeInTheDocument()

    await userEvent.type(within(dialog).getByLabelText('Name'), 'Autumn 2026')
    await userEvent.selectOptions(within(dialog).getByLabelText('Template'), '3')
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Departments' }))
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Platform' }))
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Self-review' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }))
    const posted = await waitFor(() => {
      const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
      expect(call).toBeDefined()
      return call!
    })
    const body = JSON.parse(String(posted[1]?.body)) as Record<string, unknown>
    expect(body).toMatchObject({
      name: 'Autumn 2026',
      templateId: 3,
      population: { kind: 'departments', departmentIds: [4], employeeIds: [] },
      selfDue: null,
      feedbackDue: null,
      acknowledgeDue: null,
    })
  })

  it('asks the self-review from the Self-Review template when the organisation has one', async () => {
    const templates = [
      { id: 3, name: 'Engineering Review', questions: [], isDefault: true },
      { id: 9, name: 'Self-Review', questions: [], isDefault: false },
    ]
    const fetchMock = api({
      'GET /api/templates': jsonResponse(200, templates),
      'POST /api/cycles': jsonResponse(201, { ...CYCLES[0], id: 8, status: 'draft' }),
    })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'New Cycle' }))
    const dialog = await screen.findByRole('dialog', { name: 'New review cycle' })
    const questions = within(dialog).getByLabelText('Self-review questions')
    await waitFor(() => expect(questions).toHaveValue('9'))
    // The review's own template is still the one to choose.
    expect(within(dialog).getByLabelText('Template')).toHaveValue('')
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Autumn 2026')
    await userEvent.selectOptions(within(dialog).getByLabelText('Template'), '3')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true))
    const posted = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!
    expect(JSON.parse(String(posted[1]?.body))).toMatchObject({ templateId: 3, selfTemplateId: 9 })
  })

  it("leaves the self-review to the review's own template when there is no Self-Review template", async () => {
    api()
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'New Cycle' }))
    const dialog = await screen.findByRole('dialog', { name: 'New review cycle' })
    await within(within(dialog).getByLabelText('Self-review questions')).findByRole('option', { name: 'Engineering Review' })
    expect(within(dialog).getByLabelText('Self-review questions')).toHaveValue('')
  })

  it('shows the server’s reason when a cycle is refused', async () => {
    api({ 'POST /api/cycles': jsonResponse(409, { message: "A cycle named 'Spring 2026' already exists" }) })
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: 'New Cycle' }))
    const dialog = await screen.findByRole('dialog', { name: 'New review cycle' })
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Spring 2026')
    await userEvent.selectOptions(within(dialog).getByLabelText('Template'), '3')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }))
    expect(await screen.findByText("A cycle named 'Spring 2026' already exists")).toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'New review cycle' })).toBeInTheDocument()
  })
})

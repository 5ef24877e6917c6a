import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { changeTicks, inOrder } from './cycle-compare'
import { CycleSection } from './cycle-section'

const dist = (...counts: number[]) => counts.map((count, i) => ({ rating: i + 1, count }))

const SPRING = { id: 5, name: 'Spring 2030', status: 'active', launchedAt: '2030-03-01T09:00:00Z' }
const AUTUMN = { id: 9, name: 'Autumn 2030', status: 'closed', launchedAt: '2030-09-01T09:00:00Z' }

const reviewer = (name: string, average: number, difference: number, more: object = {}) => ({
  reviewerUserId: name,
  reviewerName: name,
  count: 3,
  average,
  distribution: dist(0, 0, 1, 1, 1),
  difference,
  tooFew: false,
  leaning: 'typical',
  ...more,
})

function figures(cycle: typeof SPRING, done: number) {
  return {
    cycle,
    total: 10,
    done,
    rate: done * 10,
    rated: 8,
    average: 3.25,
    distribution: dist(1, 2, 1, 2, 2),
    completionByDepartment: [
      { departmentId: 1, department: 'Engineering', total: 4, done: 2, rate: 50 },
      { departmentId: null, department: 'No department', total: 3, done: 2, rate: 66.7 },
    ],
    ratingsByDepartment: [
      { departmentId: 1, department: 'Engineering', count: 3, average: 4.67, distribution: dist(0, 0, 0, 1, 2) },
      { departmentId: null, department: 'No department', count: 2, average: 3, distribution: dist(0, 1, 0, 1, 0) },
    ],
    ratingsByReviewer: [
      reviewer('Rita Lenient', 4.67, 1.42, { leaning: 'lenient' }),
      reviewer('Nora New', 4, 0.75, { count: 1, tooFew: true, leaning: null }),
      reviewer('Tess Typical', 3.33, 0.08),
      reviewer('Hal Harsh', 2, -1.25, { leaning: 'harsh' }),
    ],
    minRated: 3,
    leaningThreshold: 0.5,
  }
}

const COMPARISON = {
  fromCycle: SPRING,
  toCycle: AUTUMN,
  people: 6,
  averageFrom: 3.5,
  averageTo: 3.67,
  averageChange: 0.17,
  improved: 3,
  same: 1,
  declined: 2,
  onlyFrom: 2,
  onlyTo: 3,
  byDepartment: [
    { departmentId: 2, department: 'Sales', people: 2, averageFrom: 1.5, averageTo: 3, averageChange: 1.5, improved: 2, same: 0, declined: 0 },
  ],
}

function mockCycles() {
  return mockApi({
    'GET /api/analytics/cycles': jsonResponse(200, [AUTUMN, SPRING]),
    'GET /api/analytics/cycles/9': jsonResponse(200, figures(AUTUMN, 9)),
    'GET /api/analytics/cycles/5': jsonResponse(200, figures(SPRING, 7)),
    'GET /api/analytics/cycles/compare': (_, url) =>
      url.searchParams.get('from') === '5' && url.searchParams.get('to') === '9'
        ? jsonResponse(200, COMPARISON)
        : jsonResponse(422, { message: 'Choose two different cycles to compare' }),
  })
}

describe('CycleSection', () => {
  it('shows the latest cycle first: completion and ratings by department, with the no-department bucket', async () => {
    mockCycles()
    renderWithProviders(<CycleSection />)
    const completion = await screen.findByRole('table', { name: 'Completion by Department' })
    expect(completion).toHaveTextContent('Engineering4250%')
    expect(completion).toHaveTextContent('No department3266.7%')
    expect(screen.getByRole('table', { name: 'Ratings by Department' })).toHaveTextContent('Engineering34.6700012')
    expect(screen.getByLabelText('Cycle')).toHaveValue('9')
    expect(screen.getByText('90%')).toBeInTheDocument()
  })

  it('marks lenient and harsh reviewers, and does not judge those with too few ratings', async () => {
    mockCycles()
    renderWithProviders(<CycleSection />)
    const table = await screen.findByRole('table', { name: 'Ratings by Reviewer' })
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) })
    expect(row('Rita Lenient')).toHaveTextContent('Lenient')
    expect(row('Rita Lenient')).toHaveTextContent('+1.42')
    expect(row('Hal Harsh')).toHaveTextContent('Harsh')
    expect(row('Hal Harsh')).toHaveTextContent('-1.25')
    expect(row('Nora New')).toHaveTextContent('Too few to judge')
    expect(row('Tess Typical')).not.toHaveTextContent(/Lenient|Harsh|Too few/)
    // Each reviewer's ratings are said in words, not only drawn.
    expect(row('Tess Typical')).toHaveTextContent('1: 0, 2: 0, 3: 1, 4: 1, 5: 1')
  })

  it('switches cycle and compares with another, earlier one first', async () => {
    const fetchMock = mockCycles()
    const user = userEvent.setup()
    renderWithProviders(<CycleSection />)
    await user.selectOptions(await screen.findByLabelText('Cycle'), '5')
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/api/analytics/cycles/5'))).toBe(true),
    )
    await user.selectOptions(await screen.findByLabelText('Compare with'), '9')
    expect(await screen.findByText(/From Spring 2030 to Autumn 2030/)).toHaveTextContent(
      '2 rated only in Spring 2030, 3 only in Autumn 2030.',
    )
    expect(screen.getByRole('heading', { name: 'Average change' }).parentElement).toHaveTextContent('+0.173.50 → 3.67')
    expect(screen.getByRole('heading', { name: 'Declined' }).parentElement).toHaveTextContent('2')
    expect(screen.getByRole('table', { name: 'Rating Change by Department' })).toHaveTextContent('Sales21.503.00+1.50200')
  })

  it('says so when no cycle has been launched', async () => {
    mockApi({ 'GET /api/analytics/cycles': jsonResponse(200, []) })
    renderWithProviders(<CycleSection />)
    expect(await screen.findByText('No review cycle has been launched yet.')).toBeInTheDocument()
    expect(screen.queryByLabelText('Cycle')).not.toBeInTheDocument()
  })
})

describe('inOrder', () => {
  it('puts the earlier-launched cycle first whichever is chosen first', () => {
    expect(inOrder(AUTUMN, SPRING).map((c) => c.id)).toEqual([5, 9])
    expect(inOrder(SPRING, AUTUMN).map((c) => c.id)).toEqual([5, 9])
  })
})

describe('changeTicks', () => {
  it('spans the largest change evenly about zero, in half points up to two points each way', () => {
    expect(changeTicks([0.17, -0.4])).toEqual([-1, -0.5, 0, 0.5, 1])
    expect(changeTicks([1.5])).toEqual([-2, -1.5, -1, -0.5, 0, 0.5, 1, 1.5, 2])
    expect(changeTicks([-3.2])).toEqual([-4, -3, -2, -1, 0, 1, 2, 3, 4])
    expect(changeTicks([])).toEqual([-1, -0.5, 0, 0.5, 1])
  })
})

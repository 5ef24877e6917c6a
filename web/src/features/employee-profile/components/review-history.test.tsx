import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import type { ProfileReview } from '../api/get-employee-reviews'
import { orderReviews, ReviewHistory, summariseResponses } from './review-history'

const review = (over: Partial<ProfileReview> & { id: number }): ProfileReview => ({
  employeeId: 1,
  templateId: 1,
  createdAt: '2026-01-01T00:00:00Z',
  status: 'pending',
  reviewType: 'quarterly',
  dueDate: '2026-05-01',
  completedAt: null,
  responses: {},
  rating: null,
  template: null,
  ...over,
})

describe('orderReviews', () => {
  it('puts open reviews first by due date, then completed ones newest first', () => {
    const ordered = orderReviews([
      review({ id: 1, status: 'completed', dueDate: '2025-01-01', completedAt: '2025-01-03T10:00:00Z' }),
      review({ id: 2, status: 'pending', dueDate: '2026-08-01' }),
      review({ id: 3, status: 'in_progress', dueDate: '2026-03-01' }),
      review({ id: 4, status: 'completed', dueDate: '2025-06-01', completedAt: '2025-06-05T10:00:00Z' }),
      review({ id: 5, status: 'pending', dueDate: '2026-04-15' }),
    ])
    expect(ordered.map((r) => r.id)).toEqual([3, 5, 2, 4, 1])
  })
})

describe('summariseResponses', () => {
  it('keeps the first 2 answers with their questions and counts the rest', () => {
    const summary = summariseResponses(
      review({
        id: 1,
        responses: { q1: 4, q2: 'Strong communicator', q3: 'x', q4: ['a', 'b'] },
        template: {
          id: 1,
          name: 'Quarterly',
          questions: [
            { id: 'q1', question: 'Overall performance', type: 'rating', required: true },
            { id: 'q2', question: 'Strengths', type: 'text', required: false },
          ],
        },
      }),
    )
    expect(summary).toEqual({
      shown: [
        { label: 'Overall performance', answer: '4' },
        { label: 'Strengths', answer: 'Strong communicator' },
      ],
      more: 2,
    })
  })
})

describe('ReviewHistory', () => {
  it('renders the ordered reviews with two responses and a count', async () => {
    mockApi({
      'GET /api/reviews': jsonResponse(200, [
        {
          id: 1,
          status: 'completed',
          reviewType: 'annual',
          dueDate: '2025-12-01',
          completedAt: '2025-12-03T09:00:00Z',
          rating: 4,
          responses: { a: 'Great year', b: 5, c: 'More please' },
          template: {
            name: 'Annual Review',
            questions: [
              { id: 'a', question: 'Summary of the year' },
              { id: 'b', question: 'Rating for teamwork' },
              { id: 'c', question: 'Goals' },
            ],
          },
        },
        { id: 2, status: 'pending', reviewType: 'quarterly', dueDate: '2026-04-01', responses: {}, template: null },
      ]),
    })
    renderWithProviders(<ReviewHistory employeeId={8} />)
    const items = within(await screen.findByRole('list', { name: 'Reviews' })).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('Quarterly Review')
    expect(items[1]).toHaveTextContent('Annual Review')
    expect(items[1]).toHaveTextContent('Summary of the year')
    expect(items[1]).toHaveTextContent('Rating for teamwork')
    expect(items[1]).not.toHaveTextContent('Goals')
    expect(items[1]).toHaveTextContent('+1 more response')
    expect(items[1]).toHaveTextContent('Rating 4/5')
  })

  it('has an empty state and an error state', async () => {
    mockApi({ 'GET /api/reviews': jsonResponse(200, []) })
    const { unmount } = renderWithProviders(<ReviewHistory employeeId={8} />)
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument()
    unmount()
    mockApi({})
    renderWithProviders(<ReviewHistory employeeId={8} />)
    expect(await screen.findByText('Reviews could not be loaded right now.')).toBeInTheDocument()
  })
})

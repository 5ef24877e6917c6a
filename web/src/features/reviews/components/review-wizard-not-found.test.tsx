import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { Viewer } from '@/lib/access'
import { viewerFor } from '@/test/access'
import { jsonResponse, mockApi, renderWithProviders } from '@/test/utils'
import { ReviewWizard } from './review-wizard'

function openMissingReview(as: Viewer, status = 404) {
  mockApi({ 'GET /api/reviews/7': jsonResponse(status, { message: status === 404 ? 'Review not found' : 'Boom' }) })
  const onOpenChange = vi.fn()
  renderWithProviders(<ReviewWizard reviewId={7} onOpenChange={onOpenChange} />, { as })
  return onOpenChange
}

describe('ReviewWizard on a review that answers 404', () => {
  it('tells a user under need to know it is not in their view and which reviews they see', async () => {
    const onOpenChange = openMissingReview(viewerFor('user', { visibility: 'need_to_know', employeeId: 5 }))
    const dialog = await screen.findByRole('dialog', { name: 'Not in your view' })
    expect(dialog).toHaveAccessibleDescription(
      'This review is not one you can open: you see your own reviews once they are completed. It may also have been deleted.',
    )
    expect(screen.queryByText(/could not be loaded right now/)).not.toBeInTheDocument()
    expect(screen.queryByText('Complete Review')).not.toBeInTheDocument()
    expect(screen.queryByText('Loading the review')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('names the reporting line to a manager under need to know', async () => {
    openMissingReview(viewerFor('manager', { visibility: 'need_to_know', employeeId: 4 }))
    const dialog = await screen.findByRole('dialog', { name: 'Not in your view' })
    expect(dialog).toHaveAccessibleDescription(/you see the reviews of the people who report to you, and your own once completed/)
  })

  it('says not found to a reader of every review', async () => {
    openMissingReview(viewerFor('hr'))
    const dialog = await screen.findByRole('dialog', { name: 'Review not found' })
    expect(dialog).toHaveAccessibleDescription('This review does not exist or has been deleted.')
  })

  it('keeps "try again" for a failure that may pass', async () => {
    openMissingReview(viewerFor('admin'), 500)
    const dialog = await screen.findByRole('dialog', { name: 'Review could not be loaded' })
    expect(dialog).toHaveAccessibleDescription('Please try again in a moment.')
  })
})

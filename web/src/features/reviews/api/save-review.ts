import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, errorStatus, unwrap } from '@/lib/api-client'
import type { CheckedBody } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'
import type { ReviewStatus, ReviewType } from './get-reviews'

/** Every list a review change shows up in: each is refreshed after a change. */
const AFFECTED = [
  queryKeys.reviews,
  queryKeys.upcomingReviews,
  queryKeys.dashboardStats,
  queryKeys.activity,
  queryKeys.reminders,
  queryKeys.employees,
  queryKeys.analytics,
  queryKeys.myWork,
]

function refresh(queryClient: QueryClient) {
  return Promise.all(AFFECTED.map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

export type CreateReviewInput = CheckedBody<
  'createReview',
  {
    employeeId: number
    templateId: number
    reviewType: ReviewType
    /** YYYY-MM-DD */
    dueDate: string
  }
>

export function createReview(input: CreateReviewInput) {
  return unwrap(
    api.POST('/api/reviews', {
      body: { ...input, status: 'pending', responses: {}, rating: null, reviewerNotes: '' },
    }),
  )
}

export function useCreateReview() {
  const queryClient = useQueryClient()
  return useMutation({ mutationFn: createReview, onSuccess: () => refresh(queryClient) })
}

export type UpdateReviewInput = { id: number } & CheckedBody<
  'updateReview',
  {
    responses: Record<string, unknown>
    rating: number | null
    reviewerNotes: string
    status: ReviewStatus
    /** The review's updatedAt when it was opened: a save over someone else's is refused (409). */
    expectedUpdatedAt: string | null
  }
>

export function updateReview({ id, ...body }: UpdateReviewInput) {
  // completedAt is stamped by the server's clock; it is sent only for the record.
  return unwrap(
    api.PUT('/api/reviews/{review_id}', {
      params: { path: { review_id: id } },
      body: { ...body, completedAt: body.status === 'completed' ? new Date().toISOString() : null },
    }),
  )
}

export function useUpdateReview() {
  const queryClient = useQueryClient()
  // Not awaited: the refreshed review (now completed) switches the wizard to its read-only view,
  // which unmounts the form, and the caller's own onSuccess (toast, close) would never run.
  return useMutation({
    mutationFn: updateReview,
    onSuccess: () => {
      void refresh(queryClient)
    },
    // Refused as saved by someone else since (409): the lists show the review as it is now.
    onError: (error) => {
      if (errorStatus(error) === 409) void refresh(queryClient)
    },
  })
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** A person's own self-review of one review: the questions, their answers so far, when submitted. */
export type SelfReview = ApiReply<'getSelfReview'>

export function useSelfReview(reviewId: number) {
  return useQuery({
    queryKey: queryKeys.selfReview(reviewId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/reviews/{review_id}/self', { params: { path: { review_id: reviewId } }, signal })),
  })
}

export interface SaveSelfReviewInput {
  responses: Record<string, unknown>
  /** true hands it in: it cannot be changed afterwards. */
  submit: boolean
}

export function useSaveSelfReview(reviewId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SaveSelfReviewInput) =>
      unwrap(api.PUT('/api/reviews/{review_id}/self', { params: { path: { review_id: reviewId } }, body })),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.selfReview(reviewId), saved)
      void queryClient.invalidateQueries({ queryKey: queryKeys.myWork })
      // The review itself (its self-review columns), not the self-review just saved, under its key.
      void queryClient.invalidateQueries({ queryKey: queryKeys.review(reviewId), exact: true })
    },
  })
}

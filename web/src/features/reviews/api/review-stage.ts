import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { queryKeys } from '@/lib/query-keys'

/** The reason an admin gives to reopen a review the employee has acknowledged. */
export const REASON_MIN = 3
export const REASON_MAX = 500

function refresh(queryClient: QueryClient, reviewId: number) {
  for (const queryKey of [queryKeys.review(reviewId), queryKeys.reviews, queryKeys.myWork, queryKeys.dashboardStats]) {
    void queryClient.invalidateQueries({ queryKey })
  }
}

/** Share a completed review with the employee, who then reads and acknowledges it. */
export function useShareReview(reviewId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/reviews/{review_id}/share', { params: { path: { review_id: reviewId } } })),
    onSuccess: () => refresh(queryClient, reviewId),
  })
}

/** The employee confirms they have read their review; it is locked from then on. */
export function useAcknowledgeReview(reviewId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (comment: string) =>
      unwrap(
        api.POST('/api/reviews/{review_id}/acknowledge', {
          params: { path: { review_id: reviewId } },
          body: { comment: comment.trim() || null },
        }),
      ),
    onSuccess: () => refresh(queryClient, reviewId),
  })
}

/** An admin reopens a locked review, saying why (kept in the audit trail). */
export function useReopenReview(reviewId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reason: string) =>
      unwrap(
        api.POST('/api/reviews/{review_id}/reopen', {
          params: { path: { review_id: reviewId } },
          body: { reason: reason.trim() },
        }),
      ),
    onSuccess: () => refresh(queryClient, reviewId),
  })
}

/** The signed-in account's id, to tell the reviews it is the named reviewer of. */
export function useAccountId(enabled: boolean): string | null {
  const query = useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: ({ signal }) => unwrap(api.GET('/api/auth/user', { signal })),
    enabled,
    staleTime: Infinity,
  })
  return query.data?.id ?? null
}

export function reasonProblem(reason: string): string | null {
  const text = reason.trim()
  if (text.length < REASON_MIN) return `Say why in at least ${REASON_MIN} characters.`
  if (text.length > REASON_MAX) return `Keep the reason to ${REASON_MAX} characters.`
  return null
}

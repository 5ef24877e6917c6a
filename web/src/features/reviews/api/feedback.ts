import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { ApiReply, ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** What the reviewer sees of the colleagues' feedback: who was asked, how many answered, and (from 3 answers) the summary. */
export type FeedbackSummary = ApiReply<'getReviewFeedback'>
export type Colleague = ApiSchema<'DirectoryEntry'>

/** A review takes feedback from at most this many colleagues. */
export const MAX_ASKED = 5

export function useReviewFeedback(reviewId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.reviewFeedback(reviewId),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/reviews/{review_id}/feedback', { params: { path: { review_id: reviewId } }, signal })),
    enabled,
    // A review the reader may not see the feedback of answers 404: nothing to retry.
    retry: false,
  })
}

export function useAskForFeedback(reviewId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (employeeIds: number[]) =>
      unwrap(
        api.POST('/api/reviews/{review_id}/feedback-requests', {
          params: { path: { review_id: reviewId } },
          body: { employeeIds },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviewFeedback(reviewId) }),
  })
}

/** Colleagues by name from the directory, which everyone signed in may read. */
export function useColleagueSearch(search: string) {
  const text = search.trim()
  return useQuery({
    queryKey: queryKeys.directoryPage({ search: text, page: 1, pageSize: 10, purpose: 'feedback' }),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/directory', { params: { query: { search: text || undefined, page: 1, pageSize: 10 } }, signal })),
    enabled: text.length >= 2,
  })
}

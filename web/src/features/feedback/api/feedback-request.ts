import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, errorStatus, unwrap } from '@/lib/api-client'
import type { ApiReply } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

/** A colleague's feedback request: about whom, for which cycle, and their answer once given. */
export type FeedbackRequest = ApiReply<'getFeedbackRequest'>

export function useFeedbackRequest(id: number) {
  return useQuery({
    queryKey: queryKeys.feedbackRequest(id),
    queryFn: ({ signal }) =>
      unwrap(api.GET('/api/feedback-requests/{request_id}', { params: { path: { request_id: id } }, signal })),
  })
}

export interface FeedbackAnswer {
  rating: number
  comment: string
}

export function useAnswerFeedback(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: FeedbackAnswer) =>
      unwrap(api.POST('/api/feedback-requests/{request_id}/answer', { params: { path: { request_id: id } }, body })),
    onSuccess: (answered) => {
      queryClient.setQueryData(queryKeys.feedbackRequest(id), answered)
      void queryClient.invalidateQueries({ queryKey: queryKeys.myWork })
    },
    // Refused because it closed (or was answered elsewhere) while the form was open: read the
    // request again so the page shows where it stands.
    onError: (error) => {
      if (errorStatus(error) === 409) void queryClient.invalidateQueries({ queryKey: queryKeys.feedbackRequest(id) })
    },
  })
}

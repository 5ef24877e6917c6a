import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { operations } from '@/lib/api-schema'
import type { ApiSchema } from '@/lib/api-types'
import { queryKeys } from '@/lib/query-keys'

export { useDepartments } from '@/lib/api/departments'

export const REVIEW_TYPES = ['quarterly', 'annual', 'probation', 'promotion', 'performance_improvement'] as const
export type ReviewType = (typeof REVIEW_TYPES)[number]
export const REVIEW_STATUSES = ['pending', 'in_progress', 'completed'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

export type Review = ApiSchema<'ReviewRead'>
/** One review as its own screen reads it: its stage in a cycle, the reviewer, the self-review. */
export type ReviewDetail = ApiSchema<'ReviewDetail'>
export type ReviewQuestion = ApiSchema<'QuestionRead'>

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reviews,
    queryFn: ({ signal }) => unwrap(api.GET('/api/reviews', { signal })),
  })

export function useReviews() {
  return useQuery(reviewsQueryOptions())
}

export const reviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.review(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/reviews/{review_id}', { params: { path: { review_id: id } }, signal })),
  })

export function useReview(id: number | null) {
  return useQuery({ ...reviewQueryOptions(id ?? 0), enabled: id !== null })
}

/** What the Reviews screen asks GET /api/reviews for (empty values are left out). */
export interface ReviewListParams {
  search?: string
  department?: string
  reviewType?: string
  status?: string
  overdue?: string
  archived?: string
  reviewer?: string
  sort?: string
  page: number
  pageSize: number
}

export interface ReviewPage {
  items: Review[]
  /** Every review matching the filters (the X-Total-Count header of a paged reply). */
  total: number
}

type ListQuery = NonNullable<operations['listReviews']['parameters']['query']>

export async function getReviewPage(params: ReviewListParams, signal?: AbortSignal): Promise<ReviewPage> {
  // The screen keeps its filters as the text of its own URL; they go to the API as they are.
  const query: Record<string, string> = {}
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query[key] = String(value)
  }
  const { data, response } = await api.GET('/api/reviews', { params: { query: query as ListQuery }, signal })
  const items = data ?? []
  const total = Number(response.headers.get('X-Total-Count'))
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length }
}

export function useReviewPage(params: ReviewListParams) {
  return useQuery({
    queryKey: queryKeys.reviewPage(params),
    queryFn: ({ signal }) => getReviewPage(params, signal),
    // While another page or filter loads, keep showing the last one instead of skeletons.
    placeholderData: keepPreviousData,
  })
}

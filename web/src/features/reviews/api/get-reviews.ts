import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson, apiRequest } from '@/lib/api-client'
import { type ApiReply, type ApiSchema, replySchema } from '@/lib/api-types'

export const REVIEW_TYPES = ['quarterly', 'annual', 'probation', 'promotion', 'performance_improvement'] as const
export type ReviewType = (typeof REVIEW_TYPES)[number]
export const REVIEW_STATUSES = ['pending', 'in_progress', 'completed'] as const
export type ReviewStatus = (typeof REVIEW_STATUSES)[number]

export const reviewQuestionSchema = replySchema<ApiSchema<'QuestionRead'>>()(
  z.object({
    id: z.string(),
    question: z.string(),
    type: z.enum(['text', 'rating', 'multiple-choice', 'yes-no']),
    required: z.boolean().default(false),
    options: z.array(z.string()).nullish(),
    scale: z.number().nullish(),
  }),
)

export const reviewSchema = replySchema<ApiSchema<'ReviewRead'>>()(
  z.object({
    id: z.number(),
    employeeId: z.number(),
    templateId: z.number(),
    reviewType: z.string(),
    status: z.enum(REVIEW_STATUSES),
    responses: z.record(z.string(), z.unknown()).default({}),
    rating: z.number().nullish(),
    reviewerNotes: z.string().nullish(),
    dueDate: z.string(),
    completedAt: z.string().nullish(),
    createdAt: z.string().nullish(),
    updatedAt: z.string().nullish(),
    employee: z
      .object({
        id: z.number(),
        employeeId: z.string().nullish(),
        firstName: z.string(),
        lastName: z.string(),
        department: z.string().nullish(),
        position: z.string().nullish(),
      })
      .nullish(),
    template: z
      .object({
        id: z.number(),
        name: z.string(),
        description: z.string().nullish(),
        questions: z.array(reviewQuestionSchema),
      })
      .nullish(),
  }),
)

export type Review = z.output<typeof reviewSchema>
export type ReviewQuestion = z.output<typeof reviewQuestionSchema>

export const REVIEWS_KEY = '/api/reviews'

export const reviewsQueryOptions = () =>
  queryOptions({
    queryKey: [REVIEWS_KEY],
    queryFn: ({ signal }) => apiJson(z.array(reviewSchema), 'GET', REVIEWS_KEY, undefined, { signal }),
  })

export function useReviews() {
  return useQuery(reviewsQueryOptions())
}

export const reviewQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [REVIEWS_KEY, id],
    queryFn: ({ signal }) => apiJson(reviewSchema, 'GET', `${REVIEWS_KEY}/${id}`, undefined, { signal }),
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

export async function getReviewPage(params: ReviewListParams, signal?: AbortSignal): Promise<ReviewPage> {
  const query = new URLSearchParams()
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value))
  }
  const res = await apiRequest('GET', `${REVIEWS_KEY}?${query}`, undefined, { signal })
  const items = z.array(reviewSchema).parse(await res.json())
  const total = Number(res.headers.get('X-Total-Count'))
  return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length }
}

export function useReviewPage(params: ReviewListParams) {
  return useQuery({
    queryKey: [REVIEWS_KEY, 'page', params],
    queryFn: ({ signal }) => getReviewPage(params, signal),
    // While another page or filter loads, keep showing the last one instead of skeletons.
    placeholderData: keepPreviousData,
  })
}

export const REVIEW_DEPARTMENTS_KEY = '/api/departments'

const departmentSchema = replySchema<ApiReply<'listDepartments'>[number]>()(
  z.looseObject({ id: z.number(), name: z.string(), slug: z.string() }),
)

/** The departments for the filter (the cache entry every screen listing departments shares). */
export function useDepartments() {
  return useQuery({
    queryKey: [REVIEW_DEPARTMENTS_KEY],
    queryFn: ({ signal }) => apiJson(z.array(departmentSchema), 'GET', REVIEW_DEPARTMENTS_KEY, undefined, { signal }),
  })
}

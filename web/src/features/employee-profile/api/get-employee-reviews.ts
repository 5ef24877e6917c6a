import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { apiJson } from '@/lib/api-client'
import { type ApiReply, replySchema } from '@/lib/api-types'

const questionSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  question: z.string().default(''),
  type: z.string().optional(),
})

export const profileReviewSchema = replySchema<ApiReply<'listReviews'>[number]>()(
  z.object({
    id: z.number(),
    status: z.string(),
    reviewType: z.string(),
    dueDate: z.string(),
    completedAt: z.string().nullish(),
    responses: z.record(z.string(), z.unknown()).nullish(),
    rating: z.number().nullish(),
    template: z
      .object({
        name: z.string(),
        questions: z.array(questionSchema).default([]),
      })
      .nullish(),
  }),
)

export type ProfileReview = z.output<typeof profileReviewSchema>

export const employeeReviewsKey = (employeeId: number) => ['/api/reviews', { employeeId }] as const

export const employeeReviewsQueryOptions = (employeeId: number) =>
  queryOptions({
    queryKey: employeeReviewsKey(employeeId),
    queryFn: ({ signal }) =>
      apiJson(z.array(profileReviewSchema), 'GET', `/api/reviews?employeeId=${employeeId}`, undefined, { signal }),
  })

export function useEmployeeReviews(employeeId: number) {
  return useQuery(employeeReviewsQueryOptions(employeeId))
}

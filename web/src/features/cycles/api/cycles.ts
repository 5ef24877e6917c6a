import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, saveBlob, unwrap } from '@/lib/api-client'
import type { operations } from '@/lib/api-schema'
import type { ApiBody, ApiSchema } from '@/lib/api-types'

export type Cycle = ApiSchema<'CycleRead'>
export type CycleBody = ApiBody<'createCycle'>
export type CyclePreview = ApiSchema<'CyclePreview'>
export type CycleProgress = ApiSchema<'CycleProgress'>
export type CycleReview = ApiSchema<'CycleReview'>
export type ReviewerOption = ApiSchema<'ReviewerOption'>
export type Stage = CycleReview['stage']

/**
 * The cycles' query keys, each under the path it reads: a change to a cycle refreshes every
 * query of it (its progress, its reviews) by invalidating `cycle(id)`.
 */
export const cycleKeys = {
  all: ['/api/cycles'] as const,
  cycle: (id: number) => ['/api/cycles', id] as const,
  preview: (id: number) => ['/api/cycles', id, 'preview'] as const,
  progress: (id: number) => ['/api/cycles', id, 'progress'] as const,
  reviews: (id: number, params: object) => ['/api/cycles', id, 'reviews', params] as const,
  reviewerOptions: ['/api/cycles', 'reviewer-options'] as const,
}

const path = (id: number) => ({ params: { path: { cycle_id: id } } })

export function useCycles() {
  return useQuery({
    queryKey: cycleKeys.all,
    queryFn: ({ signal }) => unwrap(api.GET('/api/cycles', { signal })),
  })
}

export const cycleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: cycleKeys.cycle(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/cycles/{cycle_id}', { ...path(id), signal })),
  })

export function useCycle(id: number) {
  return useQuery(cycleQueryOptions(id))
}

export function useCyclePreview(id: number, enabled: boolean) {
  return useQuery({
    queryKey: cycleKeys.preview(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/cycles/{cycle_id}/preview', { ...path(id), signal })),
    enabled,
  })
}

export function useCycleProgress(id: number, enabled: boolean) {
  return useQuery({
    queryKey: cycleKeys.progress(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/cycles/{cycle_id}/progress', { ...path(id), signal })),
    enabled,
  })
}

export function useReviewerOptions(enabled: boolean) {
  return useQuery({
    queryKey: cycleKeys.reviewerOptions,
    queryFn: ({ signal }) => unwrap(api.GET('/api/cycles/reviewer-options', { signal })),
    enabled,
  })
}

type ReviewsQuery = NonNullable<operations['listCycleReviews']['parameters']['query']>

/** The reviews list's filters as the screen keeps them ('' for none). */
export interface ReviewFilters {
  stage: string
  departmentId: string
  reviewerUserId: string
  overdue: boolean
}

export interface ReviewPage {
  items: CycleReview[]
  total: number
}

export function reviewsQuery(filters: ReviewFilters, page: number, pageSize: number): ReviewsQuery {
  const query: ReviewsQuery = { page, pageSize }
  if (filters.stage) query.stage = filters.stage as Stage
  if (filters.departmentId) query.departmentId = Number(filters.departmentId)
  if (filters.reviewerUserId) query.reviewerUserId = filters.reviewerUserId
  if (filters.overdue) query.overdue = true
  return query
}

export function useCycleReviews(id: number, filters: ReviewFilters, page: number, pageSize: number, enabled: boolean) {
  const query = reviewsQuery(filters, page, pageSize)
  return useQuery({
    queryKey: cycleKeys.reviews(id, query),
    queryFn: async ({ signal }): Promise<ReviewPage> => {
      const { data, response } = await api.GET('/api/cycles/{cycle_id}/reviews', {
        params: { path: { cycle_id: id }, query },
        signal,
      })
      const items = data ?? []
      const total = Number(response.headers.get('X-Total-Count'))
      return { items, total: Number.isInteger(total) && total >= 0 ? total : items.length }
    },
    placeholderData: keepPreviousData,
    enabled,
  })
}

/** A change to one cycle: afterwards the list and everything read of that cycle are refreshed. */
function useCycleChange<Args, Reply>(id: number | null, run: (args: Args) => Promise<Reply>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: id === null ? cycleKeys.all : cycleKeys.cycle(id) })
      if (id !== null) await client.invalidateQueries({ queryKey: cycleKeys.all, exact: true })
    },
  })
}

export function useSaveCycle(id: number | null) {
  return useCycleChange(id, (body: CycleBody) =>
    id === null
      ? unwrap(api.POST('/api/cycles', { body }))
      : unwrap(api.PUT('/api/cycles/{cycle_id}', { ...path(id), body })),
  )
}

export function useDeleteCycle(id: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/cycles/{cycle_id}', path(id))),
    // The draft is gone: its own queries are dropped, not asked again (they would answer 404).
    onSuccess: async () => {
      client.removeQueries({ queryKey: cycleKeys.cycle(id) })
      await client.invalidateQueries({ queryKey: cycleKeys.all, exact: true })
    },
  })
}

export function useLaunchCycle(id: number) {
  return useCycleChange(id, () => unwrap(api.POST('/api/cycles/{cycle_id}/launch', path(id))))
}

export function useCloseCycle(id: number) {
  return useCycleChange(id, () => unwrap(api.POST('/api/cycles/{cycle_id}/close', path(id))))
}

export function useReassign(id: number) {
  return useCycleChange(id, (body: ApiBody<'reassignReviewers'>) =>
    unwrap(api.PUT('/api/cycles/{cycle_id}/reviewers', { ...path(id), body })),
  )
}

export function useNudge(id: number) {
  return useMutation({
    mutationFn: (reviewIds: number[] | null) =>
      unwrap(api.POST('/api/cycles/{cycle_id}/nudge', { ...path(id), body: reviewIds ? { reviewIds } : {} })),
  })
}

/** GET /api/cycles/{id}/export, saved by the browser under the cycle's name. */
export async function downloadCycleCsv(cycle: Pick<Cycle, 'id' | 'name'>): Promise<void> {
  const blob = await unwrap(api.GET('/api/cycles/{cycle_id}/export', { ...path(cycle.id), parseAs: 'blob' }))
  saveBlob(blob as Blob, `${cycle.name} reviews.csv`)
}

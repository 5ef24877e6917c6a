import type { MyWork, MyWorkItem } from '../api/get-my-work'

export type GroupKey = keyof MyWork

export interface WorkGroup {
  key: GroupKey
  title: string
  /** The card's short label for the count. */
  short: string
  /** The button on each item, saying what it opens. */
  action: string
  /** The screen an item opens when the server sends no link. */
  fallbackLink: (item: MyWorkItem) => string
}

/** The four kinds of work, in the order a cycle asks for them. */
export const WORK_GROUPS: readonly WorkGroup[] = [
  {
    key: 'selfReviews',
    title: 'Self-reviews to write',
    short: 'Self-reviews',
    action: 'Write Self-Review',
    fallbackLink: (item) => `/reviews/${item.reviewId}/self`,
  },
  {
    key: 'feedbackRequests',
    title: 'Feedback to give',
    short: 'Feedback',
    action: 'Give Feedback',
    fallbackLink: (item) => `/feedback/${item.id}`,
  },
  {
    key: 'reviewsToWrite',
    title: 'Reviews to write',
    short: 'Reviews to write',
    action: 'Write Review',
    fallbackLink: (item) => `/reviews/${item.reviewId}`,
  },
  {
    key: 'reviewsToAcknowledge',
    title: 'Reviews to acknowledge',
    short: 'To acknowledge',
    action: 'Read and Acknowledge',
    fallbackLink: (item) => `/reviews/${item.reviewId}`,
  },
]

/** A completed review waits among those to write until it is shared: its button says so. */
export function itemAction(group: WorkGroup, item: MyWorkItem): string {
  return item.kind === 'share' ? 'Share Review' : group.action
}

/** Only links into the app are followed: a link is an app path, never another site. */
export function itemLink(group: WorkGroup, item: MyWorkItem): string {
  const link = item.link
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : group.fallbackLink(item)
}

/** Overdue first, then the nearest due date first; undated items last. */
export function byUrgency(items: readonly MyWorkItem[]): MyWorkItem[] {
  return [...items].sort((a, b) => {
    if (a.overdue !== b.overdue) return a.overdue ? -1 : 1
    return (a.due ?? '9999-12-31').localeCompare(b.due ?? '9999-12-31')
  })
}

export function counts(work: MyWork): { key: GroupKey; count: number; overdue: number }[] {
  return WORK_GROUPS.map(({ key }) => ({
    key,
    count: work[key].length,
    overdue: work[key].filter((item) => item.overdue).length,
  }))
}

export function totalWork(work: MyWork): number {
  return WORK_GROUPS.reduce((sum, { key }) => sum + work[key].length, 0)
}

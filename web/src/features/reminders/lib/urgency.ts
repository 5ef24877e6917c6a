import type { BadgeProps } from '@/components/ui/badge'
import { daysUntil } from '@/lib/format'

export type Urgency = 'overdue' | 'urgent' | 'high' | 'normal'

/** Reminder urgency by days to due: below 0 overdue; 1 or fewer urgent; 3 or fewer high. */
export function reminderUrgency(dueDate: string | null | undefined, now = new Date()): Urgency {
  if (!dueDate) return 'normal'
  const days = daysUntil(dueDate, now)
  if (days < 0) return 'overdue'
  if (days <= 1) return 'urgent'
  if (days <= 3) return 'high'
  return 'normal'
}

export const URGENCY_LABEL: Record<Urgency, string> = {
  overdue: 'Overdue',
  urgent: 'Urgent',
  high: 'High',
  normal: 'Normal',
}

export const URGENCY_VARIANT: Record<Urgency, NonNullable<BadgeProps['variant']>> = {
  overdue: 'destructive',
  urgent: 'destructive',
  high: 'secondary',
  normal: 'outline',
}

export function dueText(dueDate: string | null | undefined, now = new Date()): string {
  if (!dueDate) return 'No due date'
  const days = daysUntil(dueDate, now)
  if (days < 0) return `${-days} ${days === -1 ? 'day' : 'days'} overdue`
  if (days === 0) return 'Due today'
  return `Due in ${days} ${days === 1 ? 'day' : 'days'}`
}

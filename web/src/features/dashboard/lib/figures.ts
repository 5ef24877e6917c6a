import type { LucideIcon } from 'lucide-react'

/** One card of the dashboard's row: what it counts, the figure and the line under it. */
export interface Figure {
  label: string
  icon: LucideIcon
  /** The figure as shown; undefined when it could not be loaded. */
  value?: string
  /** What the figure is beside; none when there is nothing to tell. */
  note?: string | null
  /** The note asks for attention (reviews overdue, a certification expired): said in red too. */
  urgent?: boolean
  /** Still loading: the card holds skeletons as tall as the figure and its note. */
  pending?: boolean
  /** A date or words rather than a number: set smaller, so it fits the card's width. */
  text?: boolean
}

/** Who started in the last 30 days (archiving is not dated, so leavers are not subtracted). */
export function startedNote(started: number | null | undefined): string | null {
  if (started === null || started === undefined) return null
  return started === 0 ? 'No one started in the last 30 days' : `+${started} started in the last 30 days`
}

/** A manager's count takes in themselves and everyone under them, directly or not: said so. */
export function teamNote(started: number | null | undefined): string {
  return started ? `You and your reporting line · +${started} started in the last 30 days` : 'You and your reporting line'
}

/** This quarter's average rating against last quarter's, when both quarters have ratings. */
export function ratingTrendNote(quarter: number | null | undefined, previous: number | null | undefined): string | null {
  if (quarter === null || quarter === undefined || previous === null || previous === undefined) return null
  const change = Math.round((quarter - previous) * 100) / 100
  const sign = change > 0 ? '+' : change < 0 ? '−' : '±'
  return `This quarter ${quarter.toFixed(2)}, ${sign}${Math.abs(change).toFixed(2)} vs last quarter`
}

/** Avg Rating shows two decimals, 0.00 when missing. */
export function ratingValue(rating: number | null | undefined): string {
  return (Number.isFinite(rating) ? Number(rating) : 0).toFixed(2)
}

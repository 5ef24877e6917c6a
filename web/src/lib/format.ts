const DAY_MS = 24 * 60 * 60 * 1000

/** Date-only strings (YYYY-MM-DD) are read as local dates, so they do not shift by a day. */
export function parseDate(value: string): Date {
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (dateOnly) return new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
  return new Date(value)
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * en-US short month, day and year, e.g. "Jan 5, 2026": what Intl.DateTimeFormat gives, written
 * out because building that formatter loads the locale's date data, which took a phone's first
 * render of the dashboard about 30 ms of main thread (and toLocaleDateString builds one per call).
 */
export function formatDate(value: string): string {
  const date = parseDate(value)
  if (Number.isNaN(date.getTime())) return value
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`
}

/** Whole days from now until the date, rounded up. Negative when past. */
export function daysUntil(value: string, now: Date = new Date()): number {
  return Math.ceil((parseDate(value).getTime() - now.getTime()) / DAY_MS)
}

/** First letters of two names in uppercase; one name doubles its letter; none gives 'N/A'. */
export function getInitials(firstName?: string | null, lastName?: string | null): string {
  const first = firstName?.trim().charAt(0) ?? ''
  const last = lastName?.trim().charAt(0) ?? ''
  if (!first && !last) return 'N/A'
  return (first && last ? first + last : (first || last).repeat(2)).toUpperCase()
}

/** "performance_improvement" → "Performance Improvement". */
export function humanize(value: string): string {
  return value
    .split(/[_\s-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** A file size for people: bytes below 1 KB, then KB, then MB with one decimal. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

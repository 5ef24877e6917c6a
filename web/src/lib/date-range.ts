import type { z } from 'zod'

/** The calendar days the server accepts in every date field (it refuses others with the same message). */
export const EARLIEST_DAY = '1900-01-01'
export const LATEST_DAY = '2100-12-31'

/** Today as YYYY-MM-DD in the person's own time zone: the day a date field shows as today. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** min/max for every `<input type="date">`, so its picker offers only those days. */
export const DAY_INPUT_RANGE = { min: EARLIEST_DAY, max: LATEST_DAY } as const

/** The server's field message, e.g. 'Start date must be between 1900-01-01 and 2100-12-31'. */
export function dayRangeMessage(label: string): string {
  return `${label} must be between ${EARLIEST_DAY} and ${LATEST_DAY}`
}

/**
 * False only for a day written YYYY-MM-DD (a time after it allowed) outside the range. Blank and
 * malformed values pass: the field's own rules answer those ('Date is required', 'Invalid ...').
 * A year of more than four digits (a date input lets one be typed) is out of range too.
 */
export function isDayInRange(value: string): boolean {
  const text = value.trim()
  const year = /^(\d+)-\d{2}-\d{2}(?:$|T)/.exec(text)?.[1]
  if (year === undefined) return true
  if (year.length !== 4) return false
  const day = text.slice(0, 10)
  return day >= EARLIEST_DAY && day <= LATEST_DAY
}

/** A form's date field with the range check added: `withinDayRange(z.string(), 'Due date')`. */
export function withinDayRange<T extends z.ZodType<string>>(schema: T, label: string): T {
  return schema.refine(isDayInRange, dayRangeMessage(label))
}

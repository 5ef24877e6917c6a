/**
 * Certification dates without I/O: the display status and validity arithmetic.
 * The twin of api/certifications/status.py; both are tested at the 0, 30, 31, 90 and 91 day
 * edges. Dates are YYYY-MM-DD calendar days; "today" is the browser's local date.
 */

export const CERTIFICATION_STATUSES = ['no_expiry', 'expired', 'expiring', 'warning', 'active'] as const
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number]

/** Days before expiry at which a certification counts as expiring (30) and as a warning (90). */
export const EXPIRING_DAYS = 30
export const WARNING_DAYS = 90

export interface DisplayStatus {
  status: CertificationStatus
  daysUntilExpiry: number | null
  label: string
}

const DAY_MS = 24 * 60 * 60 * 1000

/** A calendar day as a whole number of days, free of time zones and daylight saving. */
function dayNumber(year: number, monthIndex: number, day: number): number {
  return Math.round(Date.UTC(year, monthIndex, day) / DAY_MS)
}

function parseDay(value: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value)
  if (!match) return NaN
  return dayNumber(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
}

/** Whole calendar days from `today` to the expiration date; negative once past. */
export function daysUntilExpiry(expirationDate: string, today: Date = new Date()): number {
  return parseDay(expirationDate) - dayNumber(today.getFullYear(), today.getMonth(), today.getDate())
}

export function statusLabel(status: CertificationStatus, days: number | null): string {
  switch (status) {
    case 'no_expiry':
      return 'No Expiry'
    case 'expired':
      return 'Expired'
    case 'expiring':
      return days === 1 ? 'Expires in 1 day' : `Expires in ${days} days`
    case 'warning':
      return 'Warning'
    case 'active':
      return 'Active'
  }
}

/** No expiration: No Expiry; below 0 days: expired; up to 30: expiring; up to 90: warning. */
export function displayStatus(expirationDate: string | null | undefined, today: Date = new Date()): DisplayStatus {
  if (!expirationDate) return { status: 'no_expiry', daysUntilExpiry: null, label: statusLabel('no_expiry', null) }
  const days = daysUntilExpiry(expirationDate, today)
  const status: CertificationStatus =
    days < 0 ? 'expired' : days <= EXPIRING_DAYS ? 'expiring' : days <= WARNING_DAYS ? 'warning' : 'active'
  return { status, daysUntilExpiry: days, label: statusLabel(status, days) }
}

/** Expiring soon means expiration within 1 to 30 days. */
export function isExpiringSoon(expirationDate: string | null | undefined, today: Date = new Date()): boolean {
  if (!expirationDate) return false
  const days = daysUntilExpiry(expirationDate, today)
  return days >= 1 && days <= EXPIRING_DAYS
}

/** A YYYY-MM-DD date plus whole months; a day past the month's end is clamped (Jan 31 + 1 → Feb 28). */
export function addMonths(start: string, months: number): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(start)
  if (!match) return ''
  const index = Number(match[2]) - 1 + months
  const year = Number(match[1]) + Math.floor(index / 12)
  const month = ((index % 12) + 12) % 12
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const day = Math.min(Number(match[3]), lastDay)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${String(year).padStart(4, '0')}-${pad(month + 1)}-${pad(day)}`
}

/** Filter and summary names of each status (the badge shows `label`). */
export const STATUS_NAMES: Record<CertificationStatus, string> = {
  active: 'Active',
  warning: 'Warning',
  expiring: 'Expiring Soon',
  expired: 'Expired',
  no_expiry: 'No Expiry',
}

import { describe, expect, it } from 'vitest'
import { localToday } from '@/lib/date-range'
import { addMonths, daysUntilExpiry, displayStatus, isExpiringSoon } from './certification-status'

const TODAY = new Date(2026, 2, 15, 23, 30) // Mar 15, 2026, late evening local time

function inDays(n: number): string {
  const d = new Date(2026, 2, 15 + n)
  return localToday(d)
}

describe('displayStatus', () => {
  it('is No Expiry without an expiration date', () => {
    expect(displayStatus(null, TODAY)).toEqual({ status: 'no_expiry', daysUntilExpiry: null, label: 'No Expiry' })
    expect(displayStatus('', TODAY).status).toBe('no_expiry')
  })

  it.each([
    [-365, 'expired', 'Expired'],
    [-1, 'expired', 'Expired'],
    [0, 'expiring', 'Expires in 0 days'],
    [1, 'expiring', 'Expires in 1 day'],
    [30, 'expiring', 'Expires in 30 days'],
    [31, 'warning', 'Warning'],
    [90, 'warning', 'Warning'],
    [91, 'active', 'Active'],
    [3650, 'active', 'Active'],
  ] as const)('at %i days is %s (%s)', (days, status, label) => {
    expect(displayStatus(inDays(days), TODAY)).toEqual({ status, daysUntilExpiry: days, label })
  })

  it('counts calendar days across a daylight-saving change and ignores the time of day', () => {
    const beforeDst = new Date(2026, 2, 28, 0, 5)
    expect(daysUntilExpiry('2026-03-30', beforeDst)).toBe(2)
    expect(daysUntilExpiry('2026-03-15', TODAY)).toBe(0)
    expect(daysUntilExpiry('2026-03-15T00:00:00Z', TODAY)).toBe(0)
  })
})

describe('isExpiringSoon', () => {
  it('means 1 to 30 days', () => {
    expect([-1, 0, 1, 30, 31].map((d) => isExpiringSoon(inDays(d), TODAY))).toEqual([false, false, true, true, false])
    expect(isExpiringSoon(null, TODAY)).toBe(false)
  })
})

describe('addMonths', () => {
  it.each([
    ['2026-01-15', 12, '2027-01-15'],
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2026-12-01', 120, '2036-12-01'],
  ] as const)('%s + %i months = %s', (start, months, expected) => {
    expect(addMonths(start, months)).toBe(expected)
  })
})

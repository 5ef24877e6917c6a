import { describe, expect, it } from 'vitest'
import { z } from '@/lib/zod'
import { DAY_INPUT_RANGE, dayRangeMessage, isDayInRange, withinDayRange } from './date-range'

describe('isDayInRange', () => {
  it('accepts the first and last days and those between', () => {
    for (const day of ['1900-01-01', '2026-05-17', '2100-12-31', '2100-12-31T00:00:00.000Z']) {
      expect(isDayInRange(day)).toBe(true)
    }
  })

  it('refuses days before 1900 and after 2100, also with a year of other than four digits', () => {
    for (const day of ['1899-12-31', '2101-01-01', '9999-12-31', '0001-01-01', '10000-01-01', '275760-09-13']) {
      expect(isDayInRange(day)).toBe(false)
    }
  })

  it('leaves blank and malformed values to the field’s own rules', () => {
    for (const value of ['', '  ', 'soon', '31/12/9999']) expect(isDayInRange(value)).toBe(true)
  })
})

describe('withinDayRange', () => {
  const schema = z.object({ startDate: withinDayRange(z.string().trim(), 'Start date') })

  it('gives the server’s message for the field', () => {
    const result = schema.safeParse({ startDate: '9999-12-31' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['startDate'], message: 'Start date must be between 1900-01-01 and 2100-12-31' }),
    ])
    expect(schema.safeParse({ startDate: '1899-12-31' }).success).toBe(false)
  })

  it('lets the ends of the range through', () => {
    expect(schema.safeParse({ startDate: '1900-01-01' }).success).toBe(true)
    expect(schema.safeParse({ startDate: '2100-12-31' }).success).toBe(true)
  })

  it('matches the date inputs’ bounds', () => {
    expect(DAY_INPUT_RANGE).toEqual({ min: '1900-01-01', max: '2100-12-31' })
    expect(dayRangeMessage('Due date')).toBe('Due date must be between 1900-01-01 and 2100-12-31')
  })
})

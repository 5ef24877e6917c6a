import { describe, expect, it } from 'vitest'
import { daysUntil, formatDate, formatSize, getInitials, humanize } from './format'

describe('getInitials', () => {
  it('takes the first letters of two names in uppercase', () => {
    expect(getInitials('ada', 'lovelace')).toBe('AL')
  })
  it('doubles the letter of a single name', () => {
    expect(getInitials('Cher', '')).toBe('CC')
    expect(getInitials(null, 'Prince')).toBe('PP')
  })
  it("gives 'N/A' without names", () => {
    expect(getInitials('', undefined)).toBe('N/A')
  })
})

describe('dates', () => {
  it('formats en-US short month, day and year without shifting date-only values', () => {
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026')
  })
  it("reads the same as the browser's en-US formatter on every day of two years, times included", () => {
    const intl = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' })
    for (let day = new Date(2027, 0, 1); day.getFullYear() < 2029; day.setDate(day.getDate() + 1)) {
      const dateOnly = `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`
      expect(formatDate(dateOnly)).toBe(intl.format(day))
      const moment = new Date(day.getTime() + 13.5 * 3600 * 1000).toISOString()
      expect(formatDate(moment)).toBe(intl.format(new Date(moment)))
    }
  })
  it('gives back what is not a date', () => {
    expect(formatDate('not a date')).toBe('not a date')
  })
  it('rounds the remaining days up', () => {
    const now = new Date(2026, 0, 1, 12, 0)
    expect(daysUntil('2026-01-02', now)).toBe(1)
    expect(daysUntil('2026-01-01', now) === 0).toBe(true) // due today is not overdue
    expect(daysUntil('2025-12-31', now)).toBe(-1)
  })
})

describe('humanize', () => {
  it('turns slugs into words', () => {
    expect(humanize('performance_improvement')).toBe('Performance Improvement')
    expect(humanize('human-resources')).toBe('Human Resources')
  })
})

describe('formatSize', () => {
  it('counts bytes, then kilobytes and megabytes with one decimal', () => {
    expect(formatSize(1023)).toBe('1023 B')
    expect(formatSize(1536)).toBe('1.5 KB')
    expect(formatSize(5 * 1024 * 1024)).toBe('5.0 MB')
  })
})

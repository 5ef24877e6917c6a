import { describe, expect, it } from 'vitest'
import type { Cycle } from '../api/cycles'
import { doneText, nudgedText, populationText, stagesOf } from './labels'
import { toggle, toggleAll } from './selection'

const population = (over: Partial<Cycle['population']>): Cycle['population'] => ({
  kind: 'everyone',
  departmentIds: [],
  employeeIds: [],
  startFrom: null,
  startTo: null,
  ...over,
})

describe('cycle labels', () => {
  it('says who is in a cycle', () => {
    const names = new Map([
      [1, 'Sales'],
      [2, 'Engineering'],
    ])
    expect(populationText(population({}))).toBe('Everyone')
    expect(populationText(population({ kind: 'departments', departmentIds: [1, 2] }), names)).toBe('Sales, Engineering')
    expect(populationText(population({ kind: 'departments', departmentIds: [1, 2, 3, 4] }), names)).toBe('4 departments')
    expect(populationText(population({ kind: 'employees', employeeIds: [4] }))).toBe('1 chosen employee')
    expect(populationText(population({ kind: 'start_dates', startFrom: '2025-01-01', startTo: '2025-03-31' }))).toBe(
      'Started 2025-01-01 to 2025-03-31',
    )
    expect(populationText(population({ kind: 'start_dates', startTo: '2025-03-31' }))).toBe('Started on or before 2025-03-31')
  })

  it('lists the stages a cycle has, in order', () => {
    const dates = { selfDue: '2026-03-01', feedbackDue: null, reviewDue: '2026-03-30', acknowledgeDue: '2026-04-10' }
    expect(stagesOf(dates).map((s) => s.label)).toEqual(['Self-review', 'Review', 'Acknowledgement'])
  })

  it('puts figures in words', () => {
    expect(doneText(0, 0)).toBe('No reviews yet')
    expect(doneText(1234, 4000)).toBe('1,234 of 4,000 done (31%)')
    expect(nudgedText(1)).toBe('1 person told')
    expect(nudgedText(12)).toBe('12 people told')
    expect(nudgedText(0)).toMatch(/^Nobody to tell/)
  })

  it('ticks rows one by one, or every row shown at once', () => {
    expect([...toggle(new Set([1]), 2)]).toEqual([1, 2])
    expect([...toggle(new Set([1, 2]), 1)]).toEqual([2])
    expect([...toggleAll(new Set([9]), [1, 2])].sort()).toEqual([1, 2, 9])
    expect([...toggleAll(new Set([1, 2, 9]), [1, 2])]).toEqual([9])
  })
})

import { describe, expect, it } from 'vitest'
import type { Cycle } from '../api/cycles'
import { bodyOf, emptyForm, formFromCycle, problemsOf, selfReviewTemplateId, type CycleForm } from './cycle-form'

const TODAY = new Date(2026, 2, 2)

const valid = (over: Partial<CycleForm> = {}): CycleForm => ({ ...emptyForm(TODAY), name: 'Spring 2026', templateId: '3', ...over })

describe('cycle form', () => {
  it('starts with everyone, a self-review in two weeks and the review in four', () => {
    const form = emptyForm(TODAY)
    expect([form.kind, form.withSelf, form.selfDue, form.reviewDue]).toEqual(['everyone', true, '2026-03-16', '2026-03-30'])
    expect([form.withFeedback, form.withAcknowledge]).toEqual([false, false])
  })

  it('finds the Self-Review template by its name, else none', () => {
    const standard = { id: 1, name: 'Standard Performance Review' }
    expect(selfReviewTemplateId([standard, { id: 5, name: 'Self-Review' }])).toBe('5')
    expect(selfReviewTemplateId([standard, { id: 6, name: ' self-review ' }])).toBe('6')
    expect(selfReviewTemplateId([standard, { id: 7, name: 'Self-Review (Copy)' }])).toBe('')
    expect(selfReviewTemplateId([])).toBe('')
  })

  it('sends the stages switched on with their dates, the others without one', () => {
    const body = bodyOf(valid({ withAcknowledge: true, acknowledgeDue: '2026-04-15', selfTemplateId: '4' }))
    expect(body).toEqual({
      name: 'Spring 2026',
      reviewType: 'annual',
      templateId: 3,
      selfTemplateId: 4,
      population: { kind: 'everyone', departmentIds: [], employeeIds: [] },
      selfDue: '2026-03-16',
      feedbackDue: null,
      reviewDue: '2026-03-30',
      acknowledgeDue: '2026-04-15',
    })
    expect(bodyOf(valid({ withSelf: false, selfTemplateId: '4' })).selfTemplateId).toBeNull()
  })

  it('sends only what the chosen population uses', () => {
    const chosen = { departmentIds: [1, 2], employeeIds: [7], startFrom: '2025-01-01', startTo: '' }
    expect(bodyOf(valid({ ...chosen, kind: 'departments' })).population).toEqual({ kind: 'departments', departmentIds: [1, 2], employeeIds: [] })
    expect(bodyOf(valid({ ...chosen, kind: 'employees' })).population).toEqual({ kind: 'employees', departmentIds: [], employeeIds: [7] })
    expect(bodyOf(valid({ ...chosen, kind: 'start_dates' })).population).toEqual({
      kind: 'start_dates',
      departmentIds: [],
      employeeIds: [],
      startFrom: '2025-01-01',
      startTo: null,
    })
  })

  it('says, as the server does, which dates are out of order', () => {
    expect(problemsOf(valid())).toEqual({})
    expect(problemsOf(valid({ selfDue: '2026-03-31' })).selfDue).toBe('The self-review must be due on or before the review')
    expect(problemsOf(valid({ withFeedback: true, feedbackDue: '2026-04-01' })).feedbackDue).toBe(
      'Feedback must be due on or before the review',
    )
    expect(problemsOf(valid({ withAcknowledge: true, acknowledgeDue: '2026-03-29' })).acknowledgeDue).toBe(
      'The acknowledgement must be due on or after the review',
    )
    // A stage switched off is not checked.
    expect(problemsOf(valid({ withSelf: false, selfDue: '2027-01-01' }))).toEqual({})
  })

  it('asks for a name, a template and someone in the cycle', () => {
    expect(problemsOf(valid({ name: ' x ', templateId: '' }))).toEqual({
      name: 'The name must be 3 to 100 characters long',
      templateId: 'Choose a template',
    })
    expect(problemsOf(valid({ kind: 'departments' })).departmentIds).toBe('Choose at least one department')
    expect(problemsOf(valid({ kind: 'employees' })).employeeIds).toBe('Choose at least one employee')
    expect(problemsOf(valid({ kind: 'start_dates' })).startFrom).toBe('Give the first start date, the last, or both')
    expect(problemsOf(valid({ kind: 'start_dates', startFrom: '2025-02-01', startTo: '2025-01-01' })).startTo).toBe(
      'The first start date must be on or before the last',
    )
  })

  it('shows a draft again as it was saved', () => {
    const cycle = {
      id: 5,
      name: 'Probation ends',
      reviewType: 'probation',
      templateId: 3,
      templateName: 'T',
      selfTemplateId: null,
      population: { kind: 'start_dates', departmentIds: [], employeeIds: [], startFrom: '2025-09-01', startTo: '2025-12-01' },
      selfDue: null,
      feedbackDue: '2026-03-20',
      reviewDue: '2026-03-30',
      acknowledgeDue: null,
      status: 'draft',
    } as unknown as Cycle
    const body = bodyOf(formFromCycle(cycle, TODAY))
    expect(body).toEqual({
      name: 'Probation ends',
      reviewType: 'probation',
      templateId: 3,
      selfTemplateId: null,
      population: cycle.population,
      selfDue: null,
      feedbackDue: '2026-03-20',
      reviewDue: '2026-03-30',
      acknowledgeDue: null,
    })
  })
})

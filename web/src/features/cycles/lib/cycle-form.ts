import type { Cycle, CycleBody } from '../api/cycles'

export type PopulationKind = Cycle['population']['kind']

/** The New cycle form as typed: text for every field, the optional stages switched on or off. */
export interface CycleForm {
  name: string
  reviewType: CycleBody['reviewType']
  templateId: string
  selfTemplateId: string
  kind: PopulationKind
  departmentIds: number[]
  employeeIds: number[]
  startFrom: string
  startTo: string
  withSelf: boolean
  selfDue: string
  withFeedback: boolean
  feedbackDue: string
  reviewDue: string
  withAcknowledge: boolean
  acknowledgeDue: string
}

export type FormProblems = Partial<Record<keyof CycleForm, string>>

function addDays(day: Date, days: number): string {
  const next = new Date(day)
  next.setDate(next.getDate() + days)
  return next.toLocaleDateString('en-CA')
}

/** A new cycle: everyone, the self-review in two weeks and the review in four. */
export function emptyForm(today = new Date()): CycleForm {
  return {
    name: '',
    reviewType: 'annual',
    templateId: '',
    selfTemplateId: '',
    kind: 'everyone',
    departmentIds: [],
    employeeIds: [],
    startFrom: '',
    startTo: '',
    withSelf: true,
    selfDue: addDays(today, 14),
    withFeedback: false,
    feedbackDue: addDays(today, 21),
    reviewDue: addDays(today, 28),
    withAcknowledge: false,
    acknowledgeDue: addDays(today, 42),
  }
}

/** The name of the template new organisations get for the employee's own questions. */
export const SELF_REVIEW_TEMPLATE = 'Self-Review'

/**
 * The self-review questions a new cycle starts with: the template named Self-Review when there
 * is one (the review's own template asks the manager about "this person"), else none.
 */
export function selfReviewTemplateId(templates: readonly { id: number; name: string }[]): string {
  const found = templates.find((t) => t.name.trim().toLowerCase() === SELF_REVIEW_TEMPLATE.toLowerCase())
  return found ? String(found.id) : ''
}

/** A draft as the form shows it again, to change it. */
export function formFromCycle(cycle: Cycle, today = new Date()): CycleForm {
  const blank = emptyForm(today)
  const { population } = cycle
  return {
    ...blank,
    name: cycle.name,
    reviewType: cycle.reviewType as CycleForm['reviewType'],
    templateId: String(cycle.templateId),
    selfTemplateId: cycle.selfTemplateId ? String(cycle.selfTemplateId) : '',
    kind: population.kind,
    departmentIds: population.departmentIds ?? [],
    employeeIds: population.employeeIds ?? [],
    startFrom: population.startFrom ?? '',
    startTo: population.startTo ?? '',
    withSelf: cycle.selfDue !== null,
    selfDue: cycle.selfDue ?? blank.selfDue,
    withFeedback: cycle.feedbackDue !== null,
    feedbackDue: cycle.feedbackDue ?? blank.feedbackDue,
    reviewDue: cycle.reviewDue,
    withAcknowledge: cycle.acknowledgeDue !== null,
    acknowledgeDue: cycle.acknowledgeDue ?? blank.acknowledgeDue,
  }
}

function populationOf(form: CycleForm): CycleBody['population'] {
  const population = { kind: form.kind, departmentIds: [] as number[], employeeIds: [] as number[] }
  if (form.kind === 'departments') return { ...population, departmentIds: form.departmentIds }
  if (form.kind === 'employees') return { ...population, employeeIds: form.employeeIds }
  if (form.kind === 'start_dates') return { ...population, startFrom: form.startFrom || null, startTo: form.startTo || null }
  return population
}

/** What POST or PUT /api/cycles is sent: stages switched off are sent without a due date. */
export function bodyOf(form: CycleForm): CycleBody {
  return {
    name: form.name.trim(),
    reviewType: form.reviewType,
    templateId: Number(form.templateId),
    selfTemplateId: form.withSelf && form.selfTemplateId ? Number(form.selfTemplateId) : null,
    population: populationOf(form),
    selfDue: form.withSelf ? form.selfDue : null,
    feedbackDue: form.withFeedback ? form.feedbackDue : null,
    reviewDue: form.reviewDue,
    acknowledgeDue: form.withAcknowledge ? form.acknowledgeDue : null,
  }
}

function populationProblems(form: CycleForm): FormProblems {
  if (form.kind === 'departments' && form.departmentIds.length === 0) return { departmentIds: 'Choose at least one department' }
  if (form.kind === 'employees' && form.employeeIds.length === 0) return { employeeIds: 'Choose at least one employee' }
  if (form.kind !== 'start_dates') return {}
  if (!form.startFrom && !form.startTo) return { startFrom: 'Give the first start date, the last, or both' }
  if (form.startFrom && form.startTo && form.startFrom > form.startTo) {
    return { startTo: 'The first start date must be on or before the last' }
  }
  return {}
}

/** The server's own rules, checked before sending so each field says what is wrong. */
export function problemsOf(form: CycleForm): FormProblems {
  const problems: FormProblems = {}
  const name = form.name.trim().replace(/\s+/g, ' ')
  if (name.length < 3 || name.length > 100) problems.name = 'The name must be 3 to 100 characters long'
  if (!form.templateId) problems.templateId = 'Choose a template'
  if (!form.reviewDue) problems.reviewDue = 'Choose when the review is due'
  const due = form.reviewDue
  if (form.withSelf && (!form.selfDue || (due && form.selfDue > due))) {
    problems.selfDue = 'The self-review must be due on or before the review'
  }
  if (form.withFeedback && (!form.feedbackDue || (due && form.feedbackDue > due))) {
    problems.feedbackDue = 'Feedback must be due on or before the review'
  }
  if (form.withAcknowledge && (!form.acknowledgeDue || (due && form.acknowledgeDue < due))) {
    problems.acknowledgeDue = 'The acknowledgement must be due on or after the review'
  }
  return { ...problems, ...populationProblems(form) }
}

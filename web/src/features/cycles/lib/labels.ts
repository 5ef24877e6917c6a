import type { Cycle, Stage } from '../api/cycles'

export const STAGES: readonly Stage[] = ['self', 'feedback', 'writing', 'sharing', 'acknowledging', 'done']

export const STAGE_LABELS: Readonly<Record<Stage, string>> = {
  self: 'Self-review',
  feedback: 'Feedback',
  writing: 'Review',
  sharing: 'To share',
  acknowledging: 'To acknowledge',
  done: 'Done',
}

export const STATUS_LABELS: Readonly<Record<Cycle['status'], string>> = {
  draft: 'Draft',
  active: 'Active',
  closed: 'Closed',
}

export const REVIEW_TYPE_LABELS: Readonly<Record<string, string>> = {
  quarterly: 'Quarterly',
  annual: 'Annual',
  probation: 'Probation',
  promotion: 'Promotion',
  performance_improvement: 'Performance improvement',
}

export type Population = Cycle['population']

/** Who is in a cycle, in words: "Everyone", "2 departments", "From 2024-01-01 to 2024-03-31". */
export function populationText(population: Population, departmentNames: ReadonlyMap<number, string> = new Map()): string {
  switch (population.kind) {
    case 'everyone':
      return 'Everyone'
    case 'departments': {
      const names = (population.departmentIds ?? []).map((id) => departmentNames.get(id) ?? `#${id}`)
      return names.length <= 3 ? names.join(', ') : `${names.length} departments`
    }
    case 'employees': {
      const count = population.employeeIds?.length ?? 0
      return count === 1 ? '1 chosen employee' : `${count} chosen employees`
    }
    case 'start_dates':
      if (population.startFrom && population.startTo) return `Started ${population.startFrom} to ${population.startTo}`
      return population.startFrom ? `Started on or after ${population.startFrom}` : `Started on or before ${population.startTo}`
  }
}

/** The stages a cycle has, in order, each with its due date (the review always). */
export function stagesOf(cycle: Pick<Cycle, 'selfDue' | 'feedbackDue' | 'reviewDue' | 'acknowledgeDue'>) {
  const found: { label: string; due: string }[] = []
  if (cycle.selfDue) found.push({ label: 'Self-review', due: cycle.selfDue })
  if (cycle.feedbackDue) found.push({ label: 'Feedback', due: cycle.feedbackDue })
  found.push({ label: 'Review', due: cycle.reviewDue })
  if (cycle.acknowledgeDue) found.push({ label: 'Acknowledgement', due: cycle.acknowledgeDue })
  return found
}

/** "4 of 10 done (40%)". */
export function doneText(done: number, total: number): string {
  if (total === 0) return 'No reviews yet'
  return `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} done (${Math.round((100 * done) / total)}%)`
}

/** What a nudge did, for its toast. */
export function nudgedText(nudged: number): string {
  if (nudged === 0) return 'Nobody to tell: everyone was already nudged today, or nobody is behind'
  return nudged === 1 ? '1 person told' : `${nudged.toLocaleString('en-US')} people told`
}

import { ArrowLeft } from 'lucide-react'
import { Link } from 'wouter'
import { PageHeader } from '@/components/layout/page-header'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useDepartments } from '@/lib/api/departments'
import { errorStatus } from '@/lib/api-client'
import { formatDate } from '@/lib/format'
import { useCycle, useCyclePreview, useCycleProgress, type Cycle } from '../api/cycles'
import { populationText, REVIEW_TYPE_LABELS, stagesOf } from '../lib/labels'
import { CycleActions } from './cycle-actions'
import { PreviewPanel } from './cycle-preview'
import { ProgressPanel } from './cycle-progress'
import { CycleReviews } from './cycle-reviews'
import { Notice, StatusBadge } from './cycles-page'

function Summary({ cycle, people }: { cycle: Cycle; people: number }) {
  const departments = useDepartments()
  const names = new Map((departments.data ?? []).map((d) => [d.id, d.name]))
  return (
    <Card className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={cycle.status} />
        <span className="text-sm text-muted-foreground">
          {REVIEW_TYPE_LABELS[cycle.reviewType] ?? cycle.reviewType} · {cycle.templateName} · {populationText(cycle.population, names)}
        </span>
      </div>
      <ol aria-label="Stages" className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {stagesOf(cycle).map((s, at) => (
          <li key={s.label}>
            <span className="text-muted-foreground">{at + 1}. {s.label}</span> due {formatDate(s.due)}
          </li>
        ))}
      </ol>
      <CycleActions cycle={cycle} people={people} />
    </Card>
  )
}

function Launched({ cycle }: { cycle: Cycle }) {
  const progress = useCycleProgress(cycle.id, true)
  if (progress.isPending) return <Spinner label="Loading the progress" />
  if (progress.isError) return <Notice>The progress could not be loaded. Please try again.</Notice>
  return (
    <>
      <ProgressPanel progress={progress.data} />
      <CycleReviews cycle={cycle} progress={progress.data} />
    </>
  )
}

function Body({ cycle }: { cycle: Cycle }) {
  const draft = cycle.status === 'draft'
  const preview = useCyclePreview(cycle.id, draft)
  const people = draft ? (preview.data?.count ?? 0) : cycle.reviewCount
  return (
    <>
      <Summary cycle={cycle} people={people} />
      {draft && preview.data && <PreviewPanel preview={preview.data} />}
      {draft && preview.isPending && <Spinner label="Loading who is in the cycle" />}
      {!draft && <Launched cycle={cycle} />}
    </>
  )
}

/** One cycle: a draft's people and reviewers before launch; then its progress and reviews. */
export default function CyclePage({ cycleId }: { cycleId: number }) {
  const cycle = useCycle(cycleId)
  return (
    <div className="flex flex-1 flex-col">
      <PageHeader title={cycle.data?.name ?? 'Review Cycle'} />
      <div className="flex flex-col gap-4 p-4 sm:p-6 lg:p-8">
        <Link href="/cycles" className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> All cycles
        </Link>
        {cycle.isPending && <Spinner label="Loading the cycle" />}
        {cycle.isError && (
          <Notice>{errorStatus(cycle.error) === 404 ? 'This cycle does not exist.' : 'The cycle could not be loaded.'}</Notice>
        )}
        {cycle.data && <Body cycle={cycle.data} />}
      </div>
    </div>
  )
}

import { useId, useState } from 'react'
import { Card } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { humanize } from '@/lib/format'
import { useAnalyticsCycles, useCycleAnalytics, type CycleAnalytics, type CycleOption } from '../api/cycle-analytics'
import { CycleCompletionChart, CycleRatingsChart, averageText } from './cycle-charts'
import { CycleCompare } from './cycle-compare'
import { ReviewerRatingsPanel } from './reviewer-ratings'

function Totals({ data }: { data: CycleAnalytics }) {
  const figures = [
    { label: 'Reviews', value: data.total },
    { label: 'Done', value: data.done, note: data.rate == null ? undefined : `${data.rate}%` },
    { label: 'Rated', value: data.rated },
    { label: 'Average Rating', value: averageText(data.average) },
  ]
  return (
    <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
      {figures.map((f) => (
        <Card key={f.label} className="p-4">
          <h3 className="text-sm font-medium text-muted-foreground">{f.label}</h3>
          <p className="text-2xl font-semibold tabular-nums">{f.value}</p>
          {f.note && <p className="text-xs text-muted-foreground">{f.note}</p>}
        </Card>
      ))}
    </div>
  )
}

function CycleFigures({ cycle, cycles }: { cycle: CycleOption; cycles: CycleOption[] }) {
  const { data, isPending, isError } = useCycleAnalytics(cycle.id)
  if (isError) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        This cycle&apos;s figures could not be loaded right now.
      </p>
    )
  }
  if (isPending) return <Skeleton className="h-80 rounded-xl" />
  return (
    <>
      <Totals data={data} />
      {data.total === 0 ? (
        <p className="text-sm text-muted-foreground">This cycle has no reviews.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <CycleCompletionChart data={data.completionByDepartment} />
          <CycleRatingsChart data={data.ratingsByDepartment} />
        </div>
      )}
      <ReviewerRatingsPanel data={data} />
      <CycleCompare cycle={cycle} cycles={cycles} />
    </>
  )
}

function CyclePicker({
  cycles,
  value,
  onChange,
}: {
  cycles: CycleOption[]
  value: number
  onChange: (id: number) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1.5 sm:w-72">
      <Label htmlFor={id}>Cycle</Label>
      <NativeSelect id={id} value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {cycles.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name} ({humanize(c.status)})
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}

/** The analytics page's 'Review cycles' section: one cycle's figures, and the change since another. */
export function CycleSection() {
  const titleId = useId()
  const cycles = useAnalyticsCycles()
  const [chosen, setChosen] = useState<number | null>(null)
  const list = cycles.data ?? []
  const cycle = list.find((c) => c.id === chosen) ?? list[0]
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            Review cycles
          </h2>
          <p className="text-sm text-muted-foreground">Completion and ratings of one cycle, and the change since another</p>
        </div>
        {cycle && <CyclePicker cycles={list} value={cycle.id} onChange={setChosen} />}
      </div>
      {cycles.isPending && <Skeleton className="h-24 rounded-xl" />}
      {cycles.isError && (
        <p role="alert" className="text-sm text-muted-foreground">
          Review cycles could not be loaded right now.
        </p>
      )}
      {cycles.isSuccess && !cycle && (
        <p className="text-sm text-muted-foreground">No review cycle has been launched yet.</p>
      )}
      {cycle && <CycleFigures key={cycle.id} cycle={cycle} cycles={list} />}
    </section>
  )
}

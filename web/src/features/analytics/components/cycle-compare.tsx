import { useId, useState } from 'react'
import { Bar, BarChart, CartesianGrid, Cell, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts'
import { Card } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Skeleton } from '@/components/ui/skeleton'
import { useCycleComparison, type CycleComparison, type CycleOption } from '../api/cycle-analytics'
import { CategoryTick, ChartPanel, axis, barsHeight } from './charts'
import { averageText } from './cycle-charts'
import { signed } from './reviewer-ratings'

const UP = '#10b981'
const DOWN = '#ef4444'

/** The earlier-launched of the two first: the change reads forwards in time. */
export function inOrder(a: CycleOption, b: CycleOption): [CycleOption, CycleOption] {
  const at = (c: CycleOption) => (c.launchedAt ? Date.parse(c.launchedAt) : Number.MAX_SAFE_INTEGER)
  return at(a) <= at(b) ? [a, b] : [b, a]
}

function Figure({ label, value, note }: { label: string; value: string | number; note?: string }) {
  return (
    <Card className="p-4">
      <h3 className="text-sm font-medium text-muted-foreground">{label}</h3>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      {note && <p className="text-xs text-muted-foreground">{note}</p>}
    </Card>
  )
}

function ChangeFigures({ data }: { data: CycleComparison }) {
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5">
      <Figure label="Rated in both" value={data.people} />
      <Figure
        label="Average change"
        value={data.averageChange == null ? '—' : signed(data.averageChange)}
        note={data.people ? `${averageText(data.averageFrom)} → ${averageText(data.averageTo)}` : undefined}
      />
      <Figure label="Improved" value={data.improved} />
      <Figure label="Same" value={data.same} />
      <Figure label="Declined" value={data.declined} />
    </div>
  )
}

/** A scale even about zero, in whole points (at least one each way), ticked every half. */
export function changeTicks(changes: number[]): number[] {
  const reach = Math.max(1, Math.ceil(Math.max(0, ...changes.map(Math.abs))))
  return Array.from({ length: 4 * reach + 1 }, (_, i) => i / 2 - reach).filter((t) => reach <= 2 || Number.isInteger(t))
}

function ChangeByDepartment({ data }: { data: CycleComparison['byDepartment'] }) {
  const ticks = changeTicks(data.map((d) => d.averageChange))
  return (
    <ChartPanel
      title="Rating Change by Department"
      description="Average change of the people rated in both cycles"
      table={{
        head: ['Department', 'People', 'From', 'To', 'Change', 'Improved', 'Same', 'Declined'],
        rows: data.map((d) => [
          d.department,
          d.people,
          averageText(d.averageFrom),
          averageText(d.averageTo),
          signed(d.averageChange),
          d.improved,
          d.same,
          d.declined,
        ]),
      }}
      height={barsHeight(data.length)}
    >
      <BarChart accessibilityLayer={false} data={data} layout="vertical" margin={{ top: 4, right: 16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.3} horizontal={false} />
        <XAxis type="number" tick={axis} domain={[ticks[0] ?? -1, ticks.at(-1) ?? 1]} ticks={ticks} />
        <YAxis type="category" dataKey="department" width={110} interval={0} tick={<CategoryTick />} />
        <ReferenceLine x={0} stroke="currentColor" />
        <Tooltip formatter={(v) => signed(Number(v))} />
        <Bar dataKey="averageChange" name="Average change" maxBarSize={28}>
          {data.map((d) => (
            <Cell key={d.department} fill={d.averageChange < 0 ? DOWN : UP} />
          ))}
        </Bar>
      </BarChart>
    </ChartPanel>
  )
}

function ComparisonResult({ from, to }: { from: CycleOption; to: CycleOption }) {
  const { data, isPending, isError } = useCycleComparison(from.id, to.id)
  if (isError) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        The comparison could not be loaded right now.
      </p>
    )
  }
  if (isPending) return <Skeleton className="h-40 rounded-xl" />
  const only = `${data.onlyFrom} rated only in ${from.name}, ${data.onlyTo} only in ${to.name}.`
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        From {from.name} to {to.name}: people rated in both. {only}
      </p>
      <ChangeFigures data={data} />
      {data.byDepartment.length > 0 && <ChangeByDepartment data={data.byDepartment} />}
    </div>
  )
}

/** "Compare with" another cycle: how the ratings of the people rated in both moved. */
export function CycleCompare({ cycle, cycles }: { cycle: CycleOption; cycles: CycleOption[] }) {
  const id = useId()
  const [otherId, setOtherId] = useState<number | null>(null)
  const others = cycles.filter((c) => c.id !== cycle.id)
  const other = others.find((c) => c.id === otherId) ?? null
  if (others.length === 0) return null
  const pair = other ? inOrder(cycle, other) : null
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <h3 id={`${id}-title`} className="text-base font-semibold">
          Change in rating
        </h3>
        <div className="flex flex-col gap-1.5 sm:w-72">
          <Label htmlFor={`${id}-with`}>Compare with</Label>
          <NativeSelect
            id={`${id}-with`}
            value={otherId ?? ''}
            onChange={(e) => setOtherId(e.target.value ? Number(e.target.value) : null)}
          >
            <option value="">Choose a cycle</option>
            {others.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {pair && <ComparisonResult from={pair[0]} to={pair[1]} />}
    </section>
  )
}
